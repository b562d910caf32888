import { Card } from "@/components/ui/card";

/** A link that no longer works, in plain words (the web server answers it with 404 or 410). */
export function LinkRefusal({ title, detail }: { title: string; detail: string }) {
  return (
    <Card>
      <h1 className="text-lg font-semibold" data-testid="connect-link-refusal">
        {title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{detail}</p>
    </Card>
  );
}

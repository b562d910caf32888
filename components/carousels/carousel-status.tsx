// A carousel's status as a badge; generation steps read as progress.
const styles: Record<string, string> = {
  queued: "bg-slate-100 text-slate-700",
  writing: "bg-amber-50 text-amber-800",
  rendering: "bg-amber-50 text-amber-800",
  completed: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-800",
};
const labels: Record<string, string> = {
  queued: "Queued",
  writing: "Writing copy… (1/2)",
  rendering: "Rendering slides… (2/2)",
  completed: "Completed",
  failed: "Failed",
};

export const isGenerating = (status: string) => status === "queued" || status === "writing" || status === "rendering";

export function CarouselStatus({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${styles[status] ?? styles.queued}`} data-testid="carousel-status">
      {labels[status] ?? status}
    </span>
  );
}

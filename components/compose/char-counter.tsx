// A live length counter in the unit the platform counts: X's weighted characters, Unicode
// characters, or UTF-16 code units (TikTok captions).
import { codePoints, xWeightedLength } from "@/server/domain/publishing/text-rules";

export type Unit = "x-weighted" | "characters" | "utf16";

export function lengthIn(unit: Unit, text: string): number {
  if (unit === "x-weighted") return xWeightedLength(text);
  if (unit === "utf16") return text.length;
  return codePoints(text);
}

export function isOver(unit: Unit, text: string, limit: number): boolean {
  return lengthIn(unit, text) > limit;
}

export function CharCounter({ label, text, limit, unit }: { label: string; text: string; limit: number; unit: Unit }) {
  const used = lengthIn(unit, text);
  const over = used > limit;
  const near = !over && used > limit * 0.9;
  return (
    <span
      data-testid={`counter-${label}`}
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs tabular-nums ${over ? "bg-red-50 font-semibold text-red-700" : near ? "bg-amber-50 text-amber-800" : "bg-slate-100 text-slate-600"}`}
      title={
        unit === "x-weighted"
          ? "Counted as X counts: links 23, emoji and CJK characters 2"
          : unit === "utf16"
            ? "UTF-16 code units: an emoji may count 2"
            : "Unicode characters"
      }
    >
      {label} {used}/{limit}
      {over ? <span className="sr-only"> (too long)</span> : null}
    </span>
  );
}

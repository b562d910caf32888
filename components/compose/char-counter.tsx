// A live length counter in the unit the platform counts: X's weighted characters, Unicode
// characters, UTF-16 code units (TikTok captions), graphemes (Bluesky) or Mastodon's count.
import { mastodonLength } from "@/server/platforms/mastodon/mastodon-text";
import { codePoints, xWeightedLength } from "@/server/domain/publishing/text-rules";
import { graphemeCount } from "@/server/text/graphemes";

export type Unit = "x-weighted" | "characters" | "utf16" | "graphemes" | "mastodon";

// Bluesky counts user-perceived characters: @atproto/api's RichText.graphemeLength is
// @atproto/lex-data's graphemeLen, a default `new Intl.Segmenter()` counting its segments. The
// same count here keeps @atproto/api (and its lexicons) out of the browser bundle.
export const graphemeLength = (text: string) => graphemeCount(text);

/** Mastodon's count also takes the content warning and the instance's weight of a link. */
export type CountOptions = { spoilerText?: string; reservedPerUrl?: number };

export function lengthIn(unit: Unit, text: string, options: CountOptions = {}): number {
  if (unit === "x-weighted") return xWeightedLength(text);
  if (unit === "utf16") return text.length;
  if (unit === "graphemes") return graphemeLength(text);
  if (unit === "mastodon") return mastodonLength(text, options.spoilerText ?? "", options.reservedPerUrl ?? 23);
  return codePoints(text);
}

export function isOver(unit: Unit, text: string, limit: number, options?: CountOptions): boolean {
  return lengthIn(unit, text, options) > limit;
}

const unitTitles: Record<Unit, string> = {
  "x-weighted": "Counted as X counts: links 23, emoji and CJK characters 2",
  utf16: "UTF-16 code units: an emoji may count 2",
  characters: "Unicode characters",
  graphemes: "Counted as Bluesky counts: characters as people see them (an emoji is 1)",
  mastodon: "Counted as Mastodon counts: each link 23, the content warning included",
};

export function CharCounter({ label, text, limit, unit, options }: { label: string; text: string; limit: number; unit: Unit; options?: CountOptions }) {
  const used = lengthIn(unit, text, options);
  const over = used > limit;
  const near = !over && used > limit * 0.9;
  return (
    <span
      data-testid={`counter-${label}`}
      data-over={over || undefined}
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs tabular-nums ${over ? "bg-red-50 font-semibold text-red-700" : near ? "bg-amber-50 text-amber-800" : "bg-slate-100 text-slate-600"}`}
      title={unitTitles[unit]}
    >
      {label} {used}/{limit}
      {over ? <span className="sr-only"> (too long)</span> : null}
    </span>
  );
}

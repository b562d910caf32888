import type { Weight } from "./fonts.ts";
import { syllables } from "./hyphenation.ts";
import { cutToFit, wrapLine, type BreakKind, type WrapOptions, type Wrapped } from "./line-break.ts";
import { measurer, type Measurer } from "./measure.ts";
import type { FontFamily } from "./types.ts";

export type TextStyle = { weight: Weight; lineHeight: number; tracking: number };
export type SizeRange = [min: number, max: number];
export type Line = { text: string; paragraphStart: boolean; breakAfter: BreakKind };
export type Block = { size: number; lineHeight: number; tracking: number; lines: Line[]; height: number };
export type FitRequest = {
  family: FontFamily;
  /** BCP 47 code of the copy: picks the hyphenation patterns. */
  language: string;
  heading: string;
  body: string;
  width: number;
  height: number;
  headingStyle: TextStyle;
  bodyStyle: TextStyle;
  headingRange: SizeRange;
  bodyRange: SizeRange;
};
export type FitResult = { heading: Block; body: Block; gap: number; height: number; truncated: boolean };

const ELLIPSIS = "…";
const PARAGRAPH_GAP = 0.6; // em of the body size
const STEPS = 64;

export function normalizeHeading(text: string): string {
  return (
    text
      .normalize("NFC")
      // eslint-disable-next-line no-control-regex -- control characters are what this strips
      .replace(/[\u0000-\u001f\u007f\s]+/g, " ")
      .trim()
  );
}

/** Keeps hard line breaks and paragraph breaks (blank lines); collapses everything else. */
export function normalizeBody(text: string): string {
  return (
    text
      .normalize("NFC")
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex -- control characters (but \n) are what this strips
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, " ")
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

type Mode = { hyphenate: boolean; cut: boolean };
type Laid = { block: Block; overflow: boolean };

/**
 * Like CSS `text-wrap: balance` for short runs: the narrowest width that keeps the same line
 * count, so a heading does not end on a lone word. Only for lines that broke at spaces.
 */
function balancedWrap(text: string, o: WrapOptions): Wrapped {
  const greedy = wrapLine(text, o);
  if (greedy.lines.length < 2 || greedy.lines.length > 4 || greedy.hyphenated || greedy.overflow) return greedy;
  const at = (maxWidth: number) => wrapLine(text, { ...o, maxWidth, hyphenate: null });
  let lo = o.maxWidth / greedy.lines.length;
  let hi = o.maxWidth;
  while (hi - lo > 2) {
    const mid = (lo + hi) / 2;
    const attempt = at(mid);
    if (attempt.lines.length === greedy.lines.length && !attempt.overflow) hi = mid;
    else lo = mid;
  }
  return at(hi);
}

function layoutBlock(text: string, req: FitRequest, style: TextStyle, size: number, mode: Mode): Laid {
  const measure = measurer(req.family, style.weight, size, style.tracking);
  const options: WrapOptions = {
    measure,
    maxWidth: req.width,
    hyphenate: mode.hyphenate ? (word) => syllables(word, req.language) : null,
    cut: mode.cut,
  };
  const lines: Line[] = [];
  let paragraphs = 0;
  let overflow = false;
  text.split(/\n\n/).forEach((paragraph, p) => {
    if (!paragraph) return;
    if (p > 0 && lines.length > 0) {
      paragraphs++;
      lines[lines.length - 1]!.breakAfter = "newline";
    }
    let first = true;
    for (const hardLine of paragraph.split("\n")) {
      if (lines.length > 0 && lines[lines.length - 1]!.breakAfter === "end") lines[lines.length - 1]!.breakAfter = "newline";
      const wrapped = balancedWrap(hardLine, options);
      overflow ||= wrapped.overflow;
      for (const line of wrapped.lines) {
        lines.push({ ...line, paragraphStart: first && p > 0 && lines.length > 0 });
        first = false;
      }
    }
  });
  const height = lines.length * size * style.lineHeight + paragraphs * size * PARAGRAPH_GAP;
  return { block: { size, lineHeight: style.lineHeight, tracking: style.tracking, lines, height }, overflow };
}

const rowHeight = (block: Block, line: Line) => block.size * block.lineHeight + (line.paragraphStart ? block.size * PARAGRAPH_GAP : 0);

/** The longest prefix of the words (or characters) of `text` that fits with an ellipsis. */
export function ellipsize(text: string, measure: Measurer, maxWidth: number): string {
  const words = text.split(" ");
  while (words.length > 1) {
    const candidate = words.join(" ").replace(/[\s,.;:–—-]+$/u, "") + ELLIPSIS;
    if (measure(candidate) <= maxWidth) return candidate;
    words.pop();
  }
  return cutToFit(words[0] ?? "", measure, maxWidth);
}

/** Cuts a block to the rows that fit in `maxHeight`, ending the last kept row with an ellipsis. */
function truncateBlock(block: Block, family: FontFamily, style: TextStyle, maxWidth: number, maxHeight: number): Block {
  const kept: Line[] = [];
  let height = 0;
  for (const line of block.lines) {
    const next = height + rowHeight(block, line);
    if (next > maxHeight) break;
    kept.push(line);
    height = next;
  }
  const last = kept[kept.length - 1];
  if (last && kept.length < block.lines.length) {
    const text = ellipsize(last.text.replace(/-$/, ""), measurer(family, style.weight, block.size, style.tracking), maxWidth);
    kept[kept.length - 1] = { ...last, text, breakAfter: "cut" };
  }
  return { ...block, lines: kept, height };
}

/** A size on the range for t in [0, 1]; below 0 it shrinks under the minimum (a word that fits nowhere else). */
const sizeAt = ([min, max]: SizeRange, t: number) => (t >= 0 ? Math.round(min + (max - min) * t) : Math.max(1, Math.round(min * (1 + t))));
const gapFor = (bodySize: number) => Math.round(bodySize * 0.9);
// How far under the minimum a block may shrink for one long word: half its minimum size.
const SHRINK_STEPS = STEPS / 2;

/**
 * Largest heading/body sizes (scaled together, so the hierarchy holds) at which both blocks
 * fit the box with every word whole. Only when no size on the range manages that are words
 * wider than the line hyphenated; a word that cannot be hyphenated shrinks the text under the
 * minimum sizes; below the minimum sizes the text is cut with an ellipsis.
 */
export function fitText(req: FitRequest): FitResult {
  const heading = normalizeHeading(req.heading);
  const body = normalizeBody(req.body);
  const at = (step: number, mode: Mode) => {
    const t = step / STEPS;
    const h = layoutBlock(heading, req, req.headingStyle, sizeAt(req.headingRange, t), mode);
    const b = layoutBlock(body, req, req.bodyStyle, sizeAt(req.bodyRange, t), mode);
    const gap = h.block.lines.length > 0 && b.block.lines.length > 0 ? gapFor(b.block.size) : 0;
    const lines = [...h.block.lines, ...b.block.lines];
    // A word cut with an ellipsis (one too long for the line even at the smallest size) is a truncation.
    const truncated = lines.some((l) => l.breakAfter === "cut");
    const fit: FitResult = { heading: h.block, body: b.block, gap, height: h.block.height + gap + b.block.height, truncated };
    const hyphens = lines.filter((l) => l.breakAfter === "hyphenation").length;
    return { fit, overflow: h.overflow || b.overflow, hyphens };
  };
  /** The largest step in [lo, hi] that passes, when `lo` passes (steps pass below some size). */
  const largest = (lo: number, hi: number, mode: Mode, passes: (a: ReturnType<typeof at>) => boolean) => {
    let best = at(lo, mode);
    if (!passes(best)) return null;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      const attempt = at(mid, mode);
      if (passes(attempt)) {
        lo = mid;
        best = attempt;
      } else hi = mid - 1;
    }
    return best;
  };
  const whole = (a: ReturnType<typeof at>) => a.fit.height <= req.height && !a.overflow;
  const unbroken = largest(0, STEPS, { hyphenate: false, cut: false }, whole);
  if (unbroken) return unbroken.fit;
  // Hyphenating: as few hyphens as the smallest size needs, at the largest size that keeps to it.
  const fewest = at(0, { hyphenate: true, cut: false }).hyphens;
  const hyphenated = largest(0, STEPS, { hyphenate: true, cut: false }, (a) => whole(a) && a.hyphens <= fewest);
  if (hyphenated) return hyphenated.fit;

  // Even the minimum sizes overflow. A word wider than the line (nothing to hyphenate at)
  // shrinks the text until it fits; then what is too tall is cut.
  let best = at(0, { hyphenate: true, cut: false });
  if (best.overflow) {
    best = largest(-SHRINK_STEPS, 0, { hyphenate: true, cut: false }, (a) => !a.overflow) ?? at(-SHRINK_STEPS, { hyphenate: true, cut: true });
    if (best.fit.height <= req.height) return best.fit;
  }
  const hasBody = best.fit.body.lines.length > 0;
  let h = best.fit.heading;
  const headingBudget = hasBody ? Math.max(req.height * 0.5, h.size * h.lineHeight) : req.height;
  if (h.height > headingBudget) h = truncateBlock(h, req.family, req.headingStyle, req.width, headingBudget);
  let b = best.fit.body;
  let gap = 0;
  if (hasBody) {
    gap = gapFor(b.size);
    b = truncateBlock(b, req.family, req.bodyStyle, req.width, req.height - h.height - gap);
    if (b.lines.length === 0) gap = 0;
  }
  return { heading: h, body: b, gap, height: h.height + gap + b.height, truncated: true };
}

import { measurer, type Measurer } from "./measure.ts";
import type { Weight } from "./fonts.ts";
import type { FontFamily } from "./types.ts";

export type TextStyle = { weight: Weight; lineHeight: number; tracking: number };
export type SizeRange = [min: number, max: number];
export type Line = { text: string; paragraphStart: boolean };
export type Block = { size: number; lineHeight: number; tracking: number; lines: Line[]; height: number };
export type FitRequest = {
  family: FontFamily;
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

/** Greedy wrapping at spaces; a word wider than the line is broken between characters. */
function wrap(text: string, measure: Measurer, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    if (!word) continue;
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    for (const ch of word) {
      if (current && measure(current + ch) > maxWidth) {
        lines.push(current);
        current = "";
      }
      current += ch;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Like CSS `text-wrap: balance` for short runs: the narrowest width that keeps
 * the same line count, so a heading does not end on a lone word.
 */
function balancedWrap(text: string, measure: Measurer, maxWidth: number): string[] {
  const greedy = wrap(text, measure, maxWidth);
  if (greedy.length < 2 || greedy.length > 4) return greedy;
  let lo = maxWidth / greedy.length;
  let hi = maxWidth;
  while (hi - lo > 2) {
    const mid = (lo + hi) / 2;
    if (wrap(text, measure, mid).length === greedy.length) hi = mid;
    else lo = mid;
  }
  return wrap(text, measure, hi);
}

function layoutBlock(text: string, family: FontFamily, style: TextStyle, size: number, maxWidth: number): Block {
  const measure = measurer(family, style.weight, size, style.tracking);
  const lines: Line[] = [];
  let paragraphs = 0;
  text.split(/\n\n/).forEach((paragraph, p) => {
    if (!paragraph) return;
    if (p > 0 && lines.length > 0) paragraphs++;
    let first = true;
    for (const hardLine of paragraph.split("\n")) {
      for (const line of balancedWrap(hardLine, measure, maxWidth)) {
        lines.push({ text: line, paragraphStart: first && p > 0 && lines.length > 0 });
        first = false;
      }
    }
  });
  const height = lines.length * size * style.lineHeight + paragraphs * size * PARAGRAPH_GAP;
  return { size, lineHeight: style.lineHeight, tracking: style.tracking, lines, height };
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
  const chars = [...(words[0] ?? "")];
  while (chars.length > 0 && measure(chars.join("") + ELLIPSIS) > maxWidth) chars.pop();
  return chars.join("") + ELLIPSIS;
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
    kept[kept.length - 1] = { ...last, text: ellipsize(last.text, measurer(family, style.weight, block.size, style.tracking), maxWidth) };
  }
  return { ...block, lines: kept, height };
}

const lerp = ([min, max]: SizeRange, t: number) => Math.round(min + (max - min) * t);
const gapFor = (bodySize: number) => Math.round(bodySize * 0.9);

/**
 * Largest heading/body sizes (scaled together, so the hierarchy holds) at
 * which both blocks fit the box; below the minimum sizes the text is cut.
 */
export function fitText(req: FitRequest): FitResult {
  const heading = normalizeHeading(req.heading);
  const body = normalizeBody(req.body);
  const at = (step: number) => {
    const t = step / STEPS;
    const h = layoutBlock(heading, req.family, req.headingStyle, lerp(req.headingRange, t), req.width);
    const b = layoutBlock(body, req.family, req.bodyStyle, lerp(req.bodyRange, t), req.width);
    const gap = h.lines.length > 0 && b.lines.length > 0 ? gapFor(b.size) : 0;
    return { heading: h, body: b, gap, height: h.height + gap + b.height, truncated: false };
  };

  let best = at(0);
  if (best.height <= req.height) {
    let lo = 0;
    let hi = STEPS;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      const attempt = at(mid);
      if (attempt.height <= req.height) {
        lo = mid;
        best = attempt;
      } else hi = mid - 1;
    }
    return best;
  }

  // Even the minimum sizes overflow: the heading may take half the box when there is body text.
  const hasBody = best.body.lines.length > 0;
  let h = best.heading;
  const headingBudget = hasBody ? Math.max(req.height * 0.5, h.size * h.lineHeight) : req.height;
  if (h.height > headingBudget) h = truncateBlock(h, req.family, req.headingStyle, req.width, headingBudget);
  let b = best.body;
  let gap = 0;
  if (hasBody) {
    gap = gapFor(b.size);
    b = truncateBlock(b, req.family, req.bodyStyle, req.width, req.height - h.height - gap);
    if (b.lines.length === 0) gap = 0;
  }
  return { heading: h, body: b, gap, height: h.height + gap + b.height, truncated: true };
}

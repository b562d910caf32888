// Line breaking for slide text. Lines break only where a reader expects it: at spaces, after a
// hyphen or dash the text already has ("long-term"), and, for a word wider than the whole line,
// at a hyphenation point with a hyphen added. Each line says how it ends so tests can check.
import type { Measurer } from "./measure.ts";

/** How a line ends: at a space, after the text's own hyphen, at an added hyphen, at a hard break, the text's end, or cut with an ellipsis. */
export type BreakKind = "space" | "hyphen" | "hyphenation" | "newline" | "end" | "cut";
export type WrappedLine = { text: string; breakAfter: BreakKind };
export type WrapOptions = {
  measure: Measurer;
  maxWidth: number;
  /** Splits a word at its hyphenation points; null: no hyphenation. */
  hyphenate: ((word: string) => string[]) | null;
  /** A piece that still does not fit is cut with an ellipsis instead of overflowing. */
  cut: boolean;
};
export type Wrapped = { lines: WrappedLine[]; overflow: boolean; hyphenated: boolean };

const ELLIPSIS = "…";
const HYPHEN = "-";

/** A word's pieces between which a line may break: after a hyphen or dash between letters. */
const piecesOf = (word: string) => word.split(/(?<=[\p{L}\p{N}][-‐–—])(?=[\p{L}\p{N}])/u);

/** The longest prefix of `text` (by character) that fits with an ellipsis. */
export function cutToFit(text: string, measure: Measurer, maxWidth: number): string {
  const chars = [...text];
  while (chars.length > 0 && measure(chars.join("") + ELLIPSIS) > maxWidth) chars.pop();
  return chars.join("") + ELLIPSIS;
}

/** Greedy wrapping of one hard line (no "\n") into lines of at most `maxWidth`. */
export function wrapLine(text: string, o: WrapOptions): Wrapped {
  const lines: WrappedLine[] = [];
  let current = "";
  let hyphenated = false;
  const push = (kind: BreakKind) => {
    lines.push({ text: current, breakAfter: kind });
    current = "";
  };
  const fits = (s: string) => o.measure(s) <= o.maxWidth;

  /** A piece wider than a whole line, on a fresh line: hyphenate it, else cut or let it overflow. */
  const placeWide = (piece: string) => {
    const parts = o.hyphenate ? o.hyphenate(piece) : [piece];
    if (parts.length > 1) {
      let line = "";
      parts.forEach((part, i) => {
        const last = i === parts.length - 1;
        if (!line || fits(line + part + (last ? "" : HYPHEN))) {
          line += part;
          return;
        }
        current = line + HYPHEN;
        push("hyphenation");
        hyphenated = true;
        line = part;
      });
      current = line;
      if (fits(current)) return;
      piece = current;
      current = "";
    }
    if (o.cut) {
      current = cutToFit(piece, o.measure, o.maxWidth);
      push("cut");
    } else current = piece;
  };

  for (const word of text.split(" ")) {
    if (!word) continue;
    piecesOf(word).forEach((piece, k) => {
      const joined = current + (k === 0 && current ? " " : "") + piece;
      if (fits(joined)) {
        current = joined;
        return;
      }
      if (current) push(k === 0 ? "space" : "hyphen");
      if (fits(piece)) current = piece;
      else placeWide(piece);
    });
  }
  if (current) push("end");
  const overflow = lines.some((l) => !fits(l.text));
  return { lines, overflow, hyphenated };
}

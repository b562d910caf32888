import { emojiImage } from "./emoji-images.ts";
import { readAdvances, type AdvanceLookup } from "./font-metrics.ts";
import { fontStack, type Weight } from "./fonts.ts";
import type { FontFamily } from "./types.ts";

// Advance widths come from the very font files satori draws with, resolved
// through the same subset order satori uses for fallback (first font that maps
// the character, else the last font's .notdef). Kerning and ligatures are left
// out; they narrow text, so sums err on the wide (safe) side, and the renderer
// double-checks drawn line widths against satori's layout.
const lookups = new Map<string, AdvanceLookup[]>();
const widths = new Map<string, Map<string, number>>();

function fontsFor(family: FontFamily, weight: Weight): AdvanceLookup[] {
  const key = `${family}:${weight}`;
  let list = lookups.get(key);
  if (!list) {
    // The fonts satori would pick for this weight: the weight's own file where a subset has one.
    const fonts = fontStack(family).fonts;
    list = fonts.filter((f) => f.weight === weight || !fonts.some((g) => g.name === f.name && g.weight === weight)).map((f) => readAdvances(f.data));
    lookups.set(key, list);
  }
  return list;
}

function tableFor(family: FontFamily, weight: Weight): Map<string, number> {
  const key = `${family}:${weight}`;
  let table = widths.get(key);
  if (!table) widths.set(key, (table = new Map()));
  return table;
}

// Code points drawn without an advance of their own: joiners, variation selectors, tags.
function zeroWidth(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return cp === 0xad || (cp >= 0x200b && cp <= 0x200f) || cp === 0x2060 || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0020 && cp <= 0xe007f);
}

/** Advance of one code point in em. */
function advance(family: FontFamily, weight: Weight, table: Map<string, number>, ch: string): number {
  let width = table.get(ch);
  if (width === undefined) {
    const fonts = fontsFor(family, weight);
    const cp = ch.codePointAt(0)!;
    width = zeroWidth(ch) ? 0 : (fonts.find((f) => f.advance(cp) !== null)?.advance(cp) ?? fonts[fonts.length - 1]!.notdef);
    table.set(ch, width);
  }
  return width;
}

// Text that may hold emoji is measured by grapheme cluster: satori draws an emoji picture as
// a square of the font size, whatever code points (ZWJ sequences, skin tones) make it up.
const MAY_HOLD_EMOJI = /\u200d|\ufe0f|[\u2190-\u2bff\u{1f000}-\u{1faff}]/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export type Measurer = (text: string) => number;

/** Width in px of a single-line run at the given size and tracking (em). */
export function measurer(family: FontFamily, weight: Weight, size: number, trackingEm: number): Measurer {
  const table = tableFor(family, weight);
  const tracking = trackingEm * size;
  const run = (text: string) => {
    let width = 0;
    for (const ch of text) width += advance(family, weight, table, ch) * size + tracking;
    return width;
  };
  return (text) => {
    if (!MAY_HOLD_EMOJI.test(text)) return run(text);
    let width = 0;
    for (const { segment } of graphemes.segment(text)) width += emojiImage(segment) ? size + tracking : run(segment);
    return width;
  };
}

/** Whether some font of the family's stack maps the code point to a glyph. */
function covered(family: FontFamily, weight: Weight, cp: number): boolean {
  return fontsFor(family, weight).some((f) => f.advance(cp) !== null);
}

/**
 * Characters of `text` that would be drawn as a missing-glyph box: no emoji picture for their
 * cluster and no font of the stack maps them. Read from the fonts' own cmap tables.
 */
export function unsupportedChars(family: FontFamily, text: string, weight: Weight = 400): string[] {
  const missing = new Set<string>();
  for (const { segment } of graphemes.segment(text.normalize("NFC"))) {
    if (emojiImage(segment)) continue;
    for (const ch of segment) {
      if (/\s/u.test(ch) || zeroWidth(ch)) continue;
      if (!covered(family, weight, ch.codePointAt(0)!)) missing.add(ch);
    }
  }
  return [...missing];
}

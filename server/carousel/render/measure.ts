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
    list = fontStack(family)
      .fonts.filter((f) => f.weight === weight)
      .map((f) => readAdvances(f.data));
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

/** Advance of one code point in em. */
function advance(family: FontFamily, weight: Weight, table: Map<string, number>, ch: string): number {
  let width = table.get(ch);
  if (width === undefined) {
    const fonts = fontsFor(family, weight);
    const cp = ch.codePointAt(0)!;
    width = fonts.find((f) => f.advance(cp) !== null)?.advance(cp) ?? fonts[fonts.length - 1]!.notdef;
    table.set(ch, width);
  }
  return width;
}

export type Measurer = (text: string) => number;

/** Width in px of a single-line run at the given size and tracking (em). */
export function measurer(family: FontFamily, weight: Weight, size: number, trackingEm: number): Measurer {
  const table = tableFor(family, weight);
  const tracking = trackingEm * size;
  return (text) => {
    let width = 0;
    for (const ch of text) width += advance(family, weight, table, ch) * size + tracking;
    return width;
  };
}

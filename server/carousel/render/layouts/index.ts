import { boldLeft } from "./bold-left.ts";
import { card } from "./card.ts";
import { centered } from "./centered.ts";
import { editorial } from "./editorial.ts";
import type { Layout } from "./shared.ts";
import { split } from "./split.ts";

export const LAYOUTS: Record<string, Layout> = Object.fromEntries([boldLeft, centered, split, card, editorial].map((layout) => [layout.key, layout]));

export function layoutFor(key: string): Layout {
  const layout = LAYOUTS[key];
  if (!layout) throw new TypeError(`Unknown layout "${key}"; expected one of ${Object.keys(LAYOUTS).join(", ")}`);
  return layout;
}

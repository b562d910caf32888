import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { projectRoot } from "../../env.ts";
import type { FontFamily } from "./types.ts";

export type Weight = 400 | 700;
export type SatoriFont = { name: string; data: Buffer; weight: Weight; style: "normal" };

type Subset = { pkg: string; file: string; subset: string };

const PACKAGES: Record<FontFamily, string> = {
  inter: "inter",
  playfair: "playfair-display",
  "space-grotesk": "space-grotesk",
};

const OWN_SUBSETS: Record<FontFamily, string[]> = {
  inter: ["latin", "latin-ext", "vietnamese", "cyrillic", "cyrillic-ext", "greek", "greek-ext"],
  playfair: ["latin", "latin-ext", "vietnamese", "cyrillic"],
  "space-grotesk": ["latin", "latin-ext", "vietnamese"],
};

// Scripts a family does not ship fall back to Inter so that copy never shows .notdef boxes.
const INTER_FALLBACK: Record<FontFamily, string[]> = {
  inter: [],
  playfair: ["cyrillic-ext", "greek", "greek-ext"],
  "space-grotesk": ["cyrillic", "cyrillic-ext", "greek", "greek-ext"],
};

// Resolved at run time from where the process runs: a bundler (Next's, for the dashboard's
// re-render) must not try to trace or bundle the font packages' files.
const packageDir = (pkg: string) =>
  createRequire(path.join(projectRoot(), "package.json"))
    .resolve(["@fontsource", pkg, "LICENSE"].join("/"))
    .replace(/LICENSE$/, "");

function subsetsOf(family: FontFamily): Subset[] {
  const own = OWN_SUBSETS[family].map((subset) => ({ pkg: PACKAGES[family], file: PACKAGES[family], subset }));
  const fallback = INTER_FALLBACK[family].map((subset) => ({ pkg: "inter", file: "inter", subset }));
  return [...own, ...fallback];
}

const fileCache = new Map<string, Buffer>();
function fontFile(s: Subset, weight: Weight): Buffer {
  const file = path.join(packageDir(s.pkg), "files", `${s.file}-${s.subset}-${weight}-normal.woff`);
  let data = fileCache.get(file);
  if (!data) {
    data = readFileSync(file);
    fileCache.set(file, data);
  }
  return data;
}

export type FontStack = { family: FontFamily; css: string; fonts: SatoriFont[] };

// One stable array per family: satori caches its parsed-font loader by array contents.
const stacks = new Map<FontFamily, FontStack>();

export function fontStack(family: FontFamily): FontStack {
  const cached = stacks.get(family);
  if (cached) return cached;
  if (!(family in PACKAGES)) throw new TypeError(`Unknown font family: ${String(family)}`);
  const subsets = subsetsOf(family);
  const names = subsets.map((s) => `${s.file}-${s.subset}`);
  const fonts = subsets.flatMap((s, i) =>
    ([400, 700] as const).map((weight) => ({ name: names[i]!, data: fontFile(s, weight), weight, style: "normal" as const })),
  );
  const stack = { family, css: names.join(", "), fonts };
  stacks.set(family, stack);
  return stack;
}

type Range = [number, number];
const coverage = new Map<FontFamily, Range[]>();

function rangesOf(family: FontFamily): Range[] {
  const cached = coverage.get(family);
  if (cached) return cached;
  const ranges: Range[] = [];
  for (const s of subsetsOf(family)) {
    const table = JSON.parse(readFileSync(path.join(packageDir(s.pkg), "unicode.json"), "utf8")) as Record<string, string>;
    for (const part of (table[s.subset] ?? "").split(",")) {
      const [lo, hi] = part.replace(/U\+/g, "").split("-");
      if (lo) ranges.push([parseInt(lo, 16), parseInt(hi ?? lo, 16)]);
    }
  }
  coverage.set(family, ranges);
  return ranges;
}

/** Characters of `text` that no loaded subset of the family covers (they would render as boxes). */
export function unsupportedChars(family: FontFamily, text: string): string[] {
  const ranges = rangesOf(family);
  const missing = new Set<string>();
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (cp === 10 || cp === 32) continue;
    if (!ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) missing.add(ch);
  }
  return [...missing];
}

/** The fontsource subsets each family renders with (fallbacks borrowed from Inter marked). */
export const fontSubsets: Record<FontFamily, string[]> = {
  inter: OWN_SUBSETS.inter,
  playfair: [...OWN_SUBSETS.playfair, ...INTER_FALLBACK.playfair.map((s) => `${s} (Inter)`)],
  "space-grotesk": [...OWN_SUBSETS["space-grotesk"], ...INTER_FALLBACK["space-grotesk"].map((s) => `${s} (Inter)`)],
};

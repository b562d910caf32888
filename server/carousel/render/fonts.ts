import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { projectRoot } from "../../env.ts";
import type { FontFamily } from "./types.ts";

export type Weight = 400 | 700;
export type SatoriFont = { name: string; data: Buffer; weight: Weight; style: "normal" };

/** One fontsource file set: `files/<file>-<subset>-<weight>-normal.woff`; `weights` are those it ships. */
type Subset = { pkg: string; file: string; subset: string; weights: readonly Weight[] };

const BOTH: readonly Weight[] = [400, 700];
const REGULAR: readonly Weight[] = [400];

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

// Scripts a family does not ship fall back to Inter, the closest match of the three.
const INTER_FALLBACK: Record<FontFamily, string[]> = {
  inter: [],
  playfair: ["cyrillic-ext", "greek", "greek-ext"],
  "space-grotesk": ["cyrillic", "cyrillic-ext", "greek", "greek-ext"],
};

const noto = (pkg: string, subsets: string[], weights: readonly Weight[]): Subset[] => subsets.map((subset) => ({ pkg, file: pkg, subset, weights }));

// Behind every family, in this order (satori takes the first font that maps a character):
// Noto Sans for the characters of its scripts the family lacks (and Devanagari), Noto Sans Math
// for arrows and operators (→ ⇒ ≤), Noto Sans Symbols 2 for dingbats and shapes (✓ ★ ➜), and
// the outline Noto Emoji for emoji that have no colour picture (flags, the newest ones).
const NOTO_FALLBACK: Subset[] = [
  ...noto("noto-sans", ["latin", "latin-ext", "vietnamese", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "devanagari"], BOTH),
  ...noto("noto-sans-math", ["latin"], REGULAR),
  ...noto("noto-sans-symbols-2", ["symbols", "math"], REGULAR),
  ...noto("noto-emoji", ["emoji"], REGULAR),
];

// Resolved at run time from where the process runs: a bundler (Next's, for the dashboard's
// re-render) must not try to trace or bundle the font packages' files.
export const packageDir = (pkg: string, probe = "LICENSE") =>
  createRequire(path.join(projectRoot(), "package.json")).resolve([pkg, probe].join("/")).slice(0, -probe.length);

function subsetsOf(family: FontFamily): Subset[] {
  const own = OWN_SUBSETS[family].map((subset) => ({ pkg: PACKAGES[family], file: PACKAGES[family], subset, weights: BOTH }));
  const inter = INTER_FALLBACK[family].map((subset) => ({ pkg: "inter", file: "inter", subset, weights: BOTH }));
  return [...own, ...inter, ...NOTO_FALLBACK];
}

const fileCache = new Map<string, Buffer>();
function fontFile(s: Subset, weight: Weight): Buffer {
  const file = path.join(packageDir(`@fontsource/${s.pkg}`), "files", `${s.file}-${s.subset}-${weight}-normal.woff`);
  let data = fileCache.get(file);
  if (!data) {
    data = readFileSync(file);
    fileCache.set(file, data);
  }
  return data;
}

export type FontStack = { family: FontFamily; css: string; fonts: SatoriFont[] };

// One stable array per family: satori caches its parsed-font loader by array contents, so the
// files are read and parsed once per process.
const stacks = new Map<FontFamily, FontStack>();

export function fontStack(family: FontFamily): FontStack {
  const cached = stacks.get(family);
  if (cached) return cached;
  if (!(family in PACKAGES)) throw new TypeError(`Unknown font family: ${String(family)}`);
  const subsets = subsetsOf(family);
  const names = subsets.map((s) => `${s.file}-${s.subset}`);
  // A fallback that ships one weight is given once: satori draws bold text with it too (a
  // regular arrow in a bold heading beats a box), and each font given costs parse time.
  const fonts = subsets.flatMap((s, i) => s.weights.map((weight) => ({ name: names[i]!, data: fontFile(s, weight), weight, style: "normal" as const })));
  const stack = { family, css: names.join(", "), fonts };
  stacks.set(family, stack);
  return stack;
}

/** The fontsource subsets each family renders with, in fallback order (borrowed ones marked). */
export const fontSubsets: Record<FontFamily, string[]> = Object.fromEntries(
  (Object.keys(PACKAGES) as FontFamily[]).map((family) => [
    family,
    subsetsOf(family).map((s) => (s.pkg === PACKAGES[family] ? s.subset : `${s.subset} (${s.pkg})`)),
  ]),
) as Record<FontFamily, string[]>;

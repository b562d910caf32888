import type { BrandMark, Palette } from "./types.ts";

type Rgb = [number, number, number];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === "string" && HEX.test(value.trim());
}

function toRgb(hex: string): Rgb {
  const m = HEX.exec(hex.trim());
  if (!m?.[1]) throw new TypeError(`Not a hex colour: ${hex}`);
  const digits = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return (
    "#" +
    rgb
      .map((c) =>
        Math.round(Math.min(255, Math.max(0, c)))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

/** #rgb or #RRGGBB as #rrggbb; throws on anything else. */
const normalize = (hex: string) => toHex(toRgb(hex));

/** `a` blended towards `b` by `t` (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * t) as Rgb);
}

function luminance(hex: string): number {
  const lin = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The most readable of the candidates on `surface`, falling back to black/white. */
export function inkOn(surface: string, candidates: string[]): string {
  const best = [...candidates].sort((p, q) => contrast(surface, q) - contrast(surface, p))[0];
  if (best && contrast(surface, best) >= 3) return best;
  return contrast(surface, "#ffffff") >= contrast(surface, "#111111") ? "#ffffff" : "#111111";
}

export type Colors = Palette & {
  muted: string; // secondary text
  surface: string; // cards and panels that sit on the background
  onAccent: string; // text drawn on accent fills
};

/** Design palette with brand overrides applied, normalised to #rrggbb, plus derived tones. */
export function resolveColors(palette: Palette, brand: BrandMark): Colors {
  const merged: Palette = { ...palette };
  for (const key of ["background", "text", "accent"] as const) {
    const override = brand?.colors?.[key];
    if (override !== undefined && isHexColor(override)) merged[key] = override;
  }
  const base = { background: normalize(merged.background), text: normalize(merged.text), accent: normalize(merged.accent) };
  return {
    ...base,
    muted: mix(base.text, base.background, 0.38),
    surface: mix(base.background, base.text, 0.06),
    onAccent: inkOn(base.accent, [base.background, base.text]),
  };
}

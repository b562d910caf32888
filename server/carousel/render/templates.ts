import type { AspectRatio, BuiltinTemplate, FontFamily, LayoutKey } from "./types.ts";

const t = (
  key: string,
  name: string,
  aspectRatio: AspectRatio,
  slideCount: number,
  layout: LayoutKey,
  font: FontFamily,
  background: string,
  text: string,
  accent: string,
): BuiltinTemplate => ({ key, name, aspectRatio, slideCount, language: "en", design: { layout, aspectRatio, font, palette: { background, text, accent } } });

// Built-in starting points: every layout and font appears, spread over the three ratios.
export const builtinTemplates: BuiltinTemplate[] = [
  t("minimal-mono", "Minimal Mono", "4:5", 7, "bold-left", "inter", "#ffffff", "#111111", "#ff4d2e"),
  t("midnight-pop", "Midnight Pop", "4:5", 8, "centered", "space-grotesk", "#0f172a", "#f8fafc", "#38bdf8"),
  t("editorial-cream", "Editorial Cream", "4:5", 6, "editorial", "playfair", "#f5efe6", "#1f1a17", "#b4532a"),
  t("blush-blocks", "Blush Blocks", "4:5", 10, "split", "inter", "#fdf2f8", "#3b0a24", "#db2777"),
  t("sunrise-cards", "Sunrise Cards", "1:1", 6, "card", "inter", "#fff7ed", "#2b2118", "#ea580c"),
  t("forest-split", "Forest Split", "1:1", 5, "split", "space-grotesk", "#0f2e24", "#ecfdf5", "#34d399"),
  t("paper-quote", "Paper Quote", "1:1", 7, "centered", "playfair", "#fafaf9", "#1c1917", "#7c3aed"),
  t("neon-story", "Neon Story", "9:16", 6, "bold-left", "space-grotesk", "#0a0a0a", "#fafafa", "#d4ff3a"),
  t("ocean-story", "Ocean Story", "9:16", 8, "card", "inter", "#e0f2fe", "#0c4a6e", "#0369a1"),
  t("noir-magazine", "Noir Magazine", "9:16", 5, "editorial", "playfair", "#111111", "#f5f5f4", "#f43f5e"),
];

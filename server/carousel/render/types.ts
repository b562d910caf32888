// Public shapes of the carousel renderer; index.ts re-exports them unchanged.
export type AspectRatio = "1:1" | "4:5" | "9:16";
export type SlideKind = "hook" | "body" | "cta";
export type SlideCopy = { kind: SlideKind; heading: string; body: string };
export type Palette = { background: string; text: string; accent: string };
export type FontFamily = "inter" | "playfair" | "space-grotesk";
export type LayoutKey = string;
export type Design = { layout: LayoutKey; aspectRatio: AspectRatio; palette: Palette; font: FontFamily };
export type BrandMark = { name: string; logo: Buffer | null; colors?: Partial<Palette> } | null;
export type RenderInput = {
  design: Design;
  slide: SlideCopy;
  index: number;
  total: number;
  brand: BrandMark;
  image?: Buffer | null;
  /** BCP 47 code of the copy (default "en"): picks the hyphenation patterns. */
  language?: string;
};
/** How a drawn line ends: see line-break.ts. */
export type LineBreakKind = "space" | "hyphen" | "hyphenation" | "newline" | "end" | "cut";
export type DrawnLine = { text: string; breakAfter: LineBreakKind };
export type RenderedSlide = {
  jpeg: Buffer;
  width: number;
  height: number;
  fitted: { headingSize: number; bodySize: number; truncated: boolean };
  /** The lines as drawn, each with how it ends, so callers and tests can check the breaks. */
  lines: { heading: DrawnLine[]; body: DrawnLine[] };
  /** Characters of the drawn text that no font or emoji picture covers (drawn as boxes). */
  missingChars: string[];
};
export type BuiltinTemplate = {
  key: string;
  name: string;
  aspectRatio: AspectRatio;
  slideCount: number;
  language: string;
  design: Design;
};

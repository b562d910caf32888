// Carousel slide renderer: satori → SVG → resvg → sharp JPEG. Pure: no database, no HTTP.
import { LAYOUTS } from "./layouts/index.ts";
import { renderSlideAt } from "./render-slide.ts";
import { sampleCopy } from "./sample-copy.ts";
import { builtinTemplates } from "./templates.ts";
import type { BrandMark, Design, LayoutKey, RenderInput, RenderedSlide } from "./types.ts";

export type {
  AspectRatio,
  BrandMark,
  BuiltinTemplate,
  Design,
  DrawnLine,
  FontFamily,
  LayoutKey,
  LineBreakKind,
  Palette,
  RenderInput,
  RenderedSlide,
  SlideCopy,
  SlideKind,
} from "./types.ts";
export { dimensionsOf } from "./frame.ts";
export { fontSubsets } from "./fonts.ts";
export { unsupportedChars } from "./measure.ts";
export { builtinTemplates, sampleCopy };

export const layouts: LayoutKey[] = Object.keys(LAYOUTS);

export function renderSlide(input: RenderInput): Promise<RenderedSlide> {
  return renderSlideAt(input);
}

const PREVIEW_WIDTH = 540;
// Fixed so a preview depends only on (design, brand): callers cache previews by design hash.
const PREVIEW_TOTAL = 5;

/** The hook slide of the design with sample copy, rendered at half size. */
export async function renderPreview(design: Design, brand: BrandMark = null): Promise<Buffer> {
  const slide = sampleCopy(PREVIEW_TOTAL)[0]!;
  const { jpeg } = await renderSlideAt({ design, slide, index: 0, total: PREVIEW_TOTAL, brand }, PREVIEW_WIDTH);
  return jpeg;
}

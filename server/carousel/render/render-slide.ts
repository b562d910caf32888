import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import sharp from "sharp";
import { resolveColors } from "./colors.ts";
import { LOGO_BOX, composeSlide, textBudget } from "./compose.ts";
import { asNode } from "./element.ts";
import { fitText, normalizeHeading, type FitResult } from "./fit-text.ts";
import { fontStack } from "./fonts.ts";
import { dimensionsOf, safeArea, stageArea } from "./frame.ts";
import { coverPicture, logoPicture } from "./images.ts";
import { layoutFor } from "./layouts/index.ts";
import { textStyles, type SlideContext } from "./layouts/shared.ts";
import { emojiImage } from "./emoji-images.ts";
import { unsupportedChars } from "./measure.ts";
import type { DrawnLine, RenderInput, RenderedSlide } from "./types.ts";

const drawnLine = ({ text, breakAfter }: { text: string; breakAfter: DrawnLine["breakAfter"] }): DrawnLine => ({ text, breakAfter });

const JPEG_QUALITY = 88;

function validate(input: RenderInput): void {
  const { index, total, slide } = input;
  if (!Number.isInteger(total) || total < 1) throw new RangeError(`total must be a positive integer, got ${total}`);
  if (!Number.isInteger(index) || index < 0 || index >= total) throw new RangeError(`index must be in 0..${total - 1}, got ${index}`);
  if (!["hook", "body", "cta"].includes(slide.kind)) throw new TypeError(`Unknown slide kind: ${String(slide.kind)}`);
}

type Drawn = { svg: string; widest: number; top: number; bottom: number; unfound: string[] };

const textOf = (fit: FitResult, ...more: string[]) =>
  [...fit.heading.lines, ...fit.body.lines]
    .map((l) => l.text)
    .concat(more)
    .join("\n");

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Colour pictures for the emoji of the text, keyed by grapheme as satori looks them up. */
function emojiPictures(text: string): Record<string, string> {
  const pictures: Record<string, string> = {};
  for (const { segment } of graphemes.segment(text)) {
    const uri = emojiImage(segment);
    if (uri) pictures[segment] = uri;
  }
  return pictures;
}

/** Renders one slide; `rasterWidth` scales the output down (previews) while layout stays at full size. */
export async function renderSlideAt(input: RenderInput, rasterWidth?: number): Promise<RenderedSlide> {
  validate(input);
  const { design, slide, brand } = input;
  const { width, height } = dimensionsOf(design.aspectRatio);
  const layout = layoutFor(design.layout);
  const stack = fontStack(design.font);
  const colors = resolveColors(design.palette, brand);
  const stage = stageArea(design.aspectRatio);
  const ctx: SlideContext = {
    ratio: design.aspectRatio,
    kind: slide.kind,
    index: input.index,
    total: input.total,
    colors,
    family: design.font,
    fontCss: stack.css,
    stage: { x: 0, y: 0, w: stage.w, h: stage.h },
    hasImage: Boolean(input.image),
  };
  const plan = layout.plan(ctx);
  const styles = textStyles(design.font);
  const [logo, image] = await Promise.all([
    brand?.logo ? logoPicture(brand.logo, LOGO_BOX.w, LOGO_BOX.h) : null,
    input.image && plan.image ? coverPicture(input.image, plan.image.box.w, plan.image.box.h) : null,
  ]);

  const fitFor = (widthScale: number): FitResult => {
    const budget = textBudget(plan.text, widthScale);
    return fitText({
      family: design.font,
      heading: slide.heading,
      body: slide.body,
      language: input.language ?? "en",
      width: budget.width,
      height: budget.height,
      headingStyle: styles.heading,
      bodyStyle: styles.body,
      headingRange: plan.text.headingRange,
      bodyRange: plan.text.bodyRange,
    });
  };

  const stripName = brand ? normalizeHeading(brand.name) : "";
  const draw = async (fit: FitResult, clip: boolean): Promise<Drawn> => {
    const element = composeSlide({
      ratio: design.aspectRatio,
      width,
      height,
      colors,
      fontCss: stack.css,
      plan,
      fit,
      styles,
      image,
      clip,
      strip: {
        ratio: design.aspectRatio,
        family: design.font,
        colors,
        name: stripName,
        logo,
        index: input.index,
        total: input.total,
      },
    });
    // Where satori actually put each text line, to check it against the text box.
    const drawn = { widest: 0, top: Infinity, bottom: -Infinity, unfound: [] as string[] };
    const svg = await satori(asNode(element), {
      width,
      height,
      fonts: stack.fonts,
      graphemeImages: emojiPictures(textOf(fit, stripName)),
      // Satori asks for text that no font covers (and for some emoji it has a picture of
      // already, as with VS16 sequences): what has no picture either is drawn as boxes.
      loadAdditionalAsset: async (code, segment) => {
        const picture = code === "emoji" ? emojiImage(segment) : null;
        if (picture) return picture;
        drawn.unfound.push(segment);
        return [];
      },
      onNodeDetected: (node) => {
        if (typeof node.key !== "string" || !/^[hb]\d+$/.test(node.key)) return;
        drawn.widest = Math.max(drawn.widest, node.width);
        drawn.top = Math.min(drawn.top, node.top);
        drawn.bottom = Math.max(drawn.bottom, node.top + node.height);
      },
    });
    return { svg, ...drawn };
  };

  const safe = safeArea(design.aspectRatio);
  const box = { ...plan.text.box, x: plan.text.box.x + safe.x, y: plan.text.box.y + safe.y };
  const inside = (d: Drawn) => d.widest <= box.w + 0.5 && d.top >= box.y - 1 && d.bottom <= box.y + box.h + 1;

  let fit = fitFor(1);
  let drawn = await draw(fit, false);
  if (!inside(drawn)) {
    // The font shaped wider than its advance widths say (rare): refit narrower, and clip as a last resort.
    fit = fitFor(Math.min(1, box.w / Math.max(drawn.widest, 1)) * 0.97);
    drawn = await draw(fit, false);
    if (!inside(drawn)) drawn = await draw(fit, true);
  }

  const rendered = new Resvg(drawn.svg, {
    fitTo: rasterWidth ? { mode: "width", value: rasterWidth } : { mode: "original" },
    font: { loadSystemFonts: false },
    background: colors.background,
  }).render();
  // Huffman optimisation doubles encode time for ~15% smaller files; speed matters more here.
  const jpeg = await sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: false, optimiseCoding: false })
    .toBuffer();
  return {
    jpeg,
    width: rendered.width,
    height: rendered.height,
    fitted: { headingSize: fit.heading.size, bodySize: fit.body.size, truncated: fit.truncated },
    lines: { heading: fit.heading.lines.map(drawnLine), body: fit.body.lines.map(drawnLine) },
    missingChars: [...new Set([...unsupportedChars(design.font, textOf(fit, stripName)), ...drawn.unfound.flatMap((s) => [...s.replace(/\s/gu, "")])])],
  };
}

import type { Colors } from "../colors.ts";
import { h, type El } from "../element.ts";
import type { SizeRange, TextStyle } from "../fit-text.ts";
import type { Box } from "../frame.ts";
import type { AspectRatio, FontFamily, SlideKind } from "../types.ts";

/** What a layout knows when planning a slide. Boxes are relative to the safe area. */
export type SlideContext = {
  ratio: AspectRatio;
  kind: SlideKind;
  index: number;
  total: number;
  colors: Colors;
  family: FontFamily;
  fontCss: string;
  stage: Box; // the safe area above the brand strip
  hasImage: boolean;
};

/** A fixed-height element placed in the text column before the heading or after the body. */
export type Slot = { el: El; height: number };

export type TextRegion = {
  box: Box;
  align: "left" | "center";
  valign: "start" | "center" | "end";
  headingColor: string;
  bodyColor: string;
  headingRange: SizeRange;
  bodyRange: SizeRange;
  lead?: Slot;
  trail?: Slot;
};

export type LayoutPlan = {
  decorations: El[]; // drawn under the image and text
  image: { box: Box; radius: number } | null;
  overlays: El[]; // drawn over the image, under the text
  text: TextRegion;
  stripRule: string | null; // colour of a hairline above the brand strip
};

export type Layout = { key: string; plan: (ctx: SlideContext) => LayoutPlan };

/** Font sizes in px at 1080 px width. The minimums keep text legible in a feed. */
export const SIZE_RANGES: Record<SlideKind, { heading: SizeRange; body: SizeRange }> = {
  hook: { heading: [56, 132], body: [28, 46] },
  body: { heading: [40, 84], body: [26, 48] },
  cta: { heading: [48, 104], body: [28, 46] },
};

export function textStyles(family: FontFamily): { heading: TextStyle; body: TextStyle } {
  if (family === "playfair") {
    return { heading: { weight: 700, lineHeight: 1.14, tracking: 0 }, body: { weight: 400, lineHeight: 1.45, tracking: 0 } };
  }
  // Display sizes of the grotesques read better slightly tightened.
  return { heading: { weight: 700, lineHeight: 1.1, tracking: -0.02 }, body: { weight: 400, lineHeight: 1.4, tracking: 0 } };
}

export function region(ctx: SlideContext, box: Box, rest: Partial<TextRegion> = {}): TextRegion {
  const range = SIZE_RANGES[ctx.kind];
  return {
    box,
    align: "left",
    valign: "start",
    headingColor: ctx.colors.text,
    bodyColor: ctx.colors.muted,
    headingRange: range.heading,
    bodyRange: range.body,
    ...rest,
  };
}

export function arrowIcon(color: string, size: number, strokeWidth = 2.4): El {
  const path = h("path", {}, undefined, {
    d: "M4 12h15M13 6l6 6-6 6",
    fill: "none",
    stroke: color,
    strokeWidth,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  });
  return h("svg", { width: size, height: size }, [path], { width: size, height: size, viewBox: "0 0 24 24" });
}

/** The closing slide's round "go" button, language-neutral on purpose. */
export function arrowButton(fill: string, ink: string, diameter: number, marginTop: number): Slot {
  const circle = h(
    "div",
    { width: diameter, height: diameter, borderRadius: diameter / 2, backgroundColor: fill, display: "flex", alignItems: "center", justifyContent: "center" },
    [arrowIcon(ink, Math.round(diameter * 0.5))],
  );
  return { el: h("div", { display: "flex", paddingTop: marginTop }, [circle]), height: diameter + marginTop };
}

export function accentBar(color: string, width: number, thickness: number, marginBottom: number): Slot {
  const bar = h("div", { width, height: thickness, borderRadius: thickness / 2, backgroundColor: color });
  return { el: h("div", { display: "flex", paddingBottom: marginBottom }, [bar]), height: thickness + marginBottom };
}

export const pad2 = (n: number) => String(n).padStart(2, "0");

export const fill = (box: Box, color: string, radius = 0) =>
  h("div", { position: "absolute", left: box.x, top: box.y, width: box.w, height: box.h, backgroundColor: color, borderRadius: radius });

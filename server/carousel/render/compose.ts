import type { Colors } from "./colors.ts";
import { at, h, type El } from "./element.ts";
import { ellipsize, type Block, type FitResult, type TextStyle } from "./fit-text.ts";
import { brandStrip, safeArea, type Box } from "./frame.ts";
import type { Picture } from "./images.ts";
import { measurer } from "./measure.ts";
import { arrowIcon, type LayoutPlan, type Slot, type TextRegion } from "./layouts/shared.ts";
import type { AspectRatio, FontFamily } from "./types.ts";

export const LOGO_BOX = { w: 160, h: 56 };
const BRAND_NAME_SIZE = 28;
const NUMBER_SIZE = 26;
const SLACK = 4; // px kept free in the text box for the layout engine's pixel rounding

/** Width and height the text blocks may occupy inside a region. */
export function textBudget(text: TextRegion, widthScale: number): { width: number; height: number } {
  const slots = (text.lead?.height ?? 0) + (text.trail?.height ?? 0);
  return { width: Math.floor(text.box.w * widthScale), height: text.box.h - slots - SLACK };
}

function lines(block: Block, prefix: string, color: string, style: TextStyle): El[] {
  const lineHeight = block.size * block.lineHeight;
  return block.lines.map((line, i) =>
    h(
      "div",
      {
        height: lineHeight,
        marginTop: line.paragraphStart ? block.size * 0.6 : 0,
        flexShrink: 0,
        fontSize: block.size,
        lineHeight: `${lineHeight}px`,
        letterSpacing: block.tracking * block.size,
        fontWeight: style.weight,
        color,
        whiteSpace: "pre",
      },
      line.text,
      { key: `${prefix}${i}` },
    ),
  );
}

const slot = (s: Slot | undefined) => s && h("div", { display: "flex", flexShrink: 0, height: s.height }, [s.el]);

function textColumn(text: TextRegion, fit: FitResult, styles: { heading: TextStyle; body: TextStyle }): El {
  const justify = { start: "flex-start", center: "center", end: "flex-end" } as const;
  return at(
    text.box,
    { flexDirection: "column", justifyContent: justify[text.valign], alignItems: text.align === "center" ? "center" : "flex-start" },
    [
      slot(text.lead),
      lines(fit.heading, "h", text.headingColor, styles.heading),
      fit.gap > 0 && h("div", { height: fit.gap, flexShrink: 0 }),
      lines(fit.body, "b", text.bodyColor, styles.body),
      slot(text.trail),
    ],
    { key: "text" },
  );
}

export type StripInput = { ratio: AspectRatio; family: FontFamily; colors: Colors; name: string; logo: Picture | null; index: number; total: number };

/** Logo + brand name on the left, "n/total" (and a swipe arrow before the last slide) on the right. */
function strip(s: StripInput, safe: Box): El {
  const box = brandStrip(s.ratio);
  const rel = { ...box, x: box.x - safe.x, y: box.y - safe.y };
  const number = `${s.index + 1}/${s.total}`;
  const hasArrow = s.index < s.total - 1;
  const rightWidth = measurer(s.family, 400, NUMBER_SIZE, 0)(number) + (hasArrow ? 48 : 0);
  const nameMax = rel.w - rightWidth - 40 - (s.logo ? s.logo.width + 18 : 0);
  const nameMeasure = measurer(s.family, 700, BRAND_NAME_SIZE, 0);
  const name = s.name && nameMeasure(s.name) > nameMax ? ellipsize(s.name, nameMeasure, nameMax) : s.name;
  const left = h("div", { display: "flex", alignItems: "center", flexShrink: 1 }, [
    s.logo &&
      h("img", { width: s.logo.width, height: s.logo.height, marginRight: 18, flexShrink: 0 }, undefined, {
        src: s.logo.src,
        width: s.logo.width,
        height: s.logo.height,
      }),
    name && h("div", { fontSize: BRAND_NAME_SIZE, fontWeight: 700, color: s.colors.text, whiteSpace: "pre", lineHeight: 1.3 }, name, { key: "brand-name" }),
  ]);
  const right = h("div", { display: "flex", alignItems: "center", flexShrink: 0 }, [
    h("div", { fontSize: NUMBER_SIZE, color: s.colors.muted, whiteSpace: "pre", lineHeight: 1.3 }, number),
    hasArrow && h("div", { display: "flex", marginLeft: 12 }, [arrowIcon(s.colors.accent, 36)]),
  ]);
  return at(rel, { alignItems: "center", justifyContent: "space-between" }, [left, right], { key: "strip" });
}

export type ComposeInput = {
  ratio: AspectRatio;
  width: number;
  height: number;
  colors: Colors;
  fontCss: string;
  plan: LayoutPlan;
  fit: FitResult;
  styles: { heading: TextStyle; body: TextStyle };
  image: Picture | null;
  strip: StripInput;
  /** Clip to the safe area. Off by default: resvg masks cost ~25%, and fitted text already stays inside. */
  clip: boolean;
};

/** The whole slide: background, then a safe-area container holding everything else. */
export function composeSlide(c: ComposeInput): El {
  const safe = safeArea(c.ratio);
  const { plan } = c;
  const image =
    plan.image && c.image
      ? h(
          "img",
          {
            position: "absolute",
            left: plan.image.box.x,
            top: plan.image.box.y,
            width: plan.image.box.w,
            height: plan.image.box.h,
            borderRadius: plan.image.radius,
          },
          undefined,
          {
            src: c.image.src,
            width: plan.image.box.w,
            height: plan.image.box.h,
          },
        )
      : null;
  const stripBox = brandStrip(c.ratio);
  const rule =
    plan.stripRule && h("div", { position: "absolute", left: 0, top: stripBox.y - safe.y - 20, width: safe.w, height: 2, backgroundColor: plan.stripRule });
  const content = at(safe, c.clip ? { overflow: "hidden" } : {}, [
    ...plan.decorations,
    image,
    ...plan.overlays,
    textColumn(plan.text, c.fit, c.styles),
    rule,
    strip(c.strip, safe),
  ]);
  return h("div", { width: c.width, height: c.height, display: "flex", position: "relative", backgroundColor: c.colors.background, fontFamily: c.fontCss }, [
    content,
  ]);
}

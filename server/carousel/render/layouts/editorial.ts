import { h } from "../element.ts";
import { arrowIcon, fill, pad2, region, type Layout } from "./shared.ts";

// Magazine page: hairline rules, a small folio, generous type; suits the serif.
export const editorial: Layout = {
  key: "editorial",
  plan(ctx) {
    const { stage, colors, kind } = ctx;
    const isCta = kind === "cta";
    const folio = h(
      "div",
      {
        position: "absolute",
        left: stage.x,
        top: stage.y + 24,
        height: 40,
        display: "flex",
        alignItems: "center",
        fontFamily: ctx.fontCss,
        fontSize: 28,
        lineHeight: 1.4,
        fontWeight: 700,
        color: colors.accent,
      },
      pad2(ctx.index + 1),
    );
    const decorations = [fill({ x: stage.x, y: stage.y, w: stage.w, h: 4 }, colors.text), folio];
    const top = 104;
    const indent = isCta ? 48 : 0;
    if (isCta) decorations.push(fill({ x: stage.x, y: stage.y + top, w: 10, h: stage.h - top - 24 }, colors.accent));
    const area = { x: stage.x + indent, y: stage.y + top, w: stage.w - indent, h: stage.h - top - 24 };
    const image = ctx.hasImage ? { box: { ...area, h: Math.round(area.h * 0.42) }, radius: 0 } : null;
    const textBox = image ? { ...area, y: area.y + image.box.h + 44, h: area.h - image.box.h - 44 } : area;
    const trail = isCta ? { el: h("div", { display: "flex", paddingTop: 36 }, [arrowIcon(colors.accent, 112, 1.6)]), height: 148 } : undefined;
    return {
      decorations,
      image,
      overlays: [],
      text: region(ctx, textBox, {
        valign: kind === "hook" ? "end" : isCta ? "center" : "start",
        trail,
      }),
      stripRule: colors.muted,
    };
  },
};

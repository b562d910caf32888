import { h } from "../element.ts";
import { inset } from "../frame.ts";
import { arrowButton, fill, region, type Layout } from "./shared.ts";

// Copy sits on a rounded card with an accent spine; the opening card is solid accent.
export const card: Layout = {
  key: "card",
  plan(ctx) {
    const { stage, colors, kind } = ctx;
    const isHook = kind === "hook";
    const isCta = kind === "cta";
    const radius = 40;
    const spine = isHook ? 0 : 14;
    const cardFill = isHook ? colors.accent : colors.surface;
    const decorations = [fill(stage, cardFill, radius)];
    if (spine) decorations.push(fill({ x: stage.x + 40, y: stage.y + 56, w: spine, h: 120 }, colors.accent, spine / 2));
    if (isCta) {
      decorations.push(
        h("div", {
          position: "absolute",
          left: stage.x,
          top: stage.y,
          width: stage.w,
          height: stage.h,
          borderRadius: radius,
          border: `4px solid ${colors.accent}`,
          boxSizing: "border-box",
        }),
      );
    }
    const area = inset(stage, 56, 56, 56, 56 + spine + 36);
    const image = ctx.hasImage ? { box: { ...area, h: Math.round(area.h * 0.42) }, radius: 24 } : null;
    const textBox = image ? { ...area, y: area.y + image.box.h + 40, h: area.h - image.box.h - 40 } : area;
    const ink = isHook ? colors.onAccent : colors.text;
    return {
      decorations,
      image,
      overlays: [],
      text: region(ctx, textBox, {
        valign: isHook ? "end" : isCta ? "center" : "start",
        headingColor: ink,
        bodyColor: isHook ? ink : colors.muted,
        trail: isCta ? arrowButton(colors.accent, colors.onAccent, 96, 44) : undefined,
      }),
      stripRule: null,
    };
  },
};

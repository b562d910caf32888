import { inset } from "../frame.ts";
import { h } from "../element.ts";
import { accentBar, arrowButton, region, type Layout } from "./shared.ts";

// Symmetric, centred composition; a round illustration; the closing slide is an outlined frame.
export const centered: Layout = {
  key: "centered",
  plan(ctx) {
    const { stage, colors, kind } = ctx;
    const isCta = kind === "cta";
    const area = isCta ? inset(stage, 72) : inset(stage, 24, 24);
    const side = Math.round(Math.min(area.w * 0.6, area.h * 0.4));
    const image = ctx.hasImage ? { box: { x: area.x + Math.round((area.w - side) / 2), y: area.y, w: side, h: side }, radius: side / 2 } : null;
    const textBox = image ? { ...area, y: area.y + side + 48, h: area.h - side - 48 } : area;
    const frame = h("div", {
      position: "absolute",
      left: stage.x,
      top: stage.y,
      width: stage.w,
      height: stage.h,
      border: `8px solid ${colors.accent}`,
      borderRadius: 48,
      boxSizing: "border-box",
    });
    const ring =
      kind === "hook"
        ? [
            h("div", {
              position: "absolute",
              left: stage.w - 300,
              top: -120,
              width: 420,
              height: 420,
              borderRadius: 210,
              border: `28px solid ${colors.surface}`,
              boxSizing: "border-box",
            }),
          ]
        : [];
    return {
      decorations: isCta ? [frame] : ring,
      image,
      overlays: [],
      text: region(ctx, textBox, {
        align: "center",
        valign: "center",
        lead: accentBar(colors.accent, 64, 8, 32),
        trail: isCta ? arrowButton(colors.accent, colors.onAccent, 96, 44) : undefined,
      }),
      stripRule: null,
    };
  },
};

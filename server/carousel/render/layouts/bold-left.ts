import { inset } from "../frame.ts";
import { accentBar, arrowButton, fill, region, type Layout } from "./shared.ts";

// Left-aligned, high-contrast type with an accent bar; the closing slide is a solid accent panel.
export const boldLeft: Layout = {
  key: "bold-left",
  plan(ctx) {
    const { stage, colors, kind } = ctx;
    const isCta = kind === "cta";
    const area = isCta ? inset(stage, 64) : stage;
    const image = ctx.hasImage ? { box: { ...area, h: Math.round(area.h * 0.42) }, radius: 28 } : null;
    const textBox = image ? { ...area, y: area.y + image.box.h + 40, h: area.h - image.box.h - 40 } : area;
    const ink = isCta ? colors.onAccent : colors.text;
    return {
      decorations: isCta ? [fill(stage, colors.accent, 28)] : [],
      image,
      overlays: [],
      text: region(ctx, textBox, {
        valign: kind === "hook" ? "end" : kind === "cta" ? "center" : "start",
        headingColor: ink,
        bodyColor: isCta ? ink : colors.muted,
        lead: accentBar(isCta ? colors.onAccent : colors.accent, 88, 12, 36),
        trail: isCta ? arrowButton(colors.onAccent, colors.accent, 96, 44) : undefined,
      }),
      stripRule: null,
    };
  },
};

import { h } from "../element.ts";
import { inset } from "../frame.ts";
import { arrowButton, fill, pad2, region, type Layout } from "./shared.ts";

// A colour block on top carrying the slide number (or the illustration), text underneath.
export const split: Layout = {
  key: "split",
  plan(ctx) {
    const { stage, colors, kind, ratio } = ctx;
    if (kind === "cta") {
      const panel = inset(stage, 72);
      const image = ctx.hasImage ? { box: { ...panel, h: Math.round(panel.h * 0.4) }, radius: 0 } : null;
      const textBox = image ? { ...panel, y: panel.y + image.box.h + 40, h: panel.h - image.box.h - 40 } : panel;
      return {
        decorations: [fill(stage, colors.accent)],
        image,
        overlays: [],
        text: region(ctx, textBox, {
          valign: "center",
          headingColor: colors.onAccent,
          bodyColor: colors.onAccent,
          trail: arrowButton(colors.onAccent, colors.accent, 96, 44),
        }),
        stripRule: colors.text,
      };
    }
    const blockHeight = Math.round(stage.h * (ratio === "1:1" ? 0.34 : 0.4));
    const block = { ...stage, h: blockHeight };
    const numeralSize = Math.min(300, Math.round(blockHeight * 0.62));
    const numeral = h(
      "div",
      {
        position: "absolute",
        left: block.x + 44,
        top: block.y + blockHeight - Math.round(numeralSize * 1.1) - 28,
        height: Math.round(numeralSize * 1.1),
        display: "flex",
        fontSize: numeralSize,
        lineHeight: 1.1,
        fontWeight: 700,
        color: ctx.hasImage ? colors.accent : colors.onAccent,
        fontFamily: ctx.fontCss,
      },
      pad2(ctx.index + 1),
    );
    const badge = fill(
      {
        x: block.x + 24,
        y: block.y + blockHeight - Math.round(numeralSize * 1.1) - 40,
        w: Math.round(numeralSize * 1.45),
        h: Math.round(numeralSize * 1.1) + 24,
      },
      colors.background,
      20,
    );
    const textBox = { ...stage, y: blockHeight + 48, h: stage.h - blockHeight - 48 };
    return {
      decorations: [fill(block, colors.accent)],
      image: ctx.hasImage ? { box: block, radius: 0 } : null,
      overlays: ctx.hasImage ? [badge, numeral] : [numeral],
      text: region(ctx, textBox, { valign: kind === "hook" ? "center" : "start" }),
      stripRule: colors.text,
    };
  },
};

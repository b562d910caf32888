import type { AspectRatio } from "./types.ts";

export type Box = { x: number; y: number; w: number; h: number };

const SIZES: Record<AspectRatio, { width: number; height: number }> = {
  "1:1": { width: 1080, height: 1080 },
  "4:5": { width: 1080, height: 1350 },
  "9:16": { width: 1080, height: 1920 },
};

export function dimensionsOf(ratio: AspectRatio): { width: number; height: number } {
  const size = SIZES[ratio];
  if (!size) throw new TypeError(`Unknown aspect ratio: ${String(ratio)}`);
  return { ...size };
}

export const SIDE_MARGIN = 64;
export const STRIP_HEIGHT = 64;
const STRIP_GAP = 36;

/**
 * Everything but the background stays inside the safe area. 9:16 slides get
 * deep top/bottom margins because story viewers overlay their UI there.
 */
export function safeArea(ratio: AspectRatio): Box {
  const { width, height } = dimensionsOf(ratio);
  const top = ratio === "9:16" ? 180 : SIDE_MARGIN;
  const bottom = ratio === "9:16" ? 220 : SIDE_MARGIN;
  return { x: SIDE_MARGIN, y: top, w: width - 2 * SIDE_MARGIN, h: height - top - bottom };
}

/** The brand/number strip along the bottom of the safe area. */
export function brandStrip(ratio: AspectRatio): Box {
  const safe = safeArea(ratio);
  return { x: safe.x, y: safe.y + safe.h - STRIP_HEIGHT, w: safe.w, h: STRIP_HEIGHT };
}

/** The part of the safe area a layout may fill: above the brand strip. */
export function stageArea(ratio: AspectRatio): Box {
  const safe = safeArea(ratio);
  return { x: safe.x, y: safe.y, w: safe.w, h: safe.h - STRIP_HEIGHT - STRIP_GAP };
}

export function inset(box: Box, top: number, right = top, bottom = top, left = right): Box {
  return { x: box.x + left, y: box.y + top, w: box.w - left - right, h: box.h - top - bottom };
}

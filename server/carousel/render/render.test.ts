import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fitText, type FitRequest } from "./fit-text.ts";
import { brandStrip, safeArea, type Box } from "./frame.ts";
import { SIZE_RANGES, textStyles } from "./layouts/shared.ts";
import { measurer } from "./measure.ts";
import {
  builtinTemplates,
  dimensionsOf,
  layouts,
  renderPreview,
  renderSlide,
  sampleCopy,
  unsupportedChars,
  type AspectRatio,
  type BrandMark,
  type Design,
  type SlideCopy,
} from "./index.ts";

const WHITE = "#ffffff";
const INK = "#111111";
const design = (layout: string, aspectRatio: AspectRatio = "4:5", font: Design["font"] = "inter"): Design => ({
  layout,
  aspectRatio,
  font,
  // A light accent, so text on accent panels is drawn in INK too and can be counted.
  palette: { background: WHITE, text: INK, accent: "#fde047" },
});
const slide = (kind: SlideCopy["kind"], heading: string, body = ""): SlideCopy => ({ kind, heading, body });
const LONG = Array.from({ length: 60 }, (_, i) => `Point ${i} keeps going about publishing rhythm and habits.`)
  .join(" ")
  .slice(0, 3000);
const redLogo = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();

type Raw = { data: Buffer; width: number; height: number; channels: number };
async function pixels(jpeg: Buffer): Promise<Raw> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}
/** Calls `visit` with the data offset of every pixel in the box. */
function scan(img: Raw, box: Box, visit: (offset: number) => void): void {
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) visit((y * img.width + x) * img.channels);
  }
}
const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as [number, number, number];
const gap = (d: Buffer, i: number, [r, g, b]: number[]) => Math.max(Math.abs(d[i]! - r!), Math.abs(d[i + 1]! - g!), Math.abs(d[i + 2]! - b!));
function maxDeviation(img: Raw, box: Box, color: string): number {
  const ref = hex(color);
  let worst = 0;
  scan(img, box, (i) => (worst = Math.max(worst, gap(img.data, i, ref))));
  return worst;
}
function countNear(img: Raw, box: Box, rgb: number[], tolerance: number): number {
  let n = 0;
  scan(img, box, (i) => gap(img.data, i, rgb) < tolerance && n++);
  return n;
}
function meanDifference(a: Raw, b: Raw, box: Box): number {
  let sum = 0;
  scan(a, box, (i) => (sum += gap(a.data, i, [b.data[i]!, b.data[i + 1]!, b.data[i + 2]!])));
  return sum / (box.w * box.h);
}

/** The band between the slide edge and the safe area, minus a few px of JPEG ringing. */
function marginBands(ratio: AspectRatio): Box[] {
  const { width, height } = dimensionsOf(ratio);
  const safe = safeArea(ratio);
  const pad = 6;
  const bottom = safe.y + safe.h + pad;
  return [
    { x: 0, y: 0, w: width, h: safe.y - pad },
    { x: 0, y: bottom, w: width, h: height - bottom },
    { x: 0, y: 0, w: safe.x - pad, h: height },
    { x: safe.x + safe.w + pad, y: 0, w: width - safe.x - safe.w - pad, h: height },
  ];
}

describe("renderSlide output", () => {
  it.each(["1:1", "4:5", "9:16"] as const)("is a JPEG of exactly the %s pixel size", async (ratio) => {
    const out = await renderSlide({ design: design("bold-left", ratio), slide: slide("body", "Hello", "World"), index: 0, total: 3, brand: null });
    const meta = await sharp(out.jpeg).metadata();
    expect(meta.format).toBe("jpeg");
    expect({ width: meta.width, height: meta.height }).toEqual(dimensionsOf(ratio));
    expect({ width: out.width, height: out.height }).toEqual(dimensionsOf(ratio));
  });

  it("offers at least four distinct layouts and rejects unknown layouts, indexes and colours", async () => {
    expect(new Set(layouts).size).toBeGreaterThanOrEqual(4);
    await expect(renderSlide({ design: design("nope"), slide: slide("hook", "x"), index: 0, total: 1, brand: null })).rejects.toThrow(/Unknown layout/);
    await expect(renderSlide({ design: design("card"), slide: slide("hook", "x"), index: 3, total: 3, brand: null })).rejects.toThrow(RangeError);
    const badPalette = { ...design("card"), palette: { background: "red", text: INK, accent: INK } };
    await expect(renderSlide({ design: badPalette, slide: slide("hook", "x"), index: 0, total: 1, brand: null })).rejects.toThrow(/hex colour/);
  });
});

describe("built-in templates", () => {
  it("are at least 8, with unique keys and names, over all three ratios and known layouts", () => {
    expect(builtinTemplates.length).toBeGreaterThanOrEqual(8);
    expect(new Set(builtinTemplates.map((t) => t.key)).size).toBe(builtinTemplates.length);
    expect(new Set(builtinTemplates.map((t) => t.name)).size).toBe(builtinTemplates.length);
    expect(new Set(builtinTemplates.map((t) => t.aspectRatio))).toEqual(new Set(["1:1", "4:5", "9:16"]));
    for (const t of builtinTemplates) {
      expect(layouts).toContain(t.design.layout);
      expect(t.design.aspectRatio).toBe(t.aspectRatio);
    }
    const looks = new Set(builtinTemplates.map((t) => JSON.stringify([t.design.layout, t.design.font, t.design.palette])));
    expect(looks.size).toBe(builtinTemplates.length);
  });

  it.each(builtinTemplates.map((t) => [t.key, t] as const))("%s renders every slide kind and a half-size preview", async (_key, t) => {
    const copy = sampleCopy(t.slideCount);
    for (const index of [0, 1, copy.length - 1]) {
      const out = await renderSlide({ design: t.design, slide: copy[index]!, index, total: copy.length, brand: { name: "Acme", logo: null } });
      expect(out.fitted.truncated).toBe(false);
      expect((await sharp(out.jpeg).metadata()).width).toBe(1080);
    }
    const preview = await sharp(await renderPreview(t.design)).metadata();
    expect(preview.format).toBe("jpeg");
    expect(preview.width).toBe(540);
    expect(preview.height).toBe(dimensionsOf(t.aspectRatio).height / 2);
  });
});

describe("text fitting", () => {
  it.each(layouts.flatMap((layout) => (["hook", "body", "cta"] as const).map((kind) => [layout, kind] as const)))(
    "%s/%s: 3,000 characters are cut with sizes at or above the minimum, and the margins stay empty",
    async (layout, kind) => {
      const ratio: AspectRatio = kind === "cta" ? "9:16" : kind === "hook" ? "1:1" : "4:5";
      const out = await renderSlide({
        design: design(layout, ratio),
        slide: slide(kind, LONG.slice(0, 400), LONG),
        index: 0,
        total: 2,
        brand: { name: "Acme", logo: null },
      });
      expect(out.fitted.truncated).toBe(true);
      expect(out.fitted.headingSize).toBeGreaterThanOrEqual(SIZE_RANGES[kind].heading[0]);
      expect(out.fitted.bodySize).toBeGreaterThanOrEqual(SIZE_RANGES[kind].body[0]);
      const img = await pixels(out.jpeg);
      for (const band of marginBands(ratio)) expect(maxDeviation(img, band, WHITE)).toBeLessThan(40);
      // The text really is drawn: the safe area holds plenty of ink.
      expect(countNear(img, safeArea(ratio), hex(INK), 60)).toBeGreaterThan(20_000);
    },
  );

  it("a 3,000-character heading without body is cut too", async () => {
    const out = await renderSlide({ design: design("editorial", "4:5", "playfair"), slide: slide("hook", LONG), index: 0, total: 1, brand: null });
    expect(out.fitted.truncated).toBe(true);
    expect(out.fitted.headingSize).toBe(SIZE_RANGES.hook.heading[0]);
    const img = await pixels(out.jpeg);
    for (const band of marginBands("4:5")) expect(maxDeviation(img, band, WHITE)).toBeLessThan(40);
  });

  it("gives short copy larger type than long copy", async () => {
    const render = (s: SlideCopy) => renderSlide({ design: design("card"), slide: s, index: 1, total: 3, brand: null });
    const short = await render(slide("body", "Batch your work", "Write first, design later."));
    const long = await render(slide("body", "Batch similar work so that switching between tasks costs you less time every week", LONG.slice(0, 700)));
    expect(short.fitted.truncated).toBe(false);
    expect(long.fitted.truncated).toBe(false);
    expect(short.fitted.headingSize).toBeGreaterThan(long.fitted.headingSize);
    expect(short.fitted.bodySize).toBeGreaterThan(long.fitted.bodySize);
  });

  it("wraps within the width, balances short headings, and ends a cut with an ellipsis", async () => {
    const styles = textStyles("inter");
    const req: FitRequest = {
      family: "inter",
      language: "en",
      heading: "Plan a week of posts in one hour",
      body: LONG,
      width: 600,
      height: 500,
      headingStyle: styles.heading,
      bodyStyle: styles.body,
      headingRange: [40, 80],
      bodyRange: [24, 40],
    };
    const fit = fitText(req);
    expect(fit.truncated).toBe(true);
    expect(fit.height).toBeLessThanOrEqual(req.height);
    const measureBody = measurer("inter", 400, fit.body.size, 0);
    for (const line of fit.body.lines) expect(measureBody(line.text)).toBeLessThanOrEqual(req.width);
    expect(fit.body.lines.at(-1)!.text.endsWith("…")).toBe(true);
    const lineWidths = fit.heading.lines.map((l) => measurer("inter", 700, fit.heading.size, -0.02)(l.text));
    expect(Math.min(...lineWidths) / Math.max(...lineWidths)).toBeGreaterThan(0.5);
  });
});

describe("brand", () => {
  const base = { design: design("bold-left"), slide: slide("body", "Heading", "Body"), index: 1, total: 4 };
  const stripBox = () => {
    const s = brandStrip("4:5");
    return { ...s, w: Math.round(s.w / 2) };
  };

  it("draws the brand name in the strip", async () => {
    const without = await pixels((await renderSlide({ ...base, brand: null })).jpeg);
    const named = await pixels((await renderSlide({ ...base, brand: { name: "Acme Studio", logo: null } })).jpeg);
    expect(meanDifference(without, named, stripBox())).toBeGreaterThan(3);
  });

  it("draws the logo, and still renders when the logo bytes are broken", async () => {
    const brand: BrandMark = { name: "Acme Studio", logo: await redLogo() };
    const img = await pixels((await renderSlide({ ...base, brand })).jpeg);
    expect(countNear(img, stripBox(), [255, 0, 0], 40)).toBeGreaterThan(1000);
    const broken = await renderSlide({ ...base, brand: { name: "Acme", logo: Buffer.from("not an image") } });
    expect((await sharp(broken.jpeg).metadata()).format).toBe("jpeg");
  });

  it("brand colours override the palette", async () => {
    const out = await renderSlide({ ...base, brand: { name: "Acme", logo: null, colors: { background: "#123456" } } });
    const img = await pixels(out.jpeg);
    expect(maxDeviation(img, { x: 0, y: 0, w: 40, h: 40 }, "#123456")).toBeLessThan(6);
  });

  it("shows the slide number", async () => {
    const a = await pixels((await renderSlide({ ...base, index: 0, brand: null })).jpeg);
    const b = await pixels((await renderSlide({ ...base, index: 2, brand: null })).jpeg);
    const s = brandStrip("4:5");
    expect(meanDifference(a, b, { ...s, x: s.x + s.w - 200, w: 200 })).toBeGreaterThan(1);
  });
});

describe("scripts and images", () => {
  const european = "Ça coûte 5 € — élan, Größe, łódź";

  it("covers Latin, Latin Extended, Cyrillic and Greek in every family", () => {
    for (const family of ["inter", "playfair", "space-grotesk"] as const) {
      expect(unsupportedChars(family, `${european} Zażółć gęślą jaźń. Привет, мир! Καλημέρα. Tiếng Việt`)).toEqual([]);
    }
    expect(unsupportedChars("inter", "日本語")).toEqual(["日", "本", "語"]);
  });

  it.each(["inter", "playfair", "space-grotesk"] as const)("renders accented Latin in %s", async (font) => {
    const render = (heading: string) =>
      renderSlide({ design: design("centered", "1:1", font), slide: slide("body", heading, heading), index: 0, total: 2, brand: null });
    const empty = await pixels((await render("")).jpeg);
    const text = await pixels((await render(european)).jpeg);
    expect(meanDifference(empty, text, safeArea("1:1"))).toBeGreaterThan(1);
  });

  it("places an illustration, and ignores one that cannot be decoded", async () => {
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#00c853" } })
      .jpeg()
      .toBuffer();
    const input = { design: design("split"), slide: slide("body", "Heading", "Body"), index: 1, total: 3, brand: null };
    const img = await pixels((await renderSlide({ ...input, image })).jpeg);
    expect(countNear(img, safeArea("4:5"), [0, 200, 83], 40)).toBeGreaterThan(50_000);
    await expect(renderSlide({ ...input, image: Buffer.from("junk") })).resolves.toMatchObject({ width: 1080 });
  });
});

describe("sampleCopy", () => {
  it("opens with a hook, closes with a call to action, and has the requested length", () => {
    expect(sampleCopy(1).map((s) => s.kind)).toEqual(["hook"]);
    const ten = sampleCopy(10);
    expect(ten).toHaveLength(10);
    expect(ten[0]!.kind).toBe("hook");
    expect(ten.at(-1)!.kind).toBe("cta");
    expect(ten.slice(1, -1).every((s) => s.kind === "body" && s.heading && s.body)).toBe(true);
  });
});

// Issue 33's acceptance for carousels: a 10-slide carousel written from a long text (long words,
// arrows, emoji, accents, Cyrillic and Greek) renders with no missing glyph and no line broken
// inside a word unless the break is a hyphenation with a hyphen. The breaks are checked against
// the source text, not against the renderer's own account of them.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fitText, normalizeBody, normalizeHeading, type FitRequest } from "./fit-text.ts";
import { safeArea } from "./frame.ts";
import { textStyles } from "./layouts/shared.ts";
import { measurer } from "./measure.ts";
import { builtinTemplates, renderSlide, unsupportedChars, type DrawnLine, type SlideCopy } from "./index.ts";

// Eight paragraphs, one per body slide: a hook before them and a call to action after.
const LONG_TEXT = `Most creators don’t fail for lack of ideas → they fail because they publish in bursts. Ten posts one week, nothing for a month 😬. Audiences forget quickly, and platforms reward accounts that show up on a rhythm.

Consistency is a system, not a personality trait ✅. Creators who last decide in advance when they publish, and they protect that slot like a meeting.

Internationalization-ready teams plan characteristically multilingual calendars. Their editorial responsibilities are documented, so handovers never stall the queue.

Batching is the second habit 👩‍💻. Writing five captions in one sitting takes far less time than writing one caption on five different days, because every switch costs attention.

Die Donaudampfschifffahrtsgesellschaft plant ihre Beiträge genauso ⇒ einmal pro Woche. Ça coûte peu : élan, Größe, łódź, São Paulo, Kraków.

Reuse is underrated ❤️. A carousel that performed well can become a thread, a short video and a newsletter section; most followers missed it the first time anyway.

Русские авторы публикуют регулярно и достопримечательности показывают каждую неделю. Οι δημιουργοί περιεχομένου δημοσιεύουν με συνέπεια κάθε εβδομάδα ★.

Review your numbers once a week 📈. Saves and shares say more about value than likes do. Double down on the formats people keep 🚀, and drop the ones nobody misses.`;

function carouselOf(text: string): SlideCopy[] {
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  const body = text.split(/\n\n/).map((paragraph): SlideCopy => {
    const [first, ...rest] = [...segmenter.segment(paragraph)].map((s) => s.segment.trim());
    return { kind: "body", heading: first!, body: rest.join(" ") };
  });
  return [
    { kind: "hook", heading: "Consistency beats intensity → 8 lessons 🚀", body: "Swipe →" },
    ...body,
    { kind: "cta", heading: "Save this for later ✨", body: "Follow for more like it, and share it with a friend who needs it." },
  ];
}

const isLetter = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{M}]/u.test(ch);

/**
 * Walks the drawn lines over the source text. Every line must be the next run of the source;
 * where two lines meet, the source must have whitespace there, or the first line must end
 * after a hyphen or dash the source has, or with a hyphen the renderer added between two letters.
 */
function expectWholeWords(source: string, lines: DrawnLine[]): { hyphenations: number } {
  let pos = 0;
  let hyphenations = 0;
  lines.forEach((line, i) => {
    const added = line.text.endsWith("-") && source.slice(pos, pos + line.text.length) !== line.text;
    const run = added ? line.text.slice(0, -1) : line.text;
    expect(source.slice(pos, pos + run.length), `line ${i + 1} continues the source`).toBe(run);
    pos += run.length;
    if (i === lines.length - 1) return;
    const before = source[pos - 1];
    const after = source[pos];
    if (/\s/u.test(after ?? "")) {
      while (/\s/u.test(source[pos] ?? "")) pos++;
      return;
    }
    if (added) {
      hyphenations++;
      expect(isLetter(before) && isLetter(after), `"${line.text}" is hyphenated between two letters`).toBe(true);
      return;
    }
    expect(before, `"${line.text}" | "${lines[i + 1]!.text}" breaks inside a word`).toMatch(/[-‐–—]/u);
  });
  expect(pos, "every character of the source is drawn").toBe(source.length);
  return { hyphenations };
}

const sourceOf = (slide: SlideCopy) => ({ heading: normalizeHeading(slide.heading), body: normalizeBody(slide.body) });

describe("a 10-slide carousel from a long text", () => {
  it("draws every character with a glyph and breaks lines only between words or at hyphens", async () => {
    const slides = carouselOf(LONG_TEXT);
    expect(slides).toHaveLength(10);
    const template = builtinTemplates.find((t) => t.key === "blush-blocks")!;
    for (const [index, slide] of slides.entries()) {
      const out = await renderSlide({ design: template.design, slide, index, total: 10, brand: { name: "Posteady Studio ✨", logo: null }, language: "en" });
      expect(out.missingChars, `slide ${index + 1}`).toEqual([]);
      expect(out.fitted.truncated, `slide ${index + 1}`).toBe(false);
      const source = sourceOf(slide);
      expectWholeWords(source.heading, out.lines.heading);
      expectWholeWords(source.body, out.lines.body);
    }
  }, 180_000); // ten full renders: minutes on a machine shared with other work
});

describe("line breaking", () => {
  const styles = textStyles("inter");
  const request = (heading: string, width: number, body = ""): FitRequest => ({
    family: "inter",
    language: "en",
    heading,
    body,
    width,
    height: 2000,
    headingStyle: styles.heading,
    bodyStyle: styles.body,
    headingRange: [60, 120],
    bodyRange: [26, 48],
  });

  it("shrinks a heading rather than splitting a word that fits the line at a smaller size", () => {
    const fit = fitText(request("Consistent creators", 500));
    expect(fit.heading.lines.map((l) => l.text)).toEqual(["Consistent", "creators"]);
    expect(fit.heading.size).toBeLessThan(120);
    expectWholeWords("Consistent creators", fit.heading.lines);
  });

  it("hyphenates a word wider than the line at any size, with the language's patterns, and keeps every line inside", () => {
    const heading = "Donaudampfschifffahrtsgesellschaft";
    const fit = fitText({ ...request(heading, 420), language: "de" });
    expect(fit.truncated).toBe(false);
    expect(fit.heading.size).toBeLessThan(120);
    const { hyphenations } = expectWholeWords(heading, fit.heading.lines);
    expect(hyphenations).toBeGreaterThan(0);
    expect(fit.heading.lines.map((l) => l.breakAfter)).toContain("hyphenation");
    const measure = measurer("inter", 700, fit.heading.size, styles.heading.tracking);
    for (const line of fit.heading.lines) expect(measure(line.text)).toBeLessThanOrEqual(420);
    // German patterns break the compound where a German reader expects it.
    expect(fit.heading.lines[0]!.text).toMatch(/^Donau(dampf(schiff)?)?-$/);
  });

  it("breaks after a hyphen the text already has without adding one", () => {
    const heading = "State-of-the-art internationalization";
    const fit = fitText(request(heading, 330));
    expectWholeWords(heading, fit.heading.lines);
    expect(fit.heading.lines.every((l) => !l.text.endsWith("--"))).toBe(true);
  });

  it("shrinks under the minimum size for an address that cannot be hyphenated, and never splits it", () => {
    const url = "https://example.com/posts/consistency";
    const fit = fitText(request(url, 800));
    expect(fit.heading.size).toBeLessThan(60);
    expect(fit.heading.lines.map((l) => l.text)).toEqual([url]);
    expect(measurer("inter", 700, fit.heading.size, styles.heading.tracking)(url)).toBeLessThanOrEqual(800);
  });
});

describe("what cannot fit at all", () => {
  it("cuts a token too long for the line even at half the minimum size with an ellipsis, and reports the slide truncated", () => {
    const styles = textStyles("inter");
    const fit = fitText({
      family: "inter",
      language: "en",
      heading: "x".repeat(300),
      body: "",
      width: 600,
      height: 2000,
      headingStyle: styles.heading,
      bodyStyle: styles.body,
      headingRange: [60, 120],
      bodyRange: [26, 48],
    });
    expect(fit.truncated).toBe(true);
    expect(fit.heading.lines).toEqual([expect.objectContaining({ breakAfter: "cut" })]);
    expect(fit.heading.lines[0]!.text).toMatch(/^x+…$/);
  });
});

describe("glyph coverage", () => {
  it("covers arrows, symbols, emoji sequences, accents, Cyrillic, Greek and Devanagari in every family", () => {
    const text = "→ ⇒ ← ↑ ✓ ✔ ★ • € ₹ № 😀 👩‍💻 👍🏽 ❤️ 🇫🇷 ✅ Ça coûte, łódź. Привет, мир! Καλημέρα. नमस्ते";
    for (const family of ["inter", "playfair", "space-grotesk"] as const) expect(unsupportedChars(family, text), family).toEqual([]);
  });

  it("a rendered slide reports the characters no font covers", async () => {
    const design = builtinTemplates[0]!.design;
    const out = await renderSlide({ design, slide: { kind: "body", heading: "Tokyo 東京 →", body: "" }, index: 0, total: 2, brand: null });
    expect(out.missingChars.sort()).toEqual(["京", "東"].sort());
  });

  it("draws emoji in colour", async () => {
    const design = { ...builtinTemplates[0]!.design, palette: { background: "#ffffff", text: "#111111", accent: "#111111" } };
    const render = (heading: string) => renderSlide({ design, slide: { kind: "hook", heading, body: "" }, index: 0, total: 2, brand: null });
    const { data, info } = await sharp((await render("Launch day 🚀😀")).jpeg)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const safe = safeArea(design.aspectRatio);
    let coloured = 0;
    for (let y = safe.y; y < safe.y + safe.h; y++) {
      for (let x = safe.x; x < safe.x + safe.w; x++) {
        const i = (y * info.width + x) * info.channels;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.max(r, g, b) - Math.min(r, g, b) > 80) coloured++;
      }
    }
    expect(coloured).toBeGreaterThan(2000);
  });
});

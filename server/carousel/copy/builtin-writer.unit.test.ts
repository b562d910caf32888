// The built-in (offline) writer: copy a person would post, taken from the text's own sentences,
// or for a bare topic whole sentences that never stitch the topic into a template.
import { describe, expect, it } from "vitest";
import { writeBuiltinCopy } from "./builtin-writer.ts";

const ARTICLE = `Most creators do not fail for lack of ideas. They fail because they publish in bursts: ten posts one week, nothing for a month. Audiences forget quickly, and platforms reward accounts that show up on a rhythm.

Consistency is a system, not a personality trait. The creators who last decide in advance when they publish, and they protect that slot like a meeting. A fixed schedule removes the daily negotiation with yourself.

Batching is the second habit. Writing five captions in one sitting takes far less time than writing one caption on five different days, because every switch between tasks costs attention. Designing visuals works the same way.

Reuse is underrated. A carousel that performed well can become a thread, a short video and a newsletter section; most followers missed it the first time anyway. Keep a swipe file of your own best posts.

Finally, review your numbers once a week. Saves and shares say more about value than likes do. Double down on the formats that people keep, and drop the ones nobody misses.`;

const flat = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
const texts = (copy: ReturnType<typeof writeBuiltinCopy>) => copy.slides.flatMap((s) => [s.heading, s.body]);

describe("built-in writer, from a text", () => {
  const copy = writeBuiltinCopy({ source: { kind: "text", content: ARTICLE }, slideCount: 10, language: "en" });
  const body = copy.slides.slice(1, -1);

  it("opens with the text's first line as the hook and closes with a call to action", () => {
    expect(copy.slides.map((s) => s.kind)).toEqual(["hook", ...Array(8).fill("body"), "cta"]);
    expect(copy.slides[0]!.heading).toBe("Most creators do not fail for lack of ideas");
    expect(copy.title).toBe(copy.slides[0]!.heading);
    expect(copy.slides.at(-1)!.heading).toBe("Save this for later");
  });

  it("makes every point of the text's own words, in the text's order, none twice", () => {
    const source = flat(ARTICLE);
    const positions = body.map((s) => {
      expect(source, s.heading).toContain(flat(s.heading));
      if (s.body) expect(source, s.body).toContain(flat(s.body));
      return source.indexOf(flat(s.heading));
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(body.map((s) => s.heading)).size).toBe(body.length);
  });

  it("writes points that stand alone: no dangling connective, no template phrase, capitalised", () => {
    for (const s of body) {
      expect(s.heading).toMatch(/^\p{Lu}/u);
      if (s.body) expect(s.body).toMatch(/^\p{Lu}/u);
      expect(`${s.heading} ${s.body}`).not.toMatch(/^(and|but|so|finally)\b/i);
      expect(s.heading).not.toMatch(/key point|matters$/i);
    }
    expect(body.map((s) => s.heading)).toContain("Review your numbers once a week");
  });

  it("captions with the text's key sentences and hashtags of its recurring words", () => {
    const [summary, tags] = copy.caption.split("\n\n");
    expect(flat(ARTICLE)).toContain(flat(summary!.split(". ")[0]!));
    expect(tags).toMatch(/^#\p{L}+( #\p{L}+)*$/u);
    expect(tags).not.toMatch(/#because|#their|#which/);
  });

  it("rounds off a short text with a recap and a nudge instead of placeholders", () => {
    const short = writeBuiltinCopy({
      source: { kind: "text", content: "Write every day. Publish twice a week at fixed times. Review what people saved on Fridays." },
      slideCount: 8,
      language: "en",
    });
    expect(short.slides).toHaveLength(8);
    const headings = short.slides.map((s) => s.heading);
    expect(headings).toContain("Quick recap");
    expect(headings).toContain("Pick one and try it this week");
    expect(texts(short).join(" ")).not.toMatch(/key point|undefined/i);
  });
});

describe("built-in writer, from a topic", () => {
  it("keeps the topic as the hook and gives exactly the points its title promises, numbered", () => {
    const topic = "5 habits of consistent content creators";
    const copy = writeBuiltinCopy({ source: { kind: "topic", content: topic }, slideCount: 8, language: "en" });
    expect(copy.slides[0]!.heading).toBe(topic);
    const points = copy.slides.filter((s) => /^\d+\. /.test(s.heading));
    expect(points.map((s) => s.heading.split(".")[0])).toEqual(["1", "2", "3", "4", "5"]);
    expect(points.every((s) => s.body.length > 20)).toBe(true);
    expect(copy.slides).toHaveLength(8);
    // The topic is never stitched into a sentence of a point.
    for (const s of copy.slides.slice(1)) expect(`${s.heading} ${s.body}`).not.toContain("content creators");
    expect(texts(copy).join(" ")).not.toMatch(/\bwhy .* matters\b/i);
  });

  it("chooses points that fit what the topic asks for", () => {
    const mistakes = writeBuiltinCopy({ source: { kind: "topic", content: "Mistakes to avoid when pricing a SaaS" }, slideCount: 5, language: "en" });
    const steps = writeBuiltinCopy({ source: { kind: "topic", content: "How to start a newsletter" }, slideCount: 5, language: "en" });
    expect(mistakes.slides[1]!.heading).toBe("Starting without a clear goal");
    expect(steps.slides[1]!.heading).toBe("Define what done looks like");
    expect(mistakes.slides[1]!.heading).not.toBe(steps.slides[1]!.heading);
  });

  it("writes in German for a German carousel", () => {
    const copy = writeBuiltinCopy({ source: { kind: "topic", content: "Kaltakquise per E-Mail" }, slideCount: 5, language: "de" });
    expect(copy.slides[0]!.heading).toBe("Kaltakquise per E-Mail");
    expect(copy.slides[1]!.heading).toBe("Mit dem Ziel beginnen");
    expect(copy.slides.at(-1)!.heading).toBe("Speichern für später");
    expect(texts(copy).join(" ")).not.toContain("Kaltakquise per E-Mail zählt");
  });
});

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

  it("makes a short text a shorter carousel, never padded, and says so", () => {
    const short = writeBuiltinCopy({
      source: { kind: "text", content: "Write every day. Publish twice a week at fixed times. Review what people saved on Fridays." },
      slideCount: 8,
      language: "en",
    });
    expect(short.slides.map((s) => s.kind)).toEqual(["hook", "body", "body", "cta"]);
    expect(texts(short).join(" ")).not.toMatch(/bonus|recap|pick one|key point|undefined/i);
    expect(short.warnings).toEqual(["The text has 2 points worth a slide, so the carousel has 4 slides, not 8."]);
    const one = writeBuiltinCopy({ source: { kind: "text", content: "Consistency beats intensity when you publish online." }, slideCount: 6, language: "en" });
    expect(one.slides.map((s) => s.kind)).toEqual(["hook", "cta"]);
    expect(one.warnings).toEqual(["The text has 0 points worth a slide, so the carousel has 2 slides, not 6."]);
    expect(copy.warnings).toEqual([]);
  });
});

describe("built-in writer, from a topic", () => {
  it("writes exactly the number of points the topic asks for, about its subject, with the subject's hashtags", () => {
    const topic = "5 tips for shooting golden hour photos on your phone";
    const copy = writeBuiltinCopy({ source: { kind: "topic", content: topic }, slideCount: 7, language: "en" });
    expect(copy.slides[0]!.heading).toBe(topic);
    const points = copy.slides.slice(1, -1);
    expect(points.map((s) => s.heading)).toEqual([
      "1. Be there early",
      "2. Put the sun behind your subject",
      "3. Lower the exposure before you shoot",
      "4. Lock focus and exposure",
      "5. Shoot silhouettes on purpose",
    ]);
    expect(points.map((s) => s.body).join(" ")).toMatch(/sunset/);
    expect(copy.caption.split("\n\n")[1]).toBe("#GoldenHour #PhonePhotography #SunsetPhotography");
    expect(copy.warnings).toEqual([]);
  });

  it.each([
    ["How to take better photos with your phone", "Clean the lens first"],
    ["7 productivity habits for remote teams", "1. Pick one most important task"],
    ["LinkedIn posts that get comments", "Win the first two lines"],
    ["Growing an email newsletter", "Send on a fixed day"],
    ["Public speaking without the nerves", "Know your one message"],
    ["Sleep better tonight", "Wake up at the same time every day"],
    ["3 budgeting rules", "1. Pay yourself first"],
    ["Cold email outreach that works", "Keep it under 100 words"],
  ])("knows the subject of %j", (topic, first) => {
    const copy = writeBuiltinCopy({ source: { kind: "topic", content: topic }, slideCount: 10, language: "en" });
    expect(copy.slides[1]!.heading).toBe(first);
    expect(copy.warnings).toEqual([]);
    expect(copy.caption).toMatch(/\n\n#[A-Z]\w+ #[A-Z]\w+ #[A-Z]\w+$/);
  });

  it("says when the slides cannot hold the points asked for, or the writer has fewer, instead of padding", () => {
    const many = writeBuiltinCopy({ source: { kind: "topic", content: "12 golden hour tips" }, slideCount: 10, language: "en" });
    expect(many.slides).toHaveLength(10);
    expect(many.warnings).toEqual(["The topic asks for 12 points; 10 slides hold 8 besides the first and the last."]);
    const more = writeBuiltinCopy({ source: { kind: "topic", content: "9 productivity tips" }, slideCount: 11, language: "en" });
    expect(more.slides).toHaveLength(10);
    expect(more.warnings).toEqual(["The built-in writer has 8 points about productivity; the topic asks for 9, so the carousel has 10 slides."]);
  });

  it("on a subject it does not know, gives general points numbered as asked, says they are general, and one hashtag of the subject", () => {
    const topic = "5 habits of consistent content creators";
    const copy = writeBuiltinCopy({ source: { kind: "topic", content: topic }, slideCount: 8, language: "en" });
    expect(copy.slides[0]!.heading).toBe(topic);
    const points = copy.slides.filter((s) => /^\d+\. /.test(s.heading));
    expect(points.map((s) => s.heading.split(".")[0])).toEqual(["1", "2", "3", "4", "5"]);
    expect(points.every((s) => s.body.length > 20)).toBe(true);
    expect(copy.slides).toHaveLength(7);
    expect(texts(copy).join(" ")).not.toMatch(/bonus|recap/i);
    expect(copy.warnings).toEqual([expect.stringContaining("general advice")]);
    expect(copy.warnings[0]).toContain("LLM_BASE_URL");
    expect(copy.caption.split("\n\n")[1]).toBe("#ConsistentContentCreators");
    // The topic is never stitched into a sentence of a point.
    for (const s of copy.slides.slice(1)) expect(`${s.heading} ${s.body}`).not.toContain("content creators");
  });

  it("chooses general points that fit what the topic asks for", () => {
    const mistakes = writeBuiltinCopy({ source: { kind: "topic", content: "Mistakes to avoid when pricing a SaaS" }, slideCount: 5, language: "en" });
    const steps = writeBuiltinCopy({ source: { kind: "topic", content: "How to start a podcast" }, slideCount: 5, language: "en" });
    expect(mistakes.slides[1]!.heading).toBe("Starting without a clear goal");
    expect(steps.slides[1]!.heading).toBe("Define what done looks like");
  });

  it("writes in German for a German carousel", () => {
    const copy = writeBuiltinCopy({ source: { kind: "topic", content: "Kaltakquise per E-Mail" }, slideCount: 5, language: "de" });
    expect(copy.slides[0]!.heading).toBe("Kaltakquise per E-Mail");
    expect(copy.slides[1]!.heading).toBe("Mit dem Ziel beginnen");
    expect(copy.slides.at(-1)!.heading).toBe("Speichern für später");
    expect(texts(copy).join(" ")).not.toContain("Kaltakquise per E-Mail zählt");
  });
});

// A feed's template: placeholders checked, gaps closed, and a text too long shortened where a
// reader expects it (the summary, then the title, at a word), never the link.
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { checkTemplate, fitTemplate, renderTemplate, shorten } from "./feed-template.ts";

const item = { title: "Five things we learned shipping in public", link: "https://example.com/p/5", summary: "A long look back at a year.", author: "Ada" };
const codePoints = (s: string) => [...s].length;

describe("feed templates", () => {
  it("refuses an unknown placeholder or an empty template, naming template", () => {
    for (const bad of ["{title} {url}", "{Title}", "   "]) {
      let error: unknown;
      try {
        checkTemplate(bad);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).details).toMatchObject({ issues: [{ path: "template" }] });
    }
    expect(() => checkTemplate("New: {title} by {author}\n{summary} {link} {}x")).toThrow(/unknown placeholder \{\}/);
    expect(() => checkTemplate("New: {title} by {author}\n{summary} {link}")).not.toThrow();
  });

  it("fills the placeholders and closes the gaps of empty ones", () => {
    expect(renderTemplate("{title} {link}", item)).toBe("Five things we learned shipping in public https://example.com/p/5");
    expect(renderTemplate("{title} by {author} {link}", { ...item, author: "" })).toBe("Five things we learned shipping in public by https://example.com/p/5");
    expect(renderTemplate("{summary}\n\n\n\n{link}", { ...item, summary: "" })).toBe("https://example.com/p/5");
  });

  it("shortens at a word with an ellipsis", () => {
    expect(shorten("Five things we learned", 13)).toBe("Five things…");
    expect(shorten("Short", 10)).toBe("Short");
    expect(shorten("Supercalifragilistic", 5)).toBe("Super…");
  });

  it("shortens the summary first, then the title, keeping the link whole; and says so when nothing fits", () => {
    const limit = (n: number) => (text: string) => codePoints(text) <= n;
    const template = "{title}: {summary} {link}";
    expect(fitTemplate(template, item, limit(500))).toEqual({ text: renderTemplate(template, item), shortened: false });
    const summaryCut = fitTemplate(template, item, limit(80));
    expect(summaryCut).toMatchObject({
      shortened: true,
      text: expect.stringMatching(/^Five things we learned shipping in public: A long look… https:\/\/example\.com\/p\/5$/),
    });
    const titleCut = fitTemplate(template, item, limit(50));
    expect("text" in titleCut && titleCut.text).toMatch(/^Five things we learned…: https:\/\/example\.com\/p\/5$/);
    expect("text" in titleCut && codePoints(titleCut.text)).toBeLessThanOrEqual(50);
    expect(fitTemplate(template, item, limit(20))).toEqual({ error: expect.stringContaining("too long") });
  });
});

import { expect, it } from "vitest";
import { graphemeCount } from "./graphemes.ts";

const whole = (text: string) => [...new Intl.Segmenter().segment(text)].length;

it("counts as one Intl.Segmenter pass over the whole text, across slice boundaries", () => {
  const texts = [
    "",
    "a".repeat(5_000),
    "é".repeat(3_000),
    "👩‍👩‍👧‍👦🇫🇷🇩🇪e\u0301".repeat(700),
    ("hello 👩🏽‍💻 wörld\r\n" + "e\u0301\u0302".repeat(50)).repeat(60),
    "🇫".repeat(1_001),
    "e" + "\u0301".repeat(5_000) + "x",
  ];
  for (const text of texts) expect(graphemeCount(text), JSON.stringify(text.slice(0, 20))).toBe(whole(text));
});

it("stops counting past stopAfter, so an 800 KB text is answered at once", () => {
  const text = "Launch day! https://acme.example " + "é".repeat(800_000);
  const count = graphemeCount(text, 10_000);
  expect(count).toBeGreaterThan(10_000);
  expect(count).toBeLessThan(11_000);
  // linear: one segmentation of the whole text would outlast the test's 30 s by minutes
  expect(graphemeCount(text)).toBe(800_033);
});

import { describe, expect, it } from "vitest";
import { codePoints, removeLinks, xWeightedLength } from "./text-rules.ts";

describe("the X link rule", () => {
  it.each([
    ["Read this https://example.com/a?b=1#frag now", "Read this now"],
    ["Plain http://example.org works too", "Plain works too"],
    ["www.example.com/path?q=1 at the start", "at the start"],
    ["Bare domains too: example.co.uk/x and acme.io", "Bare domains too: and"],
    ["Ends with a link, github.com/a/b#readme.", "Ends with a link,."],
    ["Two lines\nsee https://a.io/x\nbye", "Two lines\nsee\nbye"],
  ])("removes every link from %j", (input, expected) => {
    expect(removeLinks(input).text).toBe(expected);
  });

  it("keeps e-mail addresses, version numbers, file names and ftp links", () => {
    for (const text of ["write me@example.com", "v1.2.3 is out", "open index.js", "ftp://files.example.org stays"]) expect(removeLinks(text).text).toBe(text);
  });

  it("leaves nothing when the post is only links", () => {
    expect(removeLinks("https://example.com https://example.org").text).toBe("");
  });
});

describe("lengths", () => {
  it("counts as X does: URLs 23, emoji 2, CJK 2", () => {
    expect(xWeightedLength("hi https://example.com/a/very/long/path/that/is/long")).toBe(3 + 23);
    expect(xWeightedLength("👋")).toBe(2);
    expect(xWeightedLength("日本")).toBe(4);
    expect(xWeightedLength("👋".repeat(140))).toBe(280);
  });

  it("counts code points for Threads and LinkedIn", () => {
    expect(codePoints("a👋b")).toBe(3);
  });
});

// The storable-text check walks a whole body; found by the API fuzzer: a body nested 100,000
// deep (200 kB, under the size limit) kept the web process busy for minutes, because every level
// copied its path. It must take linear time and still name the field.
import { expect, it } from "vitest";
import { assertStorableText } from "./storable-text.ts";

const nested = (depth: number, leaf: unknown) => JSON.parse("[".repeat(depth) + JSON.stringify(leaf) + "]".repeat(depth));

it("checks a body nested 100,000 deep in linear time", () => {
  const started = performance.now();
  expect(() => assertStorableText(nested(100_000, "clean"), "body")).not.toThrow();
  expect(() => assertStorableText(nested(100_000, "a\u0000b"), "body")).toThrow(/NUL/);
  expect(performance.now() - started).toBeLessThan(2_000);
});

it("still names the field of a refused string", () => {
  try {
    assertStorableText({ posts: ["ok", "x\ud800"], nested: [{ "k\u0000": 1 }] }, "body");
    expect.unreachable();
  } catch (err) {
    expect((err as { details: { issues: { path: string }[] } }).details.issues.map((i) => i.path)).toEqual(["posts[1]", "nested[0].k\u0000"]);
  }
});

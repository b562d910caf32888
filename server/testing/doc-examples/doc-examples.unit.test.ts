// The doc-test runner itself: how a document is cut into steps, how shown output is matched, and
// that each way an example can go wrong fails its document.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docBlocks } from "./doc-blocks.ts";
import { mismatches, parseExpected, parseJsonPattern, textMatches } from "./output-pattern.ts";
import { runDocument } from "./run-document.ts";

const fence = "```";

describe("cutting a document into steps", () => {
  it("runs shell blocks, cut at each shown output; skips marked ones; ignores other languages", () => {
    const doc = [
      "Intro.",
      `${fence}sh`,
      "# a comment that is not output",
      'curl -s "$BASE/a"',
      "# → 202 {",
      '#     "a": 1 }',
      "echo done",
      fence,
      "<!-- doc-test: skip: starts the service itself -->",
      `${fence}sh`,
      "npm start",
      fence,
      `${fence}json`,
      '{ "not": "run" }',
      fence,
      "  ```bash",
      "  echo indented",
      "  # → indented",
      "  ```",
    ].join("\n");
    const { runnable, skipped } = docBlocks(doc);
    expect(skipped).toEqual([expect.objectContaining({ line: 10, skip: "starts the service itself" })]);
    expect(runnable.map((b) => b.steps)).toEqual([
      [
        { line: 3, script: '# a comment that is not output\ncurl -s "$BASE/a"', shown: '202 {\n"a": 1 }' },
        { line: 7, script: "echo done", shown: null },
      ],
      [{ line: 17, script: "echo indented", shown: "indented" }],
    ]);
  });

  it("refuses a block without a language, and a skip mark on a block that never runs", () => {
    expect(() => docBlocks(`${fence}\nnpm start\n${fence}`)).toThrow("line 1: a fenced block without a language");
    expect(() => docBlocks(`<!-- doc-test: skip: no -->\n${fence}json\n{}\n${fence}`)).toThrow("marks a json block");
  });
});

describe("matching what a document shows", () => {
  const diff = (actual: unknown, shown: string) => mismatches(actual, parseJsonPattern(shown));

  it("takes … for a value, the other members, the further elements, or characters in a string", () => {
    expect(diff({ id: "7f", status: "queued", extra: 1 }, '{"id":…,"status":"queued",…}')).toEqual([]);
    expect(diff({ key: "pst_abc123" }, '{"key":"pst_…"}')).toEqual([]);
    expect(diff([1, 2, 3], "[1, …]")).toEqual([]);
    expect(diff({ a: [] }, "{…}")).toEqual([]);
  });

  it("names each difference with its path", () => {
    expect(diff({ id: "7f", status: "failed" }, '{"id":…,"status":"queued"}')).toEqual(['$.status: expected "queued", got "failed"']);
    expect(diff({ id: "7f", more: 1 }, '{"id":…}')).toEqual(["$.more: not shown (add it, or `…` for the rest)"]);
    expect(diff({ list: [1] }, '{"list":[1, 2]}')).toEqual(["$.list: expected 2 items, got 1"]);
    expect(diff({ key: "sk_1" }, '{"key":"pst_…"}')).toEqual(['$.key: expected "pst_…", got "sk_1"']);
    expect(diff({}, '{"a":…}')).toEqual(["$.a: missing"]);
  });

  it("reads an HTTP status before the output, and text with … in it", () => {
    expect(parseExpected('201 {"a":1}')).toMatchObject({ status: 201, json: { kind: "object" } });
    expect(parseExpected("ok, 3 checks")).toMatchObject({ status: null, json: null });
    expect(textMatches("provider  x\n3 ok, 0 fail\n", "provider  …\n…\n3 ok, 0 fail")).toBe(true);
    expect(textMatches("3 ok, 1 fail", "3 ok, 0 fail")).toBe(false);
    expect(() => parseJsonPattern('{"a":1')).toThrow("output pattern");
  });
});

describe("running a document", () => {
  let server: http.Server;
  let base = "";
  let dir = "";
  beforeAll(async () => {
    server = http.createServer((req, res) =>
      res.writeHead(req.url === "/missing" ? 404 : 200).end(req.url === "/missing" ? '{"error":{}}' : '{"ok":true,"n":2}'),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "doc-examples-"));
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = (...blocks: string[]) => {
    const doc = path.join(dir, "doc.md");
    fs.writeFileSync(doc, blocks.map((b) => `${fence}sh\n${b}\n${fence}`).join("\n\n"));
    return runDocument(doc, { dir, env: process.env, settings: { BASE: base, KEY: "pst_test", LOCAL: "http://127.0.0.2:1" }, stepTimeoutMs: 10_000 });
  };

  it("passes a document whose examples print what it shows, keeping variables from block to block", async () => {
    const declared = "BASE=http://localhost:3000\nKEY=pst_…\nN=$(curl -s $BASE/ | jq .n)";
    expect(await run(declared, 'curl -s "$BASE/"\n# → 200 {"ok":true,…}', 'echo "$KEY $N"\n# → pst_test 2')).toEqual({ steps: 3, failure: null });
    expect(await run(declared, 'curl -s "$BASE/missing"\n# → 404 {"error":{}}')).toEqual({ steps: 2, failure: null });
  });

  it("fails on an undefined variable, a failed command, an HTTP error not shown, or other output", async () => {
    expect((await run('echo "$UNDEFINED"')).failure).toContain("the shell ended (an undefined variable?)");
    expect((await run("false\necho after")).failure).toContain("a command failed: false (exit 1)");
    expect((await run(`curl -s ${base}/missing | cat`)).failure).toContain("HTTP 404, which the document does not show");
    expect((await run(`curl -s ${base}/\n# → {"ok":false,…}`)).failure).toContain("$.ok: expected false, got true");
    expect((await run(`curl -s ${base}/\n# → 201 {…}`)).failure).toContain("the answer's status is 200, the document shows 201");
    expect((await run("echo one; echo two\n# → one")).failure).toContain("the output differs");
    expect((await run("cat <<<x | node -e 'process.exit(3)'")).failure).toContain("a command failed");
  });
});

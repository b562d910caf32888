// Every shell example of README.md and docs/ runs against the test stack, exactly as written but
// for the settings its document declares in its first example (BASE, KEY, LOCAL), and prints
// what the document shows (docs/testing.md, "Documentation examples run"). A new document's
// examples are picked up by being there.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../../runtime/embedded-postgres.ts";
import { createWorkspaceWithKey } from "../fixtures.ts";
import { makeMp4 } from "../media-fixtures.ts";
import { docBlocks } from "./doc-blocks.ts";
import { runDocument } from "./run-document.ts";

const documents = ["README.md", ...fs.readdirSync("docs", { recursive: true, encoding: "utf8" }).map((f) => path.join("docs", f))]
  .filter((f) => f.endsWith(".md"))
  .sort();
const ran: string[] = [];

describe.concurrent("documentation examples", () => {
  afterAll(() => console.log(`documentation examples run: ${ran.join(", ")}`));

  it.each(documents)("%s", { timeout: 600_000 }, async (doc) => {
    if (docBlocks(fs.readFileSync(doc, "utf8")).runnable.length === 0) return void ran.push(`${doc} 0`);
    // under the project (DATA_DIR is .data/test), so that `npm run` in an example finds it
    const dir = path.join(inject("dataDir"), "doc-examples", doc.replace(/[/.]/g, "_"));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    // the files the examples name, as a reader has them in the folder they work in
    fs.writeFileSync(path.join(dir, "launch.mp4"), makeMp4());
    fs.writeFileSync(
      path.join(dir, "cover.png"),
      await sharp({ create: { width: 1080, height: 1350, channels: 4, background: "#e8f0ff" } })
        .png()
        .toBuffer(),
    );
    const { key } = await createWorkspaceWithKey();
    const settings = {
      BASE: inject("baseUrl"),
      KEY: key,
      // the local endpoint's address, which the stack's URL_FETCH_ALLOW_CIDRS opens, on a free port
      LOCAL: `http://127.0.0.2:${await freePort()}`,
    };
    const run = await runDocument(doc, { dir, env: process.env, settings, stepTimeoutMs: 120_000 });
    ran.push(`${doc} ${run.steps}`);
    expect(run.failure, run.failure ?? "").toBeNull();
  });
});

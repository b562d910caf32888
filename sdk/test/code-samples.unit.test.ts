// The API reference shows, for every operation, the SDK call that makes it (x-codeSamples). Each
// sample is compiled here against the SDK's own types: a sample whose path, parameters or example
// body the SDK would refuse fails, so the reference never shows a call that does not compile.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../server/http/openapi.ts";
import { routes } from "../../server/http/routes.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("the API reference's SDK samples", () => {
  it("exist for every operation and compile against the SDK", async () => {
    const document = buildOpenApiDocument(routes.map((r) => r.op));
    const samples = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, { "x-codeSamples"?: { label: string; source: string }[] }>).flatMap((op) => op["x-codeSamples"] ?? []),
    );
    expect(samples.length).toBe(routes.length);
    expect(new Set(samples.map((s) => s.label))).toEqual(new Set(["Posteady SDK"]));
    // one module: the shared setup once, each call in its own block
    const [setup] = samples[0]!.source.split("const answer");
    const body = samples.map((s) => `{\n${s.source.slice(setup!.length)}  void answer;\n}`).join("\n");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-samples-"));
    fs.writeFileSync(path.join(dir, "samples.ts"), `${setup}\n${body}\nexport {};\n`);
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
          typeRoots: [path.join(root, "node_modules/@types")],
          paths: { "@posteady/sdk": [path.join(root, "sdk/src/index.ts")] },
        },
        files: ["samples.ts"],
      }),
    );
    const tsc = path.join(root, "node_modules/typescript/bin/tsc");
    const result = await promisify(execFile)(process.execPath, [tsc, "-p", dir]).then(
      () => "",
      (err: { stdout: string }) => err.stdout,
    );
    expect(result).toBe("");
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});

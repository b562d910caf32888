// The checked-in generated files must be what `npm run sdk:generate` writes from the current
// OpenAPI document: an operation changed without regenerating fails here (and so in CI).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateSdkFiles, generatedDir } from "../../scripts/sdk-generate.ts";

describe("SDK generated files", () => {
  it("match a fresh generation from the OpenAPI document (run `npm run sdk:generate`)", async () => {
    const files = await generateSdkFiles();
    expect(Object.keys(files).sort()).toEqual(fs.readdirSync(generatedDir).sort());
    for (const [name, text] of Object.entries(files)) {
      expect(fs.readFileSync(path.join(generatedDir, name), "utf8") === text, `sdk/src/generated/${name} is out of date: npm run sdk:generate`).toBe(true);
    }
  }, 60_000);
});

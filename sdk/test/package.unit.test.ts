// The package as npm publishes it: `npm run build` in sdk/ makes ESM and CommonJS builds with
// types, and both load and expose the same API.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const sdk = path.resolve(import.meta.dirname, "..");

describe("@posteady/sdk package", () => {
  it("builds ESM and CommonJS with types, both exposing the client, the errors and webhook verification", async () => {
    await promisify(execFile)("npm", ["run", "-s", "build"], { cwd: sdk });
    const manifest = JSON.parse(fs.readFileSync(path.join(sdk, "package.json"), "utf8"));
    for (const entry of [manifest.exports["."].import, manifest.exports["."].require]) {
      expect(fs.existsSync(path.join(sdk, entry.types)), entry.types).toBe(true);
      expect(fs.existsSync(path.join(sdk, entry.default)), entry.default).toBe(true);
    }
    const cjs = createRequire(import.meta.url)(path.join(sdk, manifest.exports["."].require.default));
    const esm = await import(path.join(sdk, manifest.exports["."].import.default));
    for (const api of [cjs, esm]) {
      expect(Object.keys(api).sort()).toEqual([
        "Posteady",
        "PosteadyError",
        "PosteadyTimeoutError",
        "WebhookVerificationError",
        "createClient",
        "verifyWebhook",
      ]);
      expect(api.createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "pst_x" })).toBeInstanceOf(api.Posteady);
    }
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["openapi-fetch", "standardwebhooks"]);
  }, 120_000);
});

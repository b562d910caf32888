// The OpenAPI document: generated from the operations, served publicly, and lint-clean.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { api } from "../testing/fixtures.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { routes } from "./routes.ts";

const operations = routes.map((r) => r.op);

describe("OpenAPI document", () => {
  it("is served without a key at /api/v1/openapi.json and describes every operation", async () => {
    const res = await api()("GET", "/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
    for (const op of operations) {
      const doc = res.json.paths[op.path]?.[op.method.toLowerCase()];
      expect(doc?.operationId, `${op.method} ${op.path}`).toBe(op.operationId);
      const common = op.auth === "none" ? ["422", "500"] : ["401", "403", "422", "429", "500"];
      expect(Object.keys(doc.responses)).toEqual(expect.arrayContaining(common));
      // a JSON body must be sent as JSON: anything else is 415
      if (op.body) expect(Object.keys(doc.responses), op.operationId).toEqual(expect.arrayContaining(["400", "413", "415"]));
    }
  });

  it("lints clean with @redocly/cli (recommended rules, no warnings)", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "openapi-")), "openapi.json");
    fs.writeFileSync(file, JSON.stringify(buildOpenApiDocument(operations)));
    const bin = path.resolve("node_modules/.bin/redocly");
    const { stdout } = await promisify(execFile)(bin, ["lint", file, "--format=json", "--config", path.resolve("redocly.yaml")], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    const report = JSON.parse(stdout);
    expect(report.problems.map((p: { ruleId: string; message: string }) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});

// Limits every web process shares (kept in PostgreSQL): a key's requests per minute, and unknown
// keys per client address. Real HTTP against the test stack, and a second web process on the
// same database.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { sql } from "../db.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { requestFrom } from "../testing/http-from.ts";
import { startWebProcess, type WebProcess } from "../testing/web-process.ts";
import { MCP_PATH } from "../mcp/endpoint.ts";

const unknownKey = () => "pst_" + crypto.randomBytes(30).toString("base64url");
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe("per-key rate limit with two web processes", () => {
  let second: WebProcess;
  beforeAll(async () => {
    second = await startWebProcess();
  });
  afterAll(() => second?.stop());

  it("gives a key exactly its plan's limit per minute, counted once across both processes", async () => {
    const t = await createWorkspaceWithKey(); // Creator: 300 requests per minute
    const urls = [inject("baseUrl"), second.url];
    const answers: Awaited<ReturnType<typeof requestFrom>>[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const calls = Array.from({ length: 31 }, (_, i) => requestFrom("127.0.0.1", `${urls[i % 2]}/api/v1/workspaces`, { headers: bearer(t.key) }));
      answers.push(...(await Promise.all(calls)));
    }
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(300);
    expect(limited).toHaveLength(10);
    // one count: every remaining value from 299 down to 0 was answered once, by either process
    expect(ok.map((a) => Number(a.headers["x-ratelimit-remaining"])).sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(new Set(ok.map((a) => a.headers["x-ratelimit-limit"]))).toEqual(new Set(["300"]));
    for (const a of limited) {
      expect(a.json.error.code).toBe("RATE_LIMITED");
      expect(Number(a.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(a.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(a.headers["x-ratelimit-remaining"]).toBe("0");
    }
    // the second process refuses the key too, for the rest of the minute
    expect((await requestFrom("127.0.0.1", `${second.url}/api/v1/workspaces`, { headers: bearer(t.key) })).status).toBe(429);
  });
});

describe("unknown API keys per client address", () => {
  it("refuses an address's unknown keys after 50 on either door, but never its valid keys", async () => {
    const t = await createWorkspaceWithKey();
    const from = "127.0.0.3";
    const base = inject("baseUrl");
    const rest = (headers: Record<string, string>) => requestFrom(from, `${base}/api/v1/workspaces`, { headers });
    const mcp = (headers: Record<string, string>) =>
      requestFrom(from, `${base}${MCP_PATH}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });

    expect((await rest(bearer(t.key))).status).toBe(200);
    // 300 unknown keys over REST and MCP: one count for the address, 50 refused with 401, then 429
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, j) => (j % 2 ? mcp : rest)(bearer(unknownKey()))));
      statuses.push(...answers.map((a) => a.status));
    }
    // a burst of concurrent failures can pass the limit by its size once (docs/reliability.md, "Check, then count")
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(50);
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(60);
    expect(statuses.slice(60)).toEqual(Array(240).fill(429));
    // once blocked, the address's failures are no longer written
    const [failures] = await sql<{ points: number }>("test-failed-keys", `SELECT points FROM "RateLimit" WHERE key = $1`, [`api-failed-key:${from}`]);
    expect(failures!.points).toBeLessThan(60);

    for (const answer of [await rest(bearer(unknownKey())), await rest({}), await mcp(bearer(unknownKey()))]) {
      expect(answer.status).toBe(429);
      expect(answer.json).toEqual({
        error: {
          code: "RATE_LIMITED",
          message: expect.stringMatching(/^Too many requests with unknown API keys from this address; retry in \d+ s$/),
          details: { retryAfterSeconds: expect.any(Number) },
        },
      });
      const retryAfter = Number(answer.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(9 * 60);
      expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    }
    // a valid key from the same address is judged by its own limit only, on both doors
    const ok = await rest(bearer(t.key));
    expect(ok.status).toBe(200);
    expect(Number(ok.headers["x-ratelimit-remaining"])).toBe(298);
    expect((await mcp(bearer(t.key))).status).toBe(200);
  });
});

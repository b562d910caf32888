// Black-box HTTP tests of the /api/v1 door against the running app.
import { describe, expect, it } from "vitest";
import { db } from "../db.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { revokeApiKey } from "../domain/api-keys/revoke-api-key.ts";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function expectEnvelope(res: { json: any }, code: string) {
  expect(res.json).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
}

describe("GET /api/v1/workspaces", () => {
  it("answers the key's workspace with id, name and plan, and rate-limit headers", async () => {
    const t = await createWorkspaceWithKey();
    const res = await api(t.key)("GET", "/api/v1/workspaces");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      workspaces: [{ workspaceId: t.workspace.id, name: t.workspace.name, plan: "creator", createdAt: t.workspace.createdAt.toISOString() }],
    });
    expect(res.headers.get("x-ratelimit-limit")).toBe("300");
    expect(Number(res.headers.get("x-ratelimit-remaining"))).toBe(299);
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  });

  it("records when a key was last used", async () => {
    const t = await createWorkspaceWithKey();
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: t.apiKeyId } })).lastUsedAt).toBeNull();
    await api(t.key)("GET", "/api/v1/workspaces");
    await expect.poll(async () => (await db.apiKey.findUniqueOrThrow({ where: { id: t.apiKeyId } })).lastUsedAt).not.toBeNull();
  });
});

describe("authentication", () => {
  it.each([
    ["missing", undefined],
    ["not bearer", "Basic dXNlcjpwYXNz"],
    ["empty bearer", "Bearer"],
    ["malformed key", "Bearer not-a-key"],
    ["unknown key", "Bearer pst_" + "A".repeat(40)],
  ])("refuses a %s key with 401 in the envelope", async (_label, header) => {
    const res = await api()("GET", "/api/v1/workspaces", { headers: header ? { Authorization: header } : {} });
    expect(res.status).toBe(401);
    expectEnvelope(res, "UNAUTHORIZED");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("refuses a revoked key within a second of revocation", async () => {
    const t = await createWorkspaceWithKey();
    expect((await api(t.key)("GET", "/api/v1/accounts")).status).toBe(200);
    await revokeApiKey(t.scope, t.apiKeyId);
    await sleep(1100);
    const res = await api(t.key)("GET", "/api/v1/accounts");
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/revoked/);
  });

  it("refuses an expired key", async () => {
    const t = await createWorkspaceWithKey();
    const { key, apiKey } = await createApiKey(t.scope, { name: "short", expiresAt: new Date(Date.now() + 1500) });
    expect((await api(key)("GET", "/api/v1/workspaces")).status).toBe(200);
    await sleep(1600);
    const res = await api(key)("GET", "/api/v1/workspaces");
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/expired/);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row.revokedAt).toBeNull();
  });

  it("answers 403 PLAN_REQUIRED to a key of a Free workspace and writes nothing", async () => {
    const t = await createWorkspaceWithKey({ plan: "FREE" });
    const res = await api(t.key)("GET", "/api/v1/accounts");
    expect(res.status).toBe(403);
    expectEnvelope(res, "PLAN_REQUIRED");
    expect(res.json.error.details).toEqual({ requiredPlan: "creator", currentPlan: "free" });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: t.apiKeyId } })).lastUsedAt).toBeNull();
  });
});

describe("input and routing errors", () => {
  it("refuses unknown query parameters with 422 naming them, and records no use", async () => {
    const t = await createWorkspaceWithKey();
    const res = await api(t.key)("GET", "/api/v1/accounts?provider=x&debug=1");
    expect(res.status).toBe(422);
    expectEnvelope(res, "VALIDATION_ERROR");
    expect(res.json.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(["debug", "provider"]);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: t.apiKeyId } })).lastUsedAt).toBeNull();
  });

  it("answers 400 INVALID_JSON to a body that is not JSON and 422 naming wrongly typed fields; nothing is written", async () => {
    const t = await createWorkspaceWithKey();
    const bad = await api(t.key)("POST", "/api/v1/media/uploads", { rawBody: "{fileName: nope", headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
    expectEnvelope(bad, "INVALID_JSON");
    const typed = await api(t.key)("POST", "/api/v1/media/uploads", { body: { fileName: 7, contentType: "video/mp4", fileSize: "12" } });
    expect(typed.status).toBe(422);
    expect(typed.json.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(["fileName", "fileSize"]);
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: t.apiKeyId } })).lastUsedAt).toBeNull();
  });

  it("answers 404 in the envelope for unknown paths and 405 for unsupported methods", async () => {
    const t = await createWorkspaceWithKey();
    const missing = await api(t.key)("GET", "/api/v1/does-not-exist");
    expect(missing.status).toBe(404);
    expectEnvelope(missing, "NOT_FOUND");
    const wrongMethod = await api(t.key)("DELETE", "/api/v1/workspaces");
    expect(wrongMethod.status).toBe(405);
    expectEnvelope(wrongMethod, "METHOD_NOT_ALLOWED");
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("rate limit", () => {
  it("answers 429 RATE_LIMITED with Retry-After past the plan's per-minute limit", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(t.key);
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(Array.from({ length: 30 }, () => call("GET", "/api/v1/workspaces")));
      statuses.push(...results.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    const limited = await call("GET", "/api/v1/workspaces");
    expect(limited.status).toBe(429);
    expectEnvelope(limited, "RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    // another key of the same workspace has its own budget
    const other = await createApiKey(t.scope, { name: "second" });
    expect((await api(other.key)("GET", "/api/v1/workspaces")).status).toBe(200);
  });
});

describe("GET /api/v1/accounts", () => {
  it("lists only the key's workspace's accounts, without TikTok login-kit connections", async () => {
    const a = await createWorkspaceWithKey();
    const b = await createWorkspaceWithKey();
    const base = { scopes: [], pageTasks: [], accessTokenEnc: "x", displayName: "Name" };
    await db.connectedAccount.createMany({
      data: [
        { ...base, workspaceId: a.workspace.id, provider: "x", providerAccountId: "1", username: "mine", scopes: ["tweet.read", "tweet.write"] },
        { ...base, workspaceId: a.workspace.id, provider: "tiktok", providerAccountId: "2", username: "kit", connectionMethod: "login-kit" },
        { ...base, workspaceId: a.workspace.id, provider: "instagram", providerAccountId: "3", username: "ig", accountType: "creator" },
        { ...base, workspaceId: b.workspace.id, provider: "x", providerAccountId: "1", username: "theirs" },
      ],
    });
    const res = await api(a.key)("GET", "/api/v1/accounts");
    expect(res.status).toBe(200);
    expect(res.json.accounts.map((x: { username: string }) => x.username).sort()).toEqual(["ig", "mine"]);
    const x = res.json.accounts.find((acc: { provider: string }) => acc.provider === "x");
    expect(x).toEqual({
      accountId: expect.any(String),
      provider: "x",
      username: "mine",
      displayName: "Name",
      capabilities: { readPosts: true, publishPosts: true, schedulePosts: true, repostPosts: true },
    });
    expect(res.json.accounts.find((acc: { provider: string }) => acc.provider === "instagram").accountType).toBe("creator");
  });

  it("under a stream of concurrent lists, every list asked after an account was added shows it", async () => {
    const t = await createWorkspaceWithKey();
    // a key per client: each has its own rate-limit budget
    const keys = await Promise.all(Array.from({ length: 24 }, (_, i) => createApiKey(t.scope, { name: `client ${i}` })));
    let added = false;
    let stop = false;
    const stale: number[] = [];
    const client = async (key: string) => {
      while (!stop) {
        const askedAfterAdd = added;
        const res = await api(key)("GET", "/api/v1/accounts");
        expect(res.status).toBe(200);
        if (askedAfterAdd && res.json.accounts.length !== 1) stale.push(res.json.accounts.length);
      }
    };
    const clients = keys.map(({ key }) => client(key));
    await sleep(300);
    await db.connectedAccount.create({
      data: {
        workspaceId: t.workspace.id,
        provider: "x",
        providerAccountId: "9",
        username: "new",
        displayName: "New",
        accessTokenEnc: "x",
        scopes: [],
        pageTasks: [],
      },
    });
    added = true;
    await sleep(300);
    stop = true;
    await Promise.all(clients);
    expect(stale).toEqual([]);
  });
});

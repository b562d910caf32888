// Scoped API keys at the REST door: a key is answered only within its scopes, every other
// operation is 403 FORBIDDEN naming the missing scope, before its input is read and without a
// write. The operations come from the route table, so a new route is covered the day it lands.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../db.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { KEY_SCOPES, type KeyScope } from "../domain/api-keys/key-scopes.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";
import { sandboxPosts } from "../testing/platform-fixtures.ts";
import { routes } from "./routes.ts";

const keyed = routes.map((r) => r.op).filter((op) => op.auth !== "none");
const pathOf = (path: string) => path.replace(/\{\w+\}/g, () => crypto.randomUUID());

async function keyWith(t: Awaited<ReturnType<typeof createWorkspaceWithKey>>, scopes: KeyScope[]) {
  return (await createApiKey(t.scope, { name: scopes.join(" "), scopes })).key;
}

async function workspaceRows(workspaceId: string) {
  const where = { workspaceId };
  const [jobs, scheduled, media, carousels] = await Promise.all([
    db.publishJob.count({ where }),
    db.scheduledPost.count({ where }),
    db.mediaItem.count({ where }),
    db.carousel.count({ where }),
  ]);
  return { jobs, scheduled, media, carousels };
}

describe("a key with only posts:read", () => {
  it("is refused on every write operation with 403 FORBIDDEN naming the scope, before its input is read, writing nothing", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(await keyWith(t, ["posts:read"]));
    const writes = keyed.filter((op) => op.scope?.endsWith(":write") || op.scope === "posts:approve");
    // the only other operations that are not GETs are the dry runs, which write nothing
    expect(
      keyed
        .filter((op) => op.method !== "GET" && !writes.includes(op))
        .map((op) => op.path)
        .sort(),
    ).toEqual(["/api/v1/post-groups/validate", "/api/v1/posts/validate", "/api/v1/scheduled-posts/validate"]);
    expect(writes.length).toBeGreaterThanOrEqual(7);
    for (const op of writes) {
      // an empty body would be a 422 if the input were read first
      const res = await call(op.method, pathOf(op.path), { body: {} });
      expect(res.status, `${op.method} ${op.path}`).toBe(403);
      expect(res.json.error.code).toBe("FORBIDDEN");
      expect(res.json.error.message).toContain(op.scope!);
      expect(res.json.error.details).toEqual({ requiredScope: op.scope, keyScopes: ["posts:read"] });
    }
    expect(await workspaceRows(t.workspace.id)).toEqual({ jobs: 0, scheduled: 0, media: 0, carousels: 0 });
  });

  it("is answered on the posts:read operations and refused on the reads of other areas", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(await keyWith(t, ["posts:read"]));
    const reads = keyed.filter((op) => op.method === "GET");
    expect(reads.filter((op) => op.scope === "posts:read").length).toBeGreaterThanOrEqual(3);
    for (const op of reads) {
      // a read whose query needs an account (the queue) is asked about a made-up one
      const query = op.query && !op.query.safeParse({}).success ? `?accountId=${crypto.randomUUID()}` : "";
      const res = await call("GET", pathOf(op.path) + query);
      const name = `GET ${op.path}`;
      if (op.scope === "posts:read") {
        // a made-up id is simply not found: the key got past its scope
        expect(res.status, name).toBe(op.path.includes("{") || query ? 404 : 200);
      } else {
        expect(res.status, name).toBe(403);
        expect(res.json.error, name).toMatchObject({ code: "FORBIDDEN", details: { requiredScope: op.scope } });
      }
    }
  });

  it("cannot publish what a key with posts:write publishes", async () => {
    const t = await createWorkspaceWithKey();
    const x = await connectAccount(t.scope, "x");
    const body = { accountIds: [x.accountId], posts: [`Scoped ${crypto.randomUUID()}`] };
    const refused = await api(await keyWith(t, ["posts:read", "accounts:read"]))("POST", "/api/v1/posts", { body });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/lacks the scope posts:write/);
    expect(await sandboxPosts("x", x.username)).toEqual([]);
    const writer = api(await keyWith(t, ["posts:write"]));
    const published = await writer("POST", "/api/v1/posts", { body });
    expect(published.status).toBe(200);
    expect(published.json.summary).toMatchObject({ succeeded: 1, failed: 0 });
    expect((await sandboxPosts("x", x.username)).map((p: { text: string }) => p.text)).toEqual(body.posts);
    // posts:write does not read: the listing needs posts:read
    expect((await writer("GET", "/api/v1/posts")).status).toBe(403);
  });
});

describe("keys without chosen scopes", () => {
  it("hold every scope when made, and keys that existed before scopes the scopes of that time (the column's default)", async () => {
    const t = await createWorkspaceWithKey();
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: t.apiKeyId } })).scopes).toEqual([...KEY_SCOPES]);
    const id = crypto.randomUUID();
    await db.$executeRaw`INSERT INTO "ApiKey" (id, "workspaceId", "createdById", name, hash, prefix, last4) VALUES (${id}::uuid, ${t.workspace.id}::uuid, ${t.user.id}::uuid, 'old', ${crypto.randomUUID()}, 'pst_old0', 'abcd')`;
    // approving, client connect links and the audit log came later: an old key is not granted them
    const later = ["accounts:write", "posts:approve", "audit:read"];
    expect((await db.apiKey.findUniqueOrThrow({ where: { id } })).scopes).toEqual(KEY_SCOPES.filter((s) => !later.includes(s)));
    const call = api(t.key);
    for (const path of ["/api/v1/accounts", "/api/v1/media", "/api/v1/posts", "/api/v1/scheduled-posts", "/api/v1/carousels/options"]) {
      expect((await call("GET", path)).status, path).toBe(200);
    }
  });

  it("the database refuses an empty or unknown scope, whoever writes it", async () => {
    const t = await createWorkspaceWithKey();
    await expect(db.apiKey.update({ where: { id: t.apiKeyId }, data: { scopes: [] } })).rejects.toThrow(/ApiKey_scopes_known/);
    await expect(db.apiKey.update({ where: { id: t.apiKeyId }, data: { scopes: ["posts:admin"] } })).rejects.toThrow(/ApiKey_scopes_known/);
  });
});

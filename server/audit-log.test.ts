// The audit log (issue 50 point 6, docs/audit-log.md): one entry per successful write through each
// door, none for reads, failures or dry runs; the list's filters and cursor; who may read it;
// retention; and no secret of the run in any stored row.
import Papa from "papaparse";
import { describe, expect, inject, it } from "vitest";
import { db } from "./db.ts";
import { httpClient, ok } from "./mcp/test-client.ts";
import { dashboardSession } from "./testing/dashboard-session.ts";
import { dashboardSignIn } from "./testing/dashboard-sign-in.ts";
import { api, createWorkspaceWithKey, uniqueEmail } from "./testing/fixtures.ts";
import { hashPassword } from "./domain/auth/password.ts";
import { createApiKey } from "./domain/api-keys/create-api-key.ts";
import { pruneAuditLog } from "./domain/audit/audit-retention.ts";
import { linkActor, recordAuditAs } from "./domain/audit/record-audit.ts";

const composition = { content: { text: "Audited draft" }, targets: [] };
const rowsOf = (workspaceId: string) => db.auditEntry.findMany({ where: { workspaceId }, orderBy: { id: "asc" } });
const loopback = /^(::ffff:)?127\.0\.0\.1$|^::1$/;

/** A tRPC query (GET) with the session cookie, as the dashboard's client sends it. */
async function trpcQuery(cookie: string, procedure: string, input: unknown) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const url = `${inject("baseUrl")}/api/trpc/${procedure}${query}`;
  const res = await fetch(url, { headers: { Cookie: cookie } });
  return { status: res.status, json: (await res.json()) as any };
}

/** An editor of the workspace (their only one) who can sign in to the dashboard. */
async function editorOf(workspaceId: string) {
  const email = uniqueEmail("editor");
  const password = "password-" + crypto.randomUUID();
  const user = await db.user.create({ data: { email, passwordHash: await hashPassword(password) } });
  await db.membership.create({ data: { workspaceId, userId: user.id, role: "EDITOR" } });
  return { email, password, cookie: await dashboardSignIn(inject("baseUrl"), email, password) };
}

describe("every write through every door is one entry", () => {
  it("REST: the key by name and prefix, door rest, the operationId, the resource and the address", async () => {
    const t = await createWorkspaceWithKey();
    const { key, apiKey } = await createApiKey(t.scope, { name: "ci-bot" });
    const created = await api(key)("POST", "/api/v1/drafts", { body: { composition } });
    expect(created.status).toBe(201);
    const rows = await rowsOf(t.workspace.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: "apiKey",
      actorId: apiKey.id,
      actorLabel: `ci-bot (${key.slice(0, 8)}…)`,
      door: "rest",
      action: "createDraft",
      resourceType: "draft",
      resourceId: created.json.draftId,
      details: { httpStatus: 201 },
    });
    expect(rows[0]!.address).toMatch(loopback);

    // an update names the resource by its path's {id}
    expect((await api(key)("PUT", `/api/v1/drafts/${created.json.draftId}`, { body: { composition } })).status).toBe(200);
    expect((await rowsOf(t.workspace.id)).map((r) => [r.action, r.resourceId])).toEqual([
      ["createDraft", created.json.draftId],
      ["updateDraft", created.json.draftId],
    ]);
  });

  it("MCP: a tool that writes is one entry with door mcp and the tool's name; read-only tools none", async () => {
    const t = await createWorkspaceWithKey();
    const client = await httpClient(t.key);
    const draft = await ok(client, "save_draft", { composition });
    await ok(client, "list_drafts");
    await ok(client, "get_draft", { draftId: draft.draftId });
    const rows = await rowsOf(t.workspace.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: "apiKey",
      actorId: t.apiKeyId,
      actorLabel: `test (${t.key.slice(0, 8)}…)`,
      door: "mcp",
      action: "save_draft",
      resourceType: "draft",
      resourceId: draft.draftId,
    });
    expect(rows[0]!.address).toMatch(loopback);
  });

  it("dashboard: a mutation is one entry by the member's email with the procedure's path; queries none", async () => {
    const t = await createWorkspaceWithKey();
    const mutation = await dashboardSession(t.email, t.password);
    const saved = await mutation("drafts.save", { composition });
    expect(saved.status).toBe(200);
    const cookie = await dashboardSignIn(inject("baseUrl"), t.email, t.password);
    expect((await trpcQuery(cookie, "drafts.list", undefined)).status).toBe(200);
    const rows = await rowsOf(t.workspace.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: "user",
      actorId: t.user.id,
      actorLabel: t.email,
      door: "dashboard",
      action: "drafts.save",
      resourceType: "drafts",
      resourceId: saved.json.result.data.draftId,
    });
    expect(rows[0]!.address).toMatch(loopback);
  });

  it("reads, refused writes, invalid writes and dry runs are not recorded", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(t.key);
    expect((await call("GET", "/api/v1/drafts")).status).toBe(200);
    expect((await call("GET", "/api/v1/audit-log")).status).toBe(200);
    expect((await call("POST", "/api/v1/drafts", { body: { composition: { content: 5 } } })).status).toBe(422);
    expect((await call("PUT", `/api/v1/drafts/${crypto.randomUUID()}`, { body: { composition } })).status).toBe(404);
    expect((await call("POST", "/api/v1/posts/validate", { body: { accountIds: [crypto.randomUUID()], posts: ["dry"] } })).status).toBeGreaterThanOrEqual(200);
    const reader = await createApiKey(t.scope, { name: "reader", scopes: ["posts:read"] });
    expect((await api(reader.key)("POST", "/api/v1/drafts", { body: { composition } })).status).toBe(403);
    const client = await httpClient(t.key);
    expect((await client.callTool({ name: "save_draft", arguments: { composition: { content: 5 } } })).isError).toBe(true);
    const mutation = await dashboardSession(t.email, t.password);
    expect((await mutation("drafts.delete", { id: crypto.randomUUID() })).status).toBe(404);
    expect(await rowsOf(t.workspace.id)).toEqual([]);
  });

  it("links record with an explicit actor: the client's name, or what the link is", async () => {
    const t = await createWorkspaceWithKey();
    const linkId = crypto.randomUUID();
    await recordAuditAs(t.workspace.id, linkActor("reviewLink", linkId, "Dana (Acme)"), { door: "link", action: "reviewLinks.approve" });
    await recordAuditAs(t.workspace.id, linkActor("connectLink", linkId), { door: "link", action: "connectLinks.connect" });
    expect((await rowsOf(t.workspace.id)).map((r) => [r.actorKind, r.actorId, r.actorLabel, r.door])).toEqual([
      ["reviewLink", linkId, "Dana (Acme)", "link"],
      ["connectLink", linkId, "client connect link", "link"],
    ]);
  });
});

describe("GET /api/v1/audit-log", () => {
  it("filters by time, actor and action prefix, and walks every entry once with the cursor, newest first", async () => {
    const t = await createWorkspaceWithKey();
    const base = Date.parse("2026-06-01T12:00:00.000Z");
    // seven entries, two sharing one instant (the cursor must order them by id)
    const at = [0, 1, 2, 2, 3, 4, 5].map((h) => new Date(base + h * 3_600_000));
    for (const [i, when] of at.entries()) {
      await db.auditEntry.create({
        data: {
          workspaceId: t.workspace.id,
          at: when,
          actorKind: i % 2 ? "user" : "apiKey",
          actorId: i % 2 ? t.user.id : t.apiKeyId,
          actorLabel: i % 2 ? "Owner@Example.test" : "ci-bot (pst_ab12…)",
          door: "rest",
          action: i < 4 ? `createDraft` : `publishing.create`,
        },
      });
    }
    const call = api(t.key);
    const all: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await call("GET", `/api/v1/audit-log?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.status).toBe(200);
      all.push(...page.json.entries);
      cursor = page.json.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(all.map((e) => Number(e.id))).toEqual([...all.map((e) => Number(e.id))].sort((a, b) => b - a));
    expect(new Set(all.map((e) => e.id)).size).toBe(7);
    expect(all.map((e) => e.at)).toEqual([...at].reverse().map((d) => d.toISOString()));

    const ids = async (query: string) => (await call("GET", `/api/v1/audit-log?${query}`)).json.entries.length;
    expect(await ids(`from=${new Date(base + 2 * 3_600_000).toISOString()}&to=${new Date(base + 4 * 3_600_000).toISOString()}`)).toBe(3);
    expect(await ids("actor=owner@example")).toBe(3);
    expect(await ids(`actor=${t.apiKeyId}`)).toBe(4);
    expect(await ids("action=publishing.")).toBe(3);
    expect(await ids("action=create")).toBe(4);
    const bad = await call("GET", "/api/v1/audit-log?cursor=not-a-cursor");
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe("VALIDATION_ERROR");
  });

  it("needs the key scope audit:read, and the dashboard permission audit.read (owners and admins)", async () => {
    const t = await createWorkspaceWithKey();
    const { key } = await createApiKey(t.scope, { name: "no-audit", scopes: ["posts:read", "posts:write"] });
    const refused = await api(key)("GET", "/api/v1/audit-log");
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: "FORBIDDEN", details: { requiredScope: "audit:read" } });

    const editor = await editorOf(t.workspace.id);
    const asEditor = await trpcQuery(editor.cookie, "audit.list", {});
    expect(asEditor.status).toBe(403);
    expect(asEditor.json.error.data).toMatchObject({ code: "FORBIDDEN", appCode: "FORBIDDEN", details: { permission: "audit.read" } });
    expect(asEditor.json.error.message).toContain("audit.read");
    expect((await trpcQuery(editor.cookie, "audit.exportCsv", {})).status).toBe(403);

    const owner = await dashboardSignIn(inject("baseUrl"), t.email, t.password);
    expect((await trpcQuery(owner, "audit.list", {})).status).toBe(200);
  });

  it("exports the filtered log as CSV through the dashboard", async () => {
    const t = await createWorkspaceWithKey();
    await api(t.key)("POST", "/api/v1/drafts", { body: { composition } });
    const mutation = await dashboardSession(t.email, t.password);
    await mutation("drafts.save", { composition });
    const owner = await dashboardSignIn(inject("baseUrl"), t.email, t.password);
    const exported = await trpcQuery(owner, "audit.exportCsv", { action: "drafts." });
    expect(exported.status).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(exported.json.result.data.csv, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual(["at", "actor", "actorKind", "actorId", "door", "action", "resourceType", "resourceId", "address", "details"]);
    expect(parsed.data.map((r) => [r.actor, r.door, r.action])).toEqual([[t.email, "dashboard", "drafts.save"]]);
  });
});

describe("retention", () => {
  it("deletes only entries older than each workspace's retention, which owners change in Settings", async () => {
    const a = await createWorkspaceWithKey();
    const b = await createWorkspaceWithKey();
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    for (const t of [a, b]) {
      for (const d of [400, 30, 1]) {
        await db.auditEntry.create({
          data: { workspaceId: t.workspace.id, at: daysAgo(d), actorKind: "system", actorLabel: "system", door: "cli", action: `old-${d}` },
        });
      }
    }
    const owner = await dashboardSession(a.email, a.password);
    expect((await owner("audit.setRetention", { auditRetentionDays: 0 })).json.error.data.appCode).toBe("VALIDATION_ERROR");
    expect((await owner("audit.setRetention", { auditRetentionDays: 3651 })).json.error.data.appCode).toBe("VALIDATION_ERROR");
    const editor = await editorOf(a.workspace.id);
    const asEditor = await dashboardSession(editor.email, editor.password);
    expect((await asEditor("audit.setRetention", { auditRetentionDays: 7 })).json.error.data).toMatchObject({
      appCode: "FORBIDDEN",
      details: { permission: "settings.manage" },
    });
    expect((await owner("audit.setRetention", { auditRetentionDays: 7 })).json.result.data).toEqual({ auditRetentionDays: 7 });

    await pruneAuditLog();
    const left = async (t: typeof a) => (await rowsOf(t.workspace.id)).map((r) => r.action);
    // a: 7 days keeps the 1-day-old entry and the setting's own entry; b: the default 365
    expect(await left(a)).toEqual(["old-1", "audit.setRetention"]);
    expect(await left(b)).toEqual(["old-30", "old-1"]);
    expect((await rowsOf(a.workspace.id)).at(-1)).toMatchObject({ door: "dashboard", actorLabel: a.email, details: { auditRetentionDays: 7 } });
  });
});

describe("secrets", () => {
  it("no key, password or token used in the run appears in any stored entry", async () => {
    const t = await createWorkspaceWithKey();
    const mutation = await dashboardSession(t.email, t.password);
    const created = await mutation("apiKeys.create", { name: "made in the dashboard" });
    const newKey: string = created.json.result.data.key;
    await api(newKey)("POST", "/api/v1/drafts", { body: { composition: { ...composition, content: { text: "with a secret: " + t.password } } } });
    const client = await httpClient(t.key);
    await ok(client, "save_draft", { composition });
    await mutation("apiKeys.revoke", { id: created.json.result.data.apiKey.id });
    const rows = await rowsOf(t.workspace.id);
    expect(rows.map((r) => r.action)).toEqual(["apiKeys.create", "createDraft", "save_draft", "apiKeys.revoke"]);
    const stored = JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    for (const secret of [t.key, newKey, t.password, newKey.slice(8), t.key.slice(8)]) expect(stored).not.toContain(secret);
  });
});

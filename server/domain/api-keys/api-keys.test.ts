import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { scopeFromSession, systemScope } from "../../scope.ts";
import { dashboardSession } from "../../testing/dashboard-session.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { setOrganizationPlan } from "../organizations/set-plan.ts";
import { createApiKey } from "./create-api-key.ts";
import { hashApiKey } from "./key-format.ts";
import { listApiKeys } from "./list-api-keys.ts";
import { revokeApiKey } from "./revoke-api-key.ts";

describe("API keys", () => {
  it("are stored only as a hash, listed by prefix and last 4 characters", async () => {
    const t = await createWorkspaceWithKey();
    const { key, apiKey } = await createApiKey(t.scope, { name: "  Zapier  " });
    expect(key).toMatch(/^pst_[A-Za-z0-9_-]{40}$/);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row.hash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(8, -4));
    const listed = (await listApiKeys(t.scope)).find((k) => k.id === apiKey.id)!;
    expect(listed).toMatchObject({ name: "Zapier", prefix: key.slice(0, 8), last4: key.slice(-4), status: "active", lastUsedAt: null });
  });

  it("need the Creator plan", async () => {
    const t = await createWorkspaceWithKey();
    await setOrganizationPlan(t.organization.id, "FREE");
    await expect(createApiKey(await systemScope(t.workspace.id), { name: "k" })).rejects.toMatchObject({ code: "PLAN_REQUIRED" });
  });

  it("can be managed by owners and admins, not by members or by keys", async () => {
    const t = await createWorkspaceWithKey();
    const member = await db.user.create({ data: { email: `member-${t.workspace.id}@example.test`, passwordHash: "x" } });
    await db.membership.create({ data: { workspaceId: t.workspace.id, userId: member.id, role: "EDITOR" } });
    const memberScope = await scopeFromSession(member.id, t.workspace.id);
    await expect(createApiKey(memberScope, { name: "k" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const keyScope = { ...t.scope, actor: { kind: "apiKey" as const, apiKeyId: t.apiKeyId, userId: t.user.id, scopes: [] } };
    await expect(listApiKeys(keyScope)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const ownerScope = await scopeFromSession(t.user.id, t.workspace.id);
    const { apiKey } = await createApiKey(ownerScope, { name: "owner's" });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).createdById).toBe(t.user.id);
  });

  it("are created in the dashboard with the scopes chosen there, and answered only within them", async () => {
    const t = await createWorkspaceWithKey();
    const mutation = await dashboardSession(t.email, t.password);
    const created = await mutation("apiKeys.create", { name: "Reader", scopes: ["posts:read", "accounts:read"] });
    expect(created.status).toBe(200);
    const { key, apiKey } = created.json.result.data;
    // listed in the canonical order, whatever order they were chosen in
    expect(apiKey.scopes).toEqual(["accounts:read", "posts:read"]);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).scopes).toEqual(["accounts:read", "posts:read"]);
    expect((await listApiKeys(t.scope)).find((k) => k.id === apiKey.id)?.scopes).toEqual(["accounts:read", "posts:read"]);
    expect((await api(key)("GET", "/api/v1/accounts")).status).toBe(200);
    expect((await api(key)("GET", "/api/v1/media")).json.error).toMatchObject({ code: "FORBIDDEN", details: { requiredScope: "media:read" } });

    for (const [scopes, path] of [
      [[], "scopes"],
      [["posts:admin"], "scopes[0]"],
      [["posts:read", "posts:read"], "scopes"],
    ] as const) {
      const refused = await mutation("apiKeys.create", { name: "Bad", scopes });
      expect(refused.json.error.data.appCode, JSON.stringify(scopes)).toBe("VALIDATION_ERROR");
      expect(refused.json.error.data.details.issues[0].path, JSON.stringify(scopes)).toBe(path);
    }
    expect((await listApiKeys(t.scope)).map((k) => k.name).sort()).toEqual(["Reader", "test"]);
  });

  it("refuse an expiry in the past", async () => {
    const t = await createWorkspaceWithKey();
    await expect(createApiKey(t.scope, { name: "k", expiresAt: new Date(Date.now() - 1000) })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "expiresAt" })] },
    });
  });

  it("revoke once, keep the first revocation time, and never across workspaces", async () => {
    const a = await createWorkspaceWithKey();
    const b = await createWorkspaceWithKey();
    await expect(revokeApiKey(b.scope, a.apiKeyId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: a.apiKeyId } })).revokedAt).toBeNull();
    const first = await revokeApiKey(a.scope, a.apiKeyId);
    const second = await revokeApiKey(a.scope, a.apiKeyId);
    expect(first.status).toBe("revoked");
    expect(second.revokedAt).toBe(first.revokedAt);
  });
});

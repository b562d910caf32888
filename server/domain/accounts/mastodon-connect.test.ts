// Connecting Mastodon accounts (issue 48) through the real OAuth flow against the sandbox's
// instances: the user names an instance, our app is registered there once (MastodonApp), the
// attempt remembers its instance, the limits are kept in PostgreSQL, a refused address is a 422
// at `instance` that stores nothing, and a revoked token flags the account.
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { mastodonAdapter } from "../../platforms/mastodon/mastodon-adapter.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { sandboxUrl } from "../../testing/platform-fixtures.ts";
import type { Scope } from "../access.ts";
import { withAccount } from "./account-tokens.ts";
import { callbackUrl } from "./callback-url.ts";
import { completeConnect, startConnect } from "./connect-account.ts";
import { listDashboardAccounts } from "./list-dashboard-accounts.ts";
import { mastodonAppStore } from "./mastodon-app-store.ts";

const instanceUrl = (domain: string) => `${sandboxUrl()}/mastodon/${domain}`;

async function connectMastodon(scope: Scope, instance?: string, username = `m_${crypto.randomUUID().slice(0, 6)}`) {
  const { authorizeUrl, state } = await startConnect(scope, { provider: "mastodon", ...(instance !== undefined ? { instance } : {}) });
  const back = await consentHeadlessly(authorizeUrl, { username });
  const { accounts } = await completeConnect({
    provider: "mastodon",
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    error: back.searchParams.get("error"),
    userId: null,
  });
  return { account: accounts[0]!, authorizeUrl, state, username };
}

describe("connecting Mastodon", () => {
  it("connects on the instance the user names: one app per instance, the instance on the attempt, ids per instance, limits kept in PostgreSQL", async () => {
    const t = await createWorkspaceWithKey();
    // typed with a trailing slash: normalized to the instance's base URL
    const first = await connectMastodon(t.scope, `${instanceUrl("long.example")}/`);
    const base = instanceUrl("long.example");
    expect(new URL(first.authorizeUrl).href.startsWith(`${base}/oauth/authorize?`)).toBe(true);
    const attempt = await db.oAuthState.findUniqueOrThrow({ where: { state: first.state } });
    expect(attempt.instance).toBe(base);

    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: first.account.accountId } });
    expect(row.providerAccountId).toMatch(/^[^@]+@long\.example$/);
    expect(row.username).toBe(`${first.username}@long.example`);
    expect(row.metadata).toMatchObject({ instance: base });
    expect(row.scopes).toEqual(expect.arrayContaining(["read", "write:statuses", "write:media"]));

    // a second account of the same instance reuses the app
    await connectMastodon(t.scope, base);
    expect(await db.mastodonApp.count({ where: { instance: base } })).toBe(1);
    const limits = await db.mastodonInstance.findUniqueOrThrow({ where: { instance: base } });
    expect(limits.limits).toMatchObject({ maxCharacters: 5000, maxMediaAttachments: 6 });

    const listed = (await api(t.key)("GET", "/api/v1/accounts")).json.accounts;
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          provider: "mastodon",
          username: `${first.username}@long.example`,
          capabilities: expect.objectContaining({ publishPosts: true }),
        }),
      ]),
    );
    // REST's answer keeps SPEC.md's fields; the dashboard's list (the composer's counter) carries the stored limits
    expect(listed[0]).not.toHaveProperty("instanceLimits");
    const dashboard = (await listDashboardAccounts(t.scope)).filter((a) => a.provider === "mastodon");
    expect(dashboard).toHaveLength(2);
    for (const a of dashboard) expect(a.instanceLimits).toEqual({ maxCharacters: 5000, maxMediaAttachments: 6, charactersReservedPerUrl: expect.any(Number) });
  });

  it("connects to the configured default instance when none is named", async () => {
    const t = await createWorkspaceWithKey();
    const { account } = await connectMastodon(t.scope);
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: account.accountId } });
    expect(row.metadata).toMatchObject({ instance: instanceUrl("mastodon.social") });
  });

  it("refuses an address that is not an instance or points into our network with a 422 at `instance`, storing nothing", async () => {
    const t = await createWorkspaceWithKey();
    const before = await db.mastodonApp.count();
    for (const instance of ["ftp://files.example", "http://10.1.2.3", "https://user:pw@mastodon.example"]) {
      await expect(startConnect(t.scope, { provider: "mastodon", instance }), instance).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
        details: { issues: [expect.objectContaining({ path: "instance" })] },
      });
    }
    expect(await db.oAuthState.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    expect(await db.mastodonApp.count()).toBe(before);
  });

  it("flags the account 'Needs reconnecting' once the user revokes its token (401; Mastodon has no refresh)", async () => {
    const t = await createWorkspaceWithKey();
    const base = instanceUrl("revoke.example");
    const { account } = await connectMastodon(t.scope, base);
    const app = (await mastodonAppStore.find(base, callbackUrl("mastodon")))!;
    const token = await withAccount(account.accountId, async (ctx) => ctx.accessToken);
    const revoked = await fetch(`${base}/oauth/revoke`, {
      method: "POST",
      body: new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, token }),
    });
    expect(revoked.status).toBe(200);
    await expect(withAccount(account.accountId, (ctx) => mastodonAdapter.listPosts(ctx, null))).rejects.toMatchObject({ kind: "auth_expired" });
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: account.accountId } });
    expect(row.needsReconnect).toBe(true);
    const listed = (await api(t.key)("GET", "/api/v1/accounts")).json.accounts;
    expect(listed[0].capabilities.publishPosts).toBe(false);
  });
});

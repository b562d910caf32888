// Connecting accounts through the real OAuth flow against the sandbox (started with the stack).
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { resetPlatformConfig } from "../../platforms/config.ts";
import { consentHeadlessly, type ConsentChoices } from "../../sandbox/headless-consent.ts";
import { createWorkspaceWithKey, api } from "../../testing/fixtures.ts";
import { sandbox } from "../../testing/platform-fixtures.ts";
import { scopeFromSession } from "../../scope.ts";
import type { Scope } from "../access.ts";
import { completeConnect, startConnect } from "./connect-account.ts";
import { syncAccount } from "../posts/sync-account.ts";
import { decryptToken } from "./token-cipher.ts";
import { disconnectAccount } from "./manage-accounts.ts";
import type { ProviderName } from "./providers.ts";

async function connectVia(
  scope: Scope,
  provider: ProviderName,
  choices: ConsentChoices = {},
  extra: { accountId?: string; app?: "business" | "login-kit"; userId?: string | null } = {},
) {
  const { authorizeUrl } = await startConnect(scope, { provider, accountId: extra.accountId, app: extra.app });
  const back = await consentHeadlessly(authorizeUrl, { username: `${provider}_${crypto.randomUUID().slice(0, 6)}`, ...choices });
  const params = {
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    error: back.searchParams.get("error"),
    errorDescription: back.searchParams.get("error_description"),
  };
  return {
    params,
    complete: () => completeConnect({ provider, ...params, userId: extra.userId ?? (scope.actor.kind === "user" ? scope.actor.userId : null) }),
  };
}

describe("connecting accounts", () => {
  it("stores the account with encrypted tokens and lists it in the API with its capabilities", async () => {
    const t = await createWorkspaceWithKey();
    const flow = await connectVia(t.scope, "x", { username: "enc_test", displayName: "Enc Test" });
    const { accounts } = await flow.complete();
    expect(accounts).toEqual([expect.objectContaining({ provider: "x", username: "enc_test", displayName: "Enc Test" })]);
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: accounts[0]!.accountId } });
    expect(row.accessTokenEnc).toMatch(/^v1\./);
    const token = decryptToken(row.accessTokenEnc);
    expect(row.accessTokenEnc).not.toContain(token);
    expect(row.refreshTokenEnc && decryptToken(row.refreshTokenEnc)).toBeTruthy();
    expect(row.scopes).toEqual(expect.arrayContaining(["tweet.write", "offline.access"]));
    const res = await api(t.key)("GET", "/api/v1/accounts");
    expect(res.json.accounts).toEqual([
      {
        accountId: row.id,
        provider: "x",
        username: "enc_test",
        displayName: "Enc Test",
        capabilities: { readPosts: true, publishPosts: true, schedulePosts: true, repostPosts: true },
      },
    ]);
  });

  it("refuses a replayed, unknown or foreign state and stores nothing more", async () => {
    const t = await createWorkspaceWithKey();
    const flow = await connectVia(t.scope, "x");
    await flow.complete();
    await expect(flow.complete()).rejects.toMatchObject({ code: "OAUTH_STATE_INVALID" });
    await expect(completeConnect({ provider: "x", state: "forged", code: flow.params.code, userId: null })).rejects.toMatchObject({
      code: "OAUTH_STATE_INVALID",
    });
    await expect(completeConnect({ provider: "x", state: null, code: "x", userId: null })).rejects.toMatchObject({ code: "OAUTH_STATE_INVALID" });
    const owner = await scopeFromSession(t.user.id, t.workspace.id);
    const started = await connectVia(owner, "x", {}, { userId: crypto.randomUUID() });
    await expect(started.complete()).rejects.toMatchObject({ code: "OAUTH_STATE_INVALID", message: expect.stringMatching(/someone else/) });
    expect(await db.connectedAccount.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
  });

  it("answers a denied consent with a clear message and stores nothing", async () => {
    const t = await createWorkspaceWithKey();
    const flow = await connectVia(t.scope, "linkedin", { deny: true });
    expect(flow.params.error).toBe("access_denied");
    await expect(flow.complete()).rejects.toMatchObject({ code: "CONNECTION_DENIED", message: "The user denied the request" });
    expect(await db.connectedAccount.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });

  it("connects LinkedIn with the self-serve products: listed without readPosts, and the sync skips it instead of failing", async () => {
    const t = await createWorkspaceWithKey();
    const { accounts } = await (await connectVia(t.scope, "linkedin")).complete();
    const res = await api(t.key)("GET", "/api/v1/accounts");
    expect(res.json.accounts).toEqual([
      expect.objectContaining({ provider: "linkedin", capabilities: { readPosts: false, publishPosts: true, schedulePosts: true, repostPosts: true } }),
    ]);
    expect(await syncAccount(accounts[0]!.accountId)).toMatchObject({ posts: 0, skipped: "cannot read posts" });
  });

  it("explains LinkedIn refusing scopes the app has no product for, and stores nothing", async () => {
    const t = await createWorkspaceWithKey();
    process.env.LINKEDIN_SCOPES = "r_member_social r_member_postAnalytics";
    resetPlatformConfig();
    try {
      const { authorizeUrl } = await startConnect(t.scope, { provider: "linkedin" });
      // The sandbox's LinkedIn app has the self-serve products only: it returns at once with the error.
      const refused = await fetch(authorizeUrl, { redirect: "manual" });
      const back = new URL(refused.headers.get("location")!);
      expect(back.searchParams.get("error")).toBe("unauthorized_scope_error");
      const attempt = completeConnect({
        provider: "linkedin",
        state: back.searchParams.get("state"),
        code: back.searchParams.get("code"),
        error: back.searchParams.get("error"),
        errorDescription: back.searchParams.get("error_description"),
        userId: null,
      });
      await expect(attempt).rejects.toMatchObject({
        code: "CONNECTION_DENIED",
        message: expect.stringMatching(
          /^LinkedIn refused the connection: the app is not authorized to request the r_member_social permission\. Add the LinkedIn product that grants it to your LinkedIn app .*LINKEDIN_SCOPES/,
        ),
      });
    } finally {
      delete process.env.LINKEDIN_SCOPES;
      resetPlatformConfig();
    }
    expect(await db.connectedAccount.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });

  it("reconnects the same account (clearing its flag), refuses another one, and 404s foreign accounts", async () => {
    const a = await createWorkspaceWithKey();
    const b = await createWorkspaceWithKey();
    const first = await (await connectVia(a.scope, "threads", { username: "same_person" })).complete();
    const accountId = first.accounts[0]!.accountId;
    await db.connectedAccount.update({ where: { id: accountId }, data: { needsReconnect: true, reconnectReason: "test" } });
    const profiles = await sandbox<{ profiles: { id: string; username: string }[] }>("GET", "/_sandbox/profiles");
    const profileId = profiles.profiles.find((p) => p.username === "same_person")!.id;
    await (await connectVia(a.scope, "threads", { profileId }, { accountId })).complete();
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: accountId } });
    expect([row.needsReconnect, row.reconnectReason]).toEqual([false, null]);
    const other = await connectVia(a.scope, "threads", { username: "someone_else" }, { accountId });
    await expect(other.complete()).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db.connectedAccount.count({ where: { workspaceId: a.workspace.id } })).toBe(1);
    await expect(startConnect(b.scope, { provider: "threads", accountId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(disconnectAccount(b.scope, accountId)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("disconnects (hidden everywhere, history kept) and revives the same row on reconnect", async () => {
    const t = await createWorkspaceWithKey();
    const { accounts } = await (await connectVia(t.scope, "youtube", { username: "chan" })).complete();
    await disconnectAccount(t.scope, accounts[0]!.accountId);
    expect((await api(t.key)("GET", "/api/v1/accounts")).json.accounts).toEqual([]);
    const profiles = await sandbox<{ profiles: { id: string; username: string }[] }>("GET", "/_sandbox/profiles");
    const again = await (await connectVia(t.scope, "youtube", { profileId: profiles.profiles.find((p) => p.username === "chan")!.id })).complete();
    expect(again.accounts[0]!.accountId).toBe(accounts[0]!.accountId);
  });

  it("lists TikTok business-developer connections in the API but not Login Kit ones", async () => {
    const t = await createWorkspaceWithKey();
    await (await connectVia(t.scope, "tiktok", { username: "tt_business" }, { app: "business" })).complete();
    const kit = await (await connectVia(t.scope, "tiktok", { username: "tt_kit" }, { app: "login-kit" })).complete();
    expect(kit.accounts[0]!.connectionMethod).toBe("login-kit");
    const listed = (await api(t.key)("GET", "/api/v1/accounts")).json.accounts;
    expect(listed.map((a: { username: string }) => a.username)).toEqual(["tt_business"]);
  });
});

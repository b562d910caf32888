// Token upkeep: refresh before expiry (with rotation), refresh once on an expired token at use,
// and flagging when the platform refuses.
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { adapterFor } from "../../platforms/registry.ts";
import { PlatformError } from "../../platforms/errors.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import { createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { fault, sandbox } from "../../testing/platform-fixtures.ts";
import { withAccount } from "./account-tokens.ts";
import { completeConnect, startConnect } from "./connect-account.ts";
import { refreshExpiringTokens } from "./refresh-expiring-tokens.ts";
import { decryptToken } from "./token-cipher.ts";

async function connectX(tokenSeconds?: number) {
  const t = await createWorkspaceWithKey();
  if (tokenSeconds) await sandbox("PUT", "/_sandbox/settings", { accessTokenSeconds: tokenSeconds });
  try {
    const { authorizeUrl } = await startConnect(t.scope, { provider: "x" });
    const back = await consentHeadlessly(authorizeUrl, { username: `tok_${crypto.randomUUID().slice(0, 6)}` });
    const { accounts } = await completeConnect({ provider: "x", state: back.searchParams.get("state"), code: back.searchParams.get("code"), userId: null });
    return { t, accountId: accounts[0]!.accountId };
  } finally {
    if (tokenSeconds) await sandbox("PUT", "/_sandbox/settings", { accessTokenSeconds: null });
  }
}

describe("token upkeep", () => {
  it("refreshes tokens before they expire and keeps the newest (rotated) refresh token", async () => {
    const { accountId } = await connectX(60); // expires within the 15-minute margin
    const before = await db.connectedAccount.findUniqueOrThrow({ where: { id: accountId } });
    const result = await refreshExpiringTokens();
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const after = await db.connectedAccount.findUniqueOrThrow({ where: { id: accountId } });
    expect(decryptToken(after.refreshTokenEnc!)).not.toBe(decryptToken(before.refreshTokenEnc!));
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3600_000);
    // The old refresh token was rotated away; the stored one works.
    const again = await adapterFor("x").refresh({ accessToken: "", refreshToken: decryptToken(after.refreshTokenEnc!) });
    expect(again.accessToken).toBeTruthy();
  });

  it("refreshes concurrent callers once: they all end with the same working tokens", async () => {
    const { accountId } = await connectX(60);
    const { refreshAccountTokens } = await import("./account-tokens.ts");
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshAccountTokens(accountId)));
    expect(new Set(results.map((r) => r.accessTokenEnc)).size).toBe(1);
    expect(results[0]!.needsReconnect).toBe(false);
  });

  it("on an expired token at use, refreshes once and succeeds", async () => {
    const { accountId } = await connectX();
    await fault("x", "expired_token", { operation: "users.tweets" });
    const page = await withAccount(accountId, (ctx) => adapterFor("x").listPosts(ctx, null));
    expect(page.posts).toEqual([]);
    expect((await db.connectedAccount.findUniqueOrThrow({ where: { id: accountId } })).needsReconnect).toBe(false);
  });

  it("flags the account for reconnection when the refresh is refused too", async () => {
    const { accountId } = await connectX();
    await fault("x", "revoked_token", { operation: "users.tweets" });
    const err = await withAccount(accountId, (ctx) => adapterFor("x").listPosts(ctx, null)).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: accountId } });
    expect(row.needsReconnect).toBe(true);
    expect(row.reconnectReason).toMatch(/refresh|no longer accepts/);
    await expect(withAccount(accountId, async () => "never")).rejects.toBeInstanceOf(PlatformError);
  });

  it("flags accounts whose background refresh is refused", async () => {
    const { accountId } = await connectX(60);
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: accountId } });
    await adapterFor("x").refresh({ accessToken: "", refreshToken: decryptToken(row.refreshTokenEnc!) }); // rotates it away behind our back
    await refreshExpiringTokens();
    expect((await db.connectedAccount.findUniqueOrThrow({ where: { id: accountId } })).needsReconnect).toBe(true);
  });
});

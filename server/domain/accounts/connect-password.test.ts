// Connecting Bluesky with a handle and an app password, against the sandbox's real PDS: the account
// stored with encrypted tokens and its server, reconnected in place, refusals in words; its
// session refreshed at its own server, and a revoked app password flags it "Needs reconnecting".
import { AtpAgent } from "@atproto/api";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { resetEnv } from "../../env.ts";
import { AppError } from "../../errors.ts";
import { platformConfig } from "../../platforms/config.ts";
import { createBlueskyTestAccount } from "../../testing/bluesky-fixtures.ts";
import { createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { refreshAccountTokens } from "./account-tokens.ts";
import { connectWithAppPassword } from "./connect-password.ts";
import { refreshExpiringTokens } from "./refresh-expiring-tokens.ts";

const allowCidrs = process.env.URL_FETCH_ALLOW_CIDRS;
afterEach(() => {
  if (allowCidrs === undefined) delete process.env.URL_FETCH_ALLOW_CIDRS;
  else process.env.URL_FETCH_ALLOW_CIDRS = allowCidrs;
  resetEnv();
});

async function refused(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("connecting Bluesky with an app password", () => {
  it("stores the account with encrypted tokens and its server, and connecting again reconnects the same account", async () => {
    const t = await createWorkspaceWithKey();
    const bsky = await createBlueskyTestAccount();
    // no server named: the default, which in sandbox mode is the local PDS
    const first = await connectWithAppPassword(t.scope, { provider: "bluesky", identifier: `@${bsky.handle}`, appPassword: bsky.appPassword });
    expect(first).toMatchObject({ provider: "bluesky", username: bsky.handle });
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: first.accountId } });
    expect(row.providerAccountId).toBe(bsky.did);
    expect(row.metadata).toMatchObject({ server: platformConfig().sandboxUrl, service: platformConfig().sandboxUrl });
    expect(row.accessTokenEnc).not.toContain("eyJ"); // a JWT in the clear starts so
    expect(row.refreshTokenEnc).toBeTruthy();
    expect(row.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());

    await db.connectedAccount.update({ where: { id: row.id }, data: { needsReconnect: true, reconnectReason: "revoked" } });
    const again = await connectWithAppPassword(t.scope, {
      provider: "bluesky",
      identifier: bsky.handle,
      appPassword: bsky.appPassword,
      server: platformConfig().sandboxUrl,
    });
    expect(again.accountId).toBe(first.accountId);
    const after = await db.connectedAccount.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.needsReconnect).toBe(false);
    expect(await db.connectedAccount.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
  });

  it("refuses a wrong app password, the account's own password and empty fields in words, storing nothing", async () => {
    const t = await createWorkspaceWithKey();
    const bsky = await createBlueskyTestAccount();
    const wrong = await refused(connectWithAppPassword(t.scope, { provider: "bluesky", identifier: bsky.handle, appPassword: "aaaa-bbbb-cccc-dddd" }));
    expect(wrong.code).toBe("CONNECTION_FAILED");
    expect(wrong.message).toMatch(/refused the handle or app password/);
    const own = await refused(connectWithAppPassword(t.scope, { provider: "bluesky", identifier: bsky.handle, appPassword: bsky.password }));
    expect(own.code).toBe("CONNECTION_FAILED");
    expect(own.message).toMatch(/create an app password/);
    const empty = await refused(connectWithAppPassword(t.scope, { provider: "bluesky", identifier: " ", appPassword: "" }));
    expect(empty.code).toBe("VALIDATION_ERROR");
    expect((empty.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(["identifier", "appPassword"]);
    const oauth = await refused(connectWithAppPassword(t.scope, { provider: "x", identifier: "a", appPassword: "b" }));
    expect(oauth.code).toBe("VALIDATION_ERROR");
    expect(await db.connectedAccount.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });

  it("refuses a server on a private address unless URL_FETCH_ALLOW_CIDRS opens it", async () => {
    const t = await createWorkspaceWithKey();
    const bsky = await createBlueskyTestAccount();
    // the sandbox's PDS under another name: not the configured sandbox, so the SSRF guard decides
    const server = platformConfig().sandboxUrl.replace("127.0.0.1", "localhost");
    for (const address of [server, "http://10.1.2.3", "http://169.254.169.254"]) {
      const err = await refused(
        connectWithAppPassword(t.scope, { provider: "bluesky", identifier: bsky.handle, appPassword: bsky.appPassword, server: address }),
      );
      expect(err.code).toBe("CONNECTION_FAILED");
      expect(err.message).toMatch(/server address is refused: it (points at|resolves to) a private, loopback or link-local address/);
    }
    process.env.URL_FETCH_ALLOW_CIDRS = "127.0.0.0/8,::1/128";
    resetEnv();
    const ok = await connectWithAppPassword(t.scope, { provider: "bluesky", identifier: bsky.handle, appPassword: bsky.appPassword, server });
    expect(ok.username).toBe(bsky.handle);
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: ok.accountId } });
    expect(row.metadata).toMatchObject({ server: new URL(server).origin });
  });
});

describe("Bluesky sessions", () => {
  it("refreshes the session at the account's server, rotating the refresh token", async () => {
    const t = await createWorkspaceWithKey();
    const bsky = await createBlueskyTestAccount();
    const { accountId } = await connectWithAppPassword(t.scope, { provider: "bluesky", identifier: bsky.handle, appPassword: bsky.appPassword });
    const before = await db.connectedAccount.findUniqueOrThrow({ where: { id: accountId } });
    // due: the background refresh takes it
    await db.connectedAccount.update({ where: { id: accountId }, data: { tokenExpiresAt: new Date(Date.now() + 60_000) } });
    const result = await refreshExpiringTokens();
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const after = await db.connectedAccount.findUniqueOrThrow({ where: { id: accountId } });
    expect(after.needsReconnect).toBe(false);
    expect(after.refreshTokenEnc).not.toBe(before.refreshTokenEnc);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it("flags the account Needs reconnecting when its app password is revoked", async () => {
    const t = await createWorkspaceWithKey();
    const bsky = await createBlueskyTestAccount();
    const { accountId } = await connectWithAppPassword(t.scope, { provider: "bluesky", identifier: bsky.handle, appPassword: bsky.appPassword });
    // the user revokes the app password in Bluesky's settings, signed in with their own password
    const owner = new AtpAgent({ service: platformConfig().sandboxUrl });
    await owner.login({ identifier: bsky.handle, password: bsky.password });
    await owner.com.atproto.server.revokeAppPassword({ name: "Posteady" });
    const account = await refreshAccountTokens(accountId, { force: true });
    expect(account.needsReconnect).toBe(true);
    expect(account.reconnectReason).toMatch(/refused to refresh/);
  });
});

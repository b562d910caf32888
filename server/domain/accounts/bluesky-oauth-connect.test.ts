// "Sign in with Bluesky" (atproto OAuth through @atproto/oauth-client-node) against the sandbox's
// real PDS and its @atproto/oauth-provider: PAR accepted and an authorization URL at the PDS; the
// whole flow, the PDS's sign-in page driven in Chromium and its redirect followed to our callback
// route; a post published through the OAuth session and read back with a separate @atproto/api
// client; a refresh the server refuses flags the account; the stores round-trip sealed in
// PostgreSQL; the client metadata we serve on https valid by the library's own schema.
import { AtpAgent } from "@atproto/api";
import { NodeOAuthClient, oauthClientMetadataSchema, type NodeSavedSession } from "@atproto/oauth-client-node";
import { chromium } from "@playwright/test";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { resetEnv } from "../../env.ts";
import { AppError } from "../../errors.ts";
import { platformConfig } from "../../platforms/config.ts";
import { isPlatformError } from "../../platforms/errors.ts";
import { blueskyAdapter } from "../../platforms/bluesky/bluesky-adapter.ts";
import { createBlueskyTestAccount, type BlueskyTestAccount } from "../../testing/bluesky-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { withAccount } from "./account-tokens.ts";
import { blueskyOAuthAvailable } from "./bluesky-oauth-availability.ts";
import { blueskyClientMetadata, CLIENT_METADATA_PATH } from "./bluesky-oauth-client.ts";
import { blueskySessionStore, blueskyStateStore, postgresRequestLock } from "./bluesky-oauth-stores.ts";
import { startConnect } from "./connect-account.ts";
import { decryptToken } from "./token-cipher.ts";

const publicUrl = process.env.PUBLIC_URL;
afterEach(() => {
  process.env.PUBLIC_URL = publicUrl;
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

/**
 * Signs in on the PDS's own authorization page with the account's password and approves, as a
 * user does; answers our callback's answer (the PDS redirects the browser to it).
 */
async function signInAndApprove(authorizeUrl: string, account: BlueskyTestAccount): Promise<{ callbackUrl: string; location: string }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    const callback = new Promise<{ callbackUrl: string; location: string }>((resolve) =>
      page.on("response", (res) => {
        if (new URL(res.url()).pathname === "/api/connect/bluesky/callback") resolve({ callbackUrl: res.url(), location: res.headers()["location"] ?? "" });
      }),
    );
    await page.goto(authorizeUrl);
    await page.locator('input[name="password"]').fill(account.password, { timeout: 30_000 });
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Authorize" }).click({ timeout: 30_000 });
    return await callback;
  } finally {
    await browser.close();
  }
}

describe("Sign in with Bluesky (atproto OAuth)", () => {
  it("connects through the PDS's sign-in page and our callback, publishes through the OAuth session, and a refused refresh flags the account", async () => {
    const t = await createWorkspaceWithKey();
    const bsky = await createBlueskyTestAccount();
    const { authorizeUrl, state } = await startConnect(t.scope, { provider: "bluesky", handle: `@${bsky.handle}`, returnTo: "/accounts" });
    // PAR: the request stayed at the PDS (its authorization server), only its handle is in the URL
    const url = new URL(authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${platformConfig().sandboxUrl}/oauth/authorize`);
    expect(url.searchParams.get("request_uri")).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    expect(url.searchParams.get("client_id")).toMatch(/^http:\/\/localhost\?/);
    expect(await db.oAuthState.count({ where: { state, provider: "bluesky", workspaceId: t.workspace.id, usedAt: null } })).toBe(1);

    const back = await signInAndApprove(authorizeUrl, bsky);
    expect(back.callbackUrl).toContain("/api/connect/bluesky/callback?");
    expect(new URL(back.callbackUrl).searchParams.get("code")).toBeTruthy();
    // our callback route finished it: back to Accounts with the account named
    const landed = new URL(back.location);
    expect(landed.pathname).toBe("/accounts");
    expect(landed.searchParams.get("connected")).toBe(`@${bsky.handle}`);
    expect((await db.oAuthState.findUniqueOrThrow({ where: { state } })).usedAt).not.toBeNull();

    const account = await db.connectedAccount.findFirstOrThrow({ where: { workspaceId: t.workspace.id, provider: "bluesky" } });
    expect(account).toMatchObject({ providerAccountId: bsky.did, username: bsky.handle, needsReconnect: false, tokenExpiresAt: null, refreshTokenEnc: null });
    expect(account.metadata).toMatchObject({ connection: "oauth", service: platformConfig().sandboxUrl });
    // the session (tokens and DPoP private key) is in PostgreSQL, sealed
    const sealed = await db.blueskyOAuthSession.findUniqueOrThrow({ where: { did: bsky.did } });
    expect(sealed.valueEnc).not.toMatch(/dpopJwk|access_token/);
    const session = JSON.parse(decryptToken(sealed.valueEnc)) as NodeSavedSession;
    expect(session.dpopJwk).toHaveProperty("d");
    expect(session.tokenSet.token_type).toBe("DPoP");

    // the adapter acts through the OAuth session: a post, read back by a separate client
    const text = `Posted through atproto OAuth ${crypto.randomUUID()}`;
    const published = await withAccount(account.id, (ctx) => blueskyAdapter.publishText(ctx, { text }));
    const reader = new AtpAgent({ service: platformConfig().sandboxUrl });
    const rkey = published.id.split("/").pop()!;
    const record = await reader.com.atproto.repo.getRecord({ repo: bsky.did, collection: "app.bsky.feed.post", rkey });
    expect((record.data.value as { text: string }).text).toBe(text);

    // the server refuses the refresh (a refresh token it never issued, the access token due): the
    // library ends the session and the account needs reconnecting, nothing published
    await blueskySessionStore.set(bsky.did, {
      ...session,
      tokenSet: { ...session.tokenSet, refresh_token: `ref-${"0".repeat(64)}`, expires_at: new Date(Date.now() - 60_000).toISOString() },
    });
    const err = await withAccount(account.id, (ctx) => blueskyAdapter.publishText(ctx, { text: "never" })).catch((e: unknown) => e);
    expect(isPlatformError(err, "auth_expired")).toBe(true);
    const flagged = await db.connectedAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(flagged.needsReconnect).toBe(true);
    expect(await db.blueskyOAuthSession.count({ where: { did: bsky.did } })).toBe(0);
  }, 120_000);

  it("refuses a handle that resolves to nothing with a 422 at handle, storing no attempt", async () => {
    const t = await createWorkspaceWithKey();
    const err = await refused(startConnect(t.scope, { provider: "bluesky", handle: "nobody-here.test" }));
    expect(err.code).toBe("VALIDATION_ERROR");
    expect((err.details as { issues: unknown[] }).issues[0]).toMatchObject({ path: "handle" });
    const empty = await refused(startConnect(t.scope, { provider: "bluesky", handle: "  " }));
    expect((empty.details as { issues: unknown[] }).issues[0]).toMatchObject({ path: "handle", code: "required" });
    expect(await db.oAuthState.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });

  it("keeps the library's attempts and sessions sealed in PostgreSQL: set, get, delete", async () => {
    const key = `k-${crypto.randomUUID()}`;
    const value = { iss: "https://pds.example", dpopJwk: { kty: "EC", crv: "P-256", x: "x", y: "y", d: "secret-d" }, verifier: "v", appState: "ours" };
    await blueskyStateStore.set(key, value as never);
    expect((await db.blueskyOAuthState.findUniqueOrThrow({ where: { key } })).valueEnc).not.toContain("secret-d");
    expect(await blueskyStateStore.get(key)).toEqual(value);
    await blueskyStateStore.del(key);
    expect(await blueskyStateStore.get(key)).toBeUndefined();

    const did = `did:plc:${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;
    const saved = { dpopJwk: { kty: "EC", d: "secret-d" }, authMethod: { method: "none" }, tokenSet: { sub: did, access_token: "at-1" } };
    await blueskySessionStore.set(did, saved as never);
    await blueskySessionStore.set(did, { ...saved, tokenSet: { ...saved.tokenSet, access_token: "at-2" } } as never);
    expect(((await blueskySessionStore.get(did)) as unknown as typeof saved).tokenSet.access_token).toBe("at-2");
    await blueskySessionStore.del(did);
    expect(await blueskySessionStore.get(did)).toBeUndefined();
  });

  it("on https serves client metadata the library accepts; on another http host offers app passwords only", async () => {
    // http (the test stack): no metadata to serve, the loopback client needs none
    const res = await api()("GET", CLIENT_METADATA_PATH);
    expect(res.status).toBe(404);

    process.env.PUBLIC_URL = "https://posteady.example";
    resetEnv();
    const metadata = oauthClientMetadataSchema.parse(blueskyClientMetadata());
    expect(metadata).toMatchObject({
      client_id: `https://posteady.example${CLIENT_METADATA_PATH}`,
      redirect_uris: ["https://posteady.example/api/connect/bluesky/callback"],
      dpop_bound_access_tokens: true,
      token_endpoint_auth_method: "none",
    });
    // the library's own checks of a client (discoverable client_id, redirect URIs on its origin)
    expect(
      () =>
        new NodeOAuthClient({ clientMetadata: metadata, stateStore: blueskyStateStore, sessionStore: blueskySessionStore, requestLock: postgresRequestLock }),
    ).not.toThrow();
    expect(blueskyOAuthAvailable()).toBe(true);

    process.env.PUBLIC_URL = "http://posteady.lan:3000";
    resetEnv();
    expect(blueskyOAuthAvailable()).toBe(false);
    const t = await createWorkspaceWithKey();
    expect((await refused(startConnect(t.scope, { provider: "bluesky", handle: "alice.test" }))).code).toBe("SERVICE_UNAVAILABLE");
  });
});

// Connecting Bluesky with atproto OAuth ("Sign in with Bluesky"), beside the app password
// (connect-password.ts). Start: our OAuthState row (who, which workspace, which account is being
// reconnected) and the library's authorize (PAR, PKCE, DPoP), which carries our state through
// as its app state. Complete: our state consumed exactly once and bound to who started it, before
// the code is exchanged; then the account is upserted with its DID, handle and PDS. The tokens
// and DPoP key live in BlueskyOAuthSession (the library refreshes them), not in the account row.
import { Agent } from "@atproto/api";
import { OAuthCallbackError, OAuthResolverError, OAuthResponseError } from "@atproto/oauth-client-node";
import { db, Prisma } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { displayNameOf } from "../../platforms/bluesky/bluesky-session.ts";
import { assertCan, type Scope } from "../access.ts";
import { consumeConnectLinkUse } from "../connect-links/consume-connect-link.ts";
import { consumeConnectState, createConnectState, findReconnected, ownerOf, type ConnectOwner } from "./connect-state.ts";
import { Issues } from "../publishing/validation-issues.ts";
import { BLUESKY_OAUTH_SCOPE, blueskyOAuthAvailable, blueskyOAuthClient } from "./bluesky-oauth-client.ts";
import { blueskyStateStore } from "./bluesky-oauth-stores.ts";
import { presentAccount } from "./list-accounts.ts";
import { encryptToken } from "./token-cipher.ts";

export type StartBlueskyConnectInput = {
  /** a handle (alice.bsky.social), a DID, or the address of the user's server (https://bsky.social) */
  handle?: string;
  accountId?: string;
  returnTo?: string;
};

export async function startBlueskyConnect(scope: Scope, input: StartBlueskyConnectInput) {
  assertCan(scope, "accounts.manage");
  return startBlueskyConnectFor(ownerOf(scope), input);
}

/** The sign-in start for an owner already allowed to connect: a member or key, or a client connect link. */
export async function startBlueskyConnectFor(owner: ConnectOwner, input: StartBlueskyConnectInput) {
  if (!blueskyOAuthAvailable())
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "Sign in with Bluesky needs PUBLIC_URL on https (or on this machine's own address); connect with an app password",
    );
  const existing = await findReconnected(owner, "bluesky", input.accountId);
  // a reconnect signs in as the account (its DID) unless told otherwise
  const signInAs = input.handle?.trim().replace(/^@/, "") || existing?.providerAccountId || "";
  const issues = new Issues();
  if (!signInAs) issues.add("handle", "is required: the account's handle (alice.bsky.social) or its server's address", "required");
  issues.throwIfAny();

  const state = await createConnectState(owner, "bluesky", input);
  try {
    const url = await blueskyOAuthClient().authorize(signInAs, { state, scope: BLUESKY_OAUTH_SCOPE });
    return { authorizeUrl: url.toString(), state };
  } catch (err) {
    await db.oAuthState.deleteMany({ where: { state } });
    if (err instanceof OAuthResolverError) {
      const why = err.cause instanceof Error && err.cause.message !== err.message ? `${err.message}: ${err.cause.message}` : err.message;
      const refused = new Issues();
      refused.add("handle", `"${signInAs}" could not be resolved to a Bluesky account or server: ${why}`);
      refused.throwIfAny();
    }
    if (err instanceof OAuthResponseError) throw new AppError("CONNECTION_FAILED", `The Bluesky server refused the sign-in request: ${err.message}`);
    throw err;
  }
}

/** The app state (our OAuthState.state) the library keeps with its own state parameter, read without consuming it. */
async function ourStateOf(libraryState: string | null): Promise<string | null> {
  if (!libraryState) return null;
  const saved = await Promise.resolve(blueskyStateStore.get(libraryState)).catch(() => undefined);
  return typeof saved?.appState === "string" ? saved.appState : null;
}

export async function completeBlueskyConnect(input: { params: URLSearchParams; userId: string | null }) {
  const ourState = await ourStateOf(input.params.get("state"));
  const attempt = await consumeConnectState(ourState, "bluesky", input.userId);

  const client = blueskyOAuthClient();
  let did: string;
  let service: string;
  let handle: string;
  try {
    const { session } = await client.callback(input.params);
    did = session.did;
    service = (await session.getTokenInfo(false)).aud.replace(/\/$/, "");
    handle = (await new Agent(session).com.atproto.server.getSession()).data.handle;
  } catch (err) {
    if (err instanceof OAuthCallbackError) {
      const code = err.params.get("error");
      if (code) throw new AppError("CONNECTION_DENIED", err.params.get("error_description") || (code === "access_denied" ? "You did not grant access" : code));
      throw new AppError("CONNECTION_FAILED", `Bluesky refused the connection: ${err.message}`);
    }
    if (err instanceof OAuthResponseError || err instanceof OAuthResolverError)
      throw new AppError("CONNECTION_FAILED", `Bluesky refused the connection: ${err.message}`);
    throw err;
  }

  const account = await db.$transaction(async (tx) => {
    // a client connect link's use is taken with the account (connect-account.ts says why)
    if (attempt.connectLinkId) await consumeConnectLinkUse(tx, attempt.connectLinkId);
    if (attempt.accountId) {
      const target = await tx.connectedAccount.findUniqueOrThrow({ where: { id: attempt.accountId } });
      if (target.providerAccountId !== did)
        throw new AppError("CONFLICT", `You signed in as a different Bluesky account than the one being reconnected (@${target.username})`);
    }
    const data = {
      username: handle,
      displayName: (await displayNameOf(service, did)) ?? handle,
      accountType: null,
      connectionMethod: null,
      pageTasks: [],
      // connection "oauth": the adapter acts through the library's session (account-tokens.ts contextOf)
      metadata: { connection: "oauth", server: service, service } as Prisma.InputJsonValue,
      needsReconnect: false,
      reconnectReason: null,
      disconnectedAt: null,
      // the tokens are the session's (BlueskyOAuthSession), refreshed by the library: none here, nothing for our refresher
      accessTokenEnc: encryptToken(""),
      refreshTokenEnc: null,
      tokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scopes: [],
    };
    return tx.connectedAccount.upsert({
      where: { workspaceId_provider_providerAccountId: { workspaceId: attempt.workspaceId, provider: "bluesky", providerAccountId: did } },
      create: { workspaceId: attempt.workspaceId, provider: "bluesky", providerAccountId: did, ...data },
      update: data,
    });
  });
  return {
    workspaceId: attempt.workspaceId,
    returnTo: attempt.returnTo,
    connectLinkId: attempt.connectLinkId,
    accounts: [{ ...presentAccount(account), connectionMethod: null }],
  };
}

// Connecting accounts with OAuth 2.0: start (state + PKCE, remembered once) and complete (the
// state consumed exactly once, bound to who started it; tokens exchanged, identities read,
// accounts stored with encrypted tokens). A denied or failed attempt stores nothing.
import { db, Prisma } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { isPlatformError } from "../../platforms/errors.ts";
import { platformConfig } from "../../platforms/config.ts";
import { createPkce } from "../../platforms/pkce.ts";
import { adapterFor } from "../../platforms/registry.ts";
import type { AppKind, ConnectedIdentity, TokenSet } from "../../platforms/types.ts";
import { assertCan, type Scope } from "../access.ts";
import { consumeConnectLinkUse } from "../connect-links/consume-connect-link.ts";
import { consumeConnectState, createConnectState, findReconnected, ownerOf, type ConnectOwner } from "./connect-state.ts";
import { tokenColumns } from "./account-tokens.ts";
import { startBlueskyConnect } from "./bluesky-oauth-connect.ts";
import { callbackUrl } from "./callback-url.ts";
import { instanceAdapter } from "./instance-connect.ts";
import { instanceOfAccount } from "./mastodon-instance-limits.ts";
import { presentAccount } from "./list-accounts.ts";
import { providerLabels, providerTable, type ProviderName } from "./providers.ts";

export { callbackUrl };

export type StartConnectInput = {
  provider: ProviderName;
  app?: AppKind;
  accountId?: string;
  returnTo?: string;
  /** providers whose accounts live on a server the user names (Mastodon): its address; omitted: the configured default */
  instance?: string;
  /** Bluesky (atproto OAuth): the handle, DID or server address to sign in with */
  handle?: string;
};

export async function startConnect(scope: Scope, input: StartConnectInput) {
  assertCan(scope, "accounts.manage");
  // Bluesky's OAuth is atproto's (the account's own server, no app registration): its own flow
  if (input.provider === "bluesky") return startBlueskyConnect(scope, input);
  return startConnectFor(ownerOf(scope), input);
}

/**
 * The OAuth start for an owner already allowed to connect: a member or key (startConnect), or a
 * client connect link (connect-links/start-link-connect.ts, which checks the link instead).
 */
export async function startConnectFor(owner: ConnectOwner, input: StartConnectInput) {
  const connect = providerTable[input.provider].connect;
  // a provider with several app registrations (TikTok) connects through the business one unless told
  const app: AppKind | undefined = connect.apps ? (input.app ?? "business") : undefined;
  const named = connect.method === "oauth" && connect.instance === true;
  if (!named) {
    const credentials = platformConfig().credentials[app === "login-kit" ? "tiktokLoginKit" : input.provider];
    if (!credentials.clientId) {
      throw new AppError("SERVICE_UNAVAILABLE", `${input.provider} is not configured on this installation (set its client id and secret)`);
    }
  }
  const existing = await findReconnected(owner, input.provider, input.accountId);
  // on a user-named instance our app is registered there (and the address checked) instead of configured;
  // a reconnect goes back to the account's own instance
  const onInstance = named ? await instanceAdapter(input.instance ?? (existing ? instanceOfAccount(existing) : null) ?? undefined) : null;
  const adapter = onInstance?.adapter ?? adapterFor(input.provider);
  const pkce = adapter.usesPkce ? createPkce() : undefined;
  const state = await createConnectState(owner, input.provider, input, {
    codeVerifier: pkce?.verifier ?? null,
    app: app ?? null,
    instance: onInstance?.instance ?? null,
  });
  return { authorizeUrl: adapter.authorizeUrl({ state, redirectUri: callbackUrl(input.provider), codeChallenge: pkce?.challenge, app }), state };
}

export type CompleteConnectInput = {
  provider: ProviderName;
  state: string | null;
  code: string | null;
  error?: string | null;
  errorDescription?: string | null;
  /** the signed-in user completing the flow in the browser; null for the admin CLI */
  userId: string | null;
};

export async function completeConnect(input: CompleteConnectInput) {
  // Consume the state first, exactly once: a replayed or forged callback finds nothing.
  const attempt = await consumeConnectState(input.state, input.provider, input.userId);
  if (input.error === "unauthorized_scope_error") throw new AppError("CONNECTION_DENIED", unauthorizedScopeMessage(input.provider, input.errorDescription));
  if (input.error || !input.code) {
    throw new AppError(
      "CONNECTION_DENIED",
      input.errorDescription || (input.error === "access_denied" ? "You did not grant access" : "The platform returned no authorization code"),
    );
  }
  const app = (attempt.app as AppKind | null) ?? undefined;
  let tokens: TokenSet;
  let identities: ConnectedIdentity[];
  try {
    // the app registered on the attempt's instance (found again in MastodonApp), or the installation's
    const adapter = attempt.instance ? (await instanceAdapter(attempt.instance)).adapter : adapterFor(input.provider);
    tokens = await adapter.exchangeCode({ code: input.code, redirectUri: callbackUrl(input.provider), codeVerifier: attempt.codeVerifier ?? undefined, app });
    identities = await adapter.identities(tokens, app);
  } catch (err) {
    if (isPlatformError(err)) throw new AppError("CONNECTION_FAILED", `The platform refused the connection: ${err.message}`);
    throw err;
  }
  if (identities.length === 0) throw new AppError("CONNECTION_FAILED", "The platform granted access to no account");

  const accounts = await db.$transaction(async (tx) => {
    // through a client connect link: its use is taken in this transaction, so a link used up
    // meanwhile (or revoked, or expired) stores no account, and two completions of a single-use
    // link store one
    if (attempt.connectLinkId) await consumeConnectLinkUse(tx, attempt.connectLinkId);
    if (attempt.accountId) {
      const target = await tx.connectedAccount.findUniqueOrThrow({ where: { id: attempt.accountId } });
      if (!identities.some((i) => i.providerAccountId === target.providerAccountId)) {
        throw new AppError("CONFLICT", `You signed in as a different ${input.provider} account than the one being reconnected (@${target.username})`);
      }
    }
    const saved = [];
    for (const identity of identities) {
      const own = identity.tokens ?? tokens;
      const data = {
        username: identity.username,
        displayName: identity.displayName,
        accountType: identity.accountType ?? null,
        connectionMethod: app ?? null,
        pageTasks: identity.pageTasks ?? [],
        metadata: (identity.metadata ?? {}) as Prisma.InputJsonValue,
        needsReconnect: false,
        reconnectReason: null,
        disconnectedAt: null,
        ...tokenColumns({ ...own, refreshToken: own.refreshToken ?? null }),
        scopes: identity.scopes ?? own.scopes ?? tokens.scopes ?? [],
      };
      saved.push(
        await tx.connectedAccount.upsert({
          where: {
            workspaceId_provider_providerAccountId: {
              workspaceId: attempt.workspaceId,
              provider: input.provider,
              providerAccountId: identity.providerAccountId,
            },
          },
          create: { workspaceId: attempt.workspaceId, provider: input.provider, providerAccountId: identity.providerAccountId, ...data },
          update: data,
        }),
      );
    }
    return saved;
  });
  return {
    workspaceId: attempt.workspaceId,
    returnTo: attempt.returnTo,
    connectLinkId: attempt.connectLinkId,
    accounts: accounts.map((a) => ({ ...presentAccount(a), connectionMethod: a.connectionMethod })),
  };
}

/**
 * LinkedIn refuses the whole authorization when the app lacks the product of a requested scope,
 * naming the scope in quotes (sometimes HTML-escaped): the fix is in the LinkedIn app, not here.
 */
function unauthorizedScopeMessage(provider: ProviderName, description: string | null | undefined): string {
  const text = (description ?? "").replace(/&quot;/g, '"');
  const scopes = [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  const named = scopes.length > 0 ? `the ${scopes.join(", ")} permission` : "a requested permission";
  const fix =
    provider === "linkedin"
      ? "Add the LinkedIn product that grants it to your LinkedIn app (Developer Portal → Products), or remove it from LINKEDIN_SCOPES"
      : "Enable it for the app on the platform, or stop requesting it";
  return `${providerLabels[provider]} refused the connection: the app is not authorized to request ${named}. ${fix}.${text ? ` (${text})` : ""}`;
}

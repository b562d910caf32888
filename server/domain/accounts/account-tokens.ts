// Acting as a connected account: decrypted tokens, refreshed before they expire (one refresh at
// a time per account, under a row lock, so rotating refresh tokens are never used twice), and
// the account flagged for reconnection when the platform no longer accepts it.
import { db, sql, type ConnectedAccount } from "../../db.ts";
import { log } from "../../log.ts";
import { isPlatformError, PlatformError } from "../../platforms/errors.ts";
import { adapterFor } from "../../platforms/registry.ts";
import type { AccountContext, AppKind, TokenSet } from "../../platforms/types.ts";
import { providerTable } from "./providers.ts";
import { decryptToken, encryptToken } from "./token-cipher.ts";

/** An account row by id (a prepared statement: publishing and syncs read it per run). */
export async function loadAccount(accountId: string): Promise<ConnectedAccount | undefined> {
  const [account] = await sql<ConnectedAccount>("account-by-id", `SELECT * FROM "ConnectedAccount" WHERE id = $1`, [accountId]);
  return account;
}

export function refreshDueAt(account: Pick<ConnectedAccount, "provider" | "tokenExpiresAt">): Date | null {
  return account.tokenExpiresAt ? new Date(account.tokenExpiresAt.getTime() - providerTable[account.provider].refreshMarginMs) : null;
}

function isDue(account: Pick<ConnectedAccount, "provider" | "tokenExpiresAt">): boolean {
  const due = refreshDueAt(account);
  return due !== null && due.getTime() <= Date.now();
}

function appOf(account: Pick<ConnectedAccount, "provider" | "connectionMethod">): AppKind | undefined {
  return providerTable[account.provider].connect.apps ? ((account.connectionMethod as AppKind | null) ?? "business") : undefined;
}

export function contextOf(account: ConnectedAccount): AccountContext {
  const metadata = (account.metadata ?? {}) as Record<string, unknown>;
  return {
    accessToken: decryptToken(account.accessTokenEnc),
    providerAccountId: account.providerAccountId,
    username: account.username,
    metadata,
    ...(account.provider === "bluesky" && metadata.connection === "oauth" ? { atprotoSession: atprotoSessionOf(account.providerAccountId) } : {}),
  };
}

/**
 * A Bluesky OAuth account's session, restored from PostgreSQL on each call (the library refreshes
 * it there when due, one process at a time). A session the server no longer honours is an
 * expired grant: withAccount flags the account "Needs reconnecting".
 */
function atprotoSessionOf(did: string): NonNullable<AccountContext["atprotoSession"]> {
  return {
    did,
    async fetchHandler(url, init) {
      const { blueskyOAuthClient } = await import("./bluesky-oauth-client.ts");
      let session;
      try {
        session = await blueskyOAuthClient().restore(did);
      } catch (err) {
        const { TokenInvalidError, TokenRefreshError, TokenRevokedError } = await import("@atproto/oauth-client-node");
        // a refused refresh, a revoked or unknown session: the grant is gone (a network failure is not)
        if (!(err instanceof TokenRefreshError || err instanceof TokenRevokedError || err instanceof TokenInvalidError)) throw err;
        throw new PlatformError("bluesky", "auth_expired", `Bluesky no longer accepts this sign-in: ${(err as Error).message}`);
      }
      return session.fetchHandler(url, init);
    },
  };
}

export async function flagForReconnect(accountId: string, reason: string): Promise<void> {
  await db.connectedAccount.update({ where: { id: accountId }, data: { needsReconnect: true, reconnectReason: reason } });
}

/** Token columns for a token set (a refresh token the platform did not send is kept). */
export function tokenColumns(tokens: TokenSet) {
  return {
    accessTokenEnc: encryptToken(tokens.accessToken),
    ...(tokens.refreshToken !== undefined ? { refreshTokenEnc: tokens.refreshToken === null ? null : encryptToken(tokens.refreshToken) } : {}),
    tokenExpiresAt: tokens.expiresAt ?? null,
    ...(tokens.refreshTokenExpiresAt !== undefined ? { refreshTokenExpiresAt: tokens.refreshTokenExpiresAt } : {}),
    ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
  };
}

/**
 * Refreshes the account's tokens if they are due (or `force`), under a row lock: a concurrent
 * caller waits, then sees the fresh tokens and does not refresh again. A refusal that means the
 * grant is gone flags the account; other failures are left for a later attempt.
 */
export async function refreshAccountTokens(accountId: string, opts: { force?: boolean } = {}): Promise<ConnectedAccount> {
  // Most calls find the tokens fresh: one plain read, no lock (publishing calls this per request).
  if (!opts.force) {
    const account = await loadAccount(accountId);
    if (account && !isDue(account)) return account;
  }
  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM "ConnectedAccount" WHERE id = ${accountId}::uuid FOR UPDATE`;
      const account = await tx.connectedAccount.findUniqueOrThrow({ where: { id: accountId } });
      if (!opts.force && !isDue(account)) return account;
      const adapter = adapterFor(account.provider);
      const input = {
        accessToken: decryptToken(account.accessTokenEnc),
        refreshToken: account.refreshTokenEnc ? decryptToken(account.refreshTokenEnc) : null,
        app: appOf(account),
        // where the session lives (Bluesky: the account's own server)
        metadata: (account.metadata ?? {}) as Record<string, unknown>,
      };
      if (!adapter.canRefresh(input)) {
        if (account.tokenExpiresAt && account.tokenExpiresAt.getTime() <= Date.now()) {
          return tx.connectedAccount.update({
            where: { id: accountId },
            data: { needsReconnect: true, reconnectReason: "The access token expired and this platform offers no refresh" },
          });
        }
        return account;
      }
      try {
        const tokens = await adapter.refresh(input);
        return await tx.connectedAccount.update({ where: { id: accountId }, data: tokenColumns(tokens) });
      } catch (err) {
        if (isPlatformError(err, "auth_expired") || isPlatformError(err, "permission")) {
          log.warn("token refresh refused; account needs reconnecting", { accountId, provider: account.provider, error: (err as Error).message });
          await tx.connectedAccount.update({
            where: { id: accountId },
            data: { needsReconnect: true, reconnectReason: `The platform refused to refresh access: ${(err as Error).message}` },
          });
          return tx.connectedAccount.findUniqueOrThrow({ where: { id: accountId } });
        }
        throw err;
      }
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

/**
 * Runs `fn` as the account. Tokens due for refresh are refreshed first. If the platform answers
 * that the token expired, the tokens are refreshed once and `fn` run once more; if that fails
 * too, the account is flagged for reconnection. A 401 means the platform refused the call, so
 * running it again is safe; `fn` must therefore be one platform call, or steps that are safe
 * to repeat. Given a just-read account row instead of an id, its tokens are used while fresh.
 */
export async function withAccount<T>(accountOrId: string | ConnectedAccount, fn: (ctx: AccountContext, account: ConnectedAccount) => Promise<T>): Promise<T> {
  const accountId = typeof accountOrId === "string" ? accountOrId : accountOrId.id;
  let account = typeof accountOrId !== "string" && !isDue(accountOrId) ? accountOrId : await refreshAccountTokens(accountId);
  if (account.needsReconnect) throw new PlatformError(account.provider, "auth_expired", account.reconnectReason ?? "The account needs reconnecting");
  try {
    return await fn(contextOf(account), account);
  } catch (err) {
    if (!isPlatformError(err, "auth_expired")) throw err;
    account = await refreshAccountTokens(accountId, { force: true });
    if (!account.needsReconnect) {
      try {
        return await fn(contextOf(account), account);
      } catch (again) {
        if (!isPlatformError(again, "auth_expired")) throw again;
      }
    }
    await flagForReconnect(accountId, "The platform no longer accepts this connection's access token");
    throw err;
  }
}

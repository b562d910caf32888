// The only place a credential (API key, dashboard session, admin CLI) becomes a Scope.
import { LRUCache } from "lru-cache";
import { db } from "./db.ts";
import { AppError, notFound } from "./errors.ts";
import type { Scope } from "./domain/access.ts";
import { findApiKeyIdentity, type ApiKeyIdentity } from "./domain/api-keys/authenticate-api-key.ts";
import { hashApiKey } from "./domain/api-keys/key-format.ts";
import { isUuid } from "./domain/ids.ts";
import { assertKeyAttemptsLeft, countFailedKey } from "./http/rate-limit.ts";

export type { Scope } from "./domain/access.ts";

// Key lookups are cached for one second: revocation and plan changes take effect within a
// second, and a burst of requests with one key costs one query. fetch() also collapses
// concurrent lookups of the same key into one.
const keyCache = new LRUCache<string, { identity: ApiKeyIdentity | null }, string>({
  max: 10_000,
  ttl: 1_000,
  fetchMethod: async (_hash, _stale, { context }) => ({ identity: await findApiKeyIdentity(context) }),
});

const unauthorized = (message: string) => new AppError("UNAUTHORIZED", message, undefined, { "WWW-Authenticate": 'Bearer realm="api"' });

/**
 * The scope of an API key. `address`, the network client's (server/http/client-address.ts), is
 * charged for each unknown key, and while it has sent too many, its requests without a known key
 * are refused; a known key is judged by its own limit only, so one broken script behind a shared
 * address (a NAT, an office) does not lock out every tenant there. Local callers (the stdio tool
 * interface, with the key from its own environment) pass no address.
 */
export async function scopeFromAuthorization(header: string | null, address?: string): Promise<Scope & { actor: { kind: "apiKey" } }> {
  const key = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  // looked up first, so that a blocked address's known keys still pass (a malformed key costs no query)
  const identity = key ? (await keyCache.fetch(hashApiKey(key), { context: key }))?.identity : undefined;
  if (!identity) {
    // a block is read from memory (server/http/rate-limit.ts) and, once reached, costs no more writes
    if (address !== undefined) await assertKeyAttemptsLeft(address);
    if (!header) throw unauthorized("Missing API key: send the header `Authorization: Bearer <API key>`");
    if (!key) throw unauthorized("Malformed Authorization header: expected `Bearer <API key>`");
    if (address !== undefined) await countFailedKey(address);
    throw unauthorized("Invalid API key");
  }
  if (identity.revoked) throw unauthorized("This API key has been revoked");
  if (identity.expiresAt && identity.expiresAt.getTime() <= Date.now()) throw unauthorized("This API key has expired");
  return {
    workspaceId: identity.workspaceId,
    organizationId: identity.organizationId,
    plan: identity.plan,
    role: "EDITOR",
    actor: { kind: "apiKey", apiKeyId: identity.apiKeyId, userId: identity.userId, scopes: identity.scopes },
  };
}

/** A signed-in user in one of their workspaces: the requested one if they belong to it, else their first. */
export async function scopeFromSession(userId: string, workspaceId?: string | null): Promise<Scope> {
  if (workspaceId && !isUuid(workspaceId)) workspaceId = null;
  const memberships = await db.membership.findMany({
    where: { userId, ...(workspaceId ? { workspaceId } : {}) },
    include: { workspace: { include: { organization: { select: { plan: true } } } } },
    orderBy: { createdAt: "asc" },
    take: 1,
  });
  const membership = memberships[0] ?? (workspaceId ? undefined : null);
  if (membership === undefined) return scopeFromSession(userId, null);
  if (membership === null) throw new AppError("FORBIDDEN", "You do not belong to any workspace");
  return {
    workspaceId: membership.workspaceId,
    organizationId: membership.workspace.organizationId,
    plan: membership.workspace.organization.plan,
    role: membership.role,
    actor: { kind: "user", userId },
  };
}

/** The admin CLI acts as the system on a workspace it names. */
export async function systemScope(workspaceId: string): Promise<Scope> {
  if (!isUuid(workspaceId)) throw notFound("Workspace");
  const workspace = await db.workspace.findUnique({
    where: { id: workspaceId },
    include: { organization: { select: { plan: true } } },
  });
  if (!workspace) throw notFound("Workspace");
  return {
    workspaceId,
    organizationId: workspace.organizationId,
    plan: workspace.organization.plan,
    role: "OWNER",
    actor: { kind: "system" },
  };
}

/** The system acting for a workspace's own automation (a feed's worker): held to the workspace's approval setting. */
export async function feedScope(workspaceId: string): Promise<Scope> {
  return { ...(await systemScope(workspaceId)), actor: { kind: "system", automation: "feed" } };
}

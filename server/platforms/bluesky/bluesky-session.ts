// Connecting with a handle (or email) and an app password, and keeping the session alive:
// com.atproto.server.createSession and refreshSession (docs.bsky.app/docs/api/com-atproto-server-create-session).
// The access token lives about two hours, the refresh token rotates on every refresh (the
// answer's replaces the stored one); a refused refresh is an expired grant: reconnect.
import { PlatformError, reclassify } from "../errors.ts";
import type { ConnectedIdentity, RefreshInput, TokenSet } from "../types.ts";
import { agentAt, normalizeServer, serversOf } from "./bluesky-client.ts";
import { mapBlueskyError, provider, xrpc } from "./bluesky-errors.ts";
import { resolveDidDocument } from "./bluesky-identity.ts";

export type BlueskyConnectInput = {
  /** handle (alice.bsky.social), email or DID */
  identifier: string;
  appPassword: string;
  /** the account's server or entryway; default https://bsky.social */
  server?: string;
};

export type BlueskyConnection = { tokens: TokenSet; identity: ConnectedIdentity };

type SessionData = { accessJwt: string; refreshJwt: string; did: string; handle: string; didDoc?: unknown; active?: boolean; status?: string };

/** A JWT's claims, unverified: only read for its expiry and scope, never trusted for access. */
function claimsOf(jwt: string): { exp?: number; scope?: string } {
  try {
    return JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: number; scope?: string };
  } catch {
    return {};
  }
}

const expiryOf = (jwt: string) => {
  const exp = claimsOf(jwt).exp;
  return typeof exp === "number" ? new Date(exp * 1000) : null;
};

function tokensOf(s: SessionData): TokenSet {
  return { accessToken: s.accessJwt, refreshToken: s.refreshJwt, expiresAt: expiryOf(s.accessJwt), refreshTokenExpiresAt: expiryOf(s.refreshJwt) };
}

/** The PDS from the DID document's #atproto_pds service (atproto.com/specs/did). */
function pdsEndpointOf(didDoc: unknown): string | undefined {
  const services = (didDoc as { service?: { id?: string; type?: string; serviceEndpoint?: unknown }[] } | undefined)?.service ?? [];
  const pds = services.find((s) => (s.id === "#atproto_pds" || s.id?.endsWith("#atproto_pds")) && s.type === "AtprotoPersonalDataServer");
  return typeof pds?.serviceEndpoint === "string" ? pds.serviceEndpoint.replace(/\/$/, "") : undefined;
}

/**
 * Signs in with an app password. The account's own password is refused: its session could change
 * the password or delete the account, and we keep tokens only for posting (an app password's
 * access token carries scope com.atproto.appPass, the account password's com.atproto.access).
 */
export async function connectWithPassword(input: BlueskyConnectInput): Promise<BlueskyConnection> {
  const server = normalizeServer(input.server);
  const agent = agentAt(server);
  let session: SessionData;
  try {
    session = (await agent.com.atproto.server.createSession({ identifier: input.identifier.trim().replace(/^@/, ""), password: input.appPassword })).data;
  } catch (err) {
    const e = mapBlueskyError(err, `POST ${server}/xrpc/com.atproto.server.createSession`);
    if (e.status === 401)
      throw new PlatformError(provider, "auth_expired", `Bluesky refused the handle or app password: ${e.detail}`, {
        status: 401,
        platformCode: e.platformCode,
      });
    throw e;
  }
  if (claimsOf(session.accessJwt).scope === "com.atproto.access") {
    throw new PlatformError(
      provider,
      "permission",
      "This is the account's own password: create an app password (Bluesky: Settings → Privacy and security → App passwords) and use that",
      {
        platformCode: "ACCOUNT_PASSWORD",
      },
    );
  }
  if (session.active === false)
    throw new PlatformError(provider, "permission", `The Bluesky account is ${session.status ?? "not active"}`, { platformCode: session.status });
  // The account's PDS is named by its DID document: the session's, or else the identity
  // directory's (a PDS that sends none, as @atproto/pds does). Unresolvable: the server that
  // signed the account in, which answers for it.
  const didDoc = session.didDoc ?? (await resolveDidDocument(session.did).catch(() => undefined));
  const service = pdsEndpointOf(didDoc) ?? server;
  return {
    tokens: tokensOf(session),
    identity: {
      providerAccountId: session.did,
      username: session.handle,
      displayName: (await displayNameOf(service, session.did)) ?? session.handle,
      metadata: { server, service },
    },
  };
}

/** The profile record's display name; the profile is optional, so none is not an error. */
export async function displayNameOf(service: string, did: string): Promise<string | undefined> {
  try {
    const res = await agentAt(service).com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.actor.profile", rkey: "self" });
    const name = (res.data.value as { displayName?: unknown }).displayName;
    return typeof name === "string" && name.trim() ? name.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new session for the stored refresh token, at the server the account signed in to. Bluesky
 * needs that server, which RefreshInput does not carry: the caller passes the account's metadata.
 */
export async function refreshSession(input: RefreshInput & { metadata?: Record<string, unknown> }): Promise<TokenSet> {
  if (!input.refreshToken) throw new PlatformError(provider, "auth_expired", "No Bluesky refresh token is stored; reconnect the account");
  const { server } = serversOf(input.metadata ?? {});
  try {
    const res = await xrpc("com.atproto.server.refreshSession", () => agentAt(server, input.refreshToken!).com.atproto.server.refreshSession());
    return tokensOf(res.data as SessionData);
  } catch (err) {
    // A refresh token refused for any reason of its own (revoked app password, expired, reused
    // past the grace period) is a grant that is gone.
    if (err instanceof PlatformError && err.status !== undefined && err.status >= 400 && err.status < 500 && err.kind !== "rate_limited")
      throw err.kind === "permission" ? err : reclassify(err, "auth_expired");
    throw err;
  }
}

// The @atproto/api client as the adapter uses it: stateless (the caller holds the tokens, so the
// library never refreshes, and rotates, a refresh token behind its back) and SSRF-guarded (the
// server is an address a user typed: every connection goes through the media imports' guard,
// which URL_FETCH_ALLOW_CIDRS opens on purpose).
import { Agent } from "@atproto/api";
import { fetch as undiciFetch } from "undici";
import { checkUrlShape, guardedDispatcher as dispatcher } from "../../carousel/source/safe-fetch.ts";
import { platformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import type { AccountContext } from "../types.ts";
import { provider } from "./bluesky-errors.ts";

/** Where an account lives: the server its user typed (sessions) and its PDS from its DID document (repo calls). */
export type BlueskyServers = { server: string; service: string };

export const DEFAULT_BLUESKY_SERVER = "https://bsky.social";

/** The server a handle signs in at when the user names none: BLUESKY_SERVER_URL, bsky.social, or the sandbox's PDS. */
export function defaultBlueskyServer(): string {
  return new URL(platformConfig().endpoints.bluesky.server || DEFAULT_BLUESKY_SERVER).origin;
}

/**
 * The sandbox's own PDS (PLATFORMS=sandbox: the local server under SANDBOX_URL) is the operator's
 * configuration, not an address a user typed: it is reached without the SSRF guard, as the
 * Mastodon sandbox's instances are. Every other address passes the guard.
 */
function isSandboxAddress(url: string): boolean {
  const config = platformConfig();
  if (config.mode !== "sandbox") return false;
  try {
    return new URL(url).origin === new URL(config.sandboxUrl).origin;
  } catch {
    return false;
  }
}

/** fetch() whose every connection goes to an address the SSRF guard checked (names when resolved, literal addresses before). */
export const guardedFetch: typeof globalThis.fetch = async (input, init) => {
  // A Request of the global fetch is not undici's own class: pass its parts.
  if (input instanceof Request) {
    const body = input.body ? new Uint8Array(await input.arrayBuffer()) : undefined;
    init = { method: input.method, headers: input.headers, body, signal: input.signal, ...init };
    input = input.url;
  }
  if (isSandboxAddress(String(input))) return (await undiciFetch(input as string | URL, init as Parameters<typeof undiciFetch>[1])) as unknown as Response;
  // A literal address is never looked up, so the lookup's guard cannot see it: check it here.
  checkUrlShape(String(input));
  const res = await undiciFetch(input as string | URL, { ...(init as object), dispatcher } as Parameters<typeof undiciFetch>[1]);
  return res as unknown as Response;
};

/** The server address a user typed, as an origin (https assumed when no scheme is given). */
export function normalizeServer(raw: string | undefined): string {
  const text = (raw ?? "").trim() || defaultBlueskyServer();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw new PlatformError(provider, "invalid_request", `"${text}" is not a server address`, { platformCode: "INVALID_SERVER" });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new PlatformError(provider, "invalid_request", `The server address must be http(s), not ${url.protocol}`);
  return url.origin;
}

export function serversOf(metadata: Record<string, unknown>): BlueskyServers {
  const service = typeof metadata.service === "string" ? metadata.service : undefined;
  const server = typeof metadata.server === "string" ? metadata.server : service;
  if (!service || !server) throw new PlatformError(provider, "invalid_request", "The Bluesky account has no server recorded; reconnect it");
  return { server, service };
}

/** An agent speaking to `service` with a fixed bearer token (or none). */
export function agentAt(service: string, token?: string): Agent {
  return new Agent({ service, fetch: guardedFetch, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) });
}

/** An agent acting as the account, on its PDS. */
export function agentFor(ctx: AccountContext): Agent {
  // OAuth: the session's own fetch (DPoP proofs, its PDS, the library's refresh)
  if (ctx.atprotoSession) return new Agent(ctx.atprotoSession);
  return agentAt(serversOf(ctx.metadata).service, ctx.accessToken);
}

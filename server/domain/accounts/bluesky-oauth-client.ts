// The one atproto OAuth client of this installation (@atproto/oauth-client-node: PAR, PKCE and
// DPoP are the library's). On an https PUBLIC_URL it is a public web client whose metadata we
// serve at CLIENT_METADATA_PATH (its URL is the client_id); on http (npm start, tests) it is the
// loopback client atproto allows for development, whose client_id carries its redirect URI
// (http://127.0.0.1:<port>/api/connect/bluesky/callback). docs/platforms/bluesky.md says why.
import { buildAtprotoLoopbackClientMetadata, NodeOAuthClient, type OAuthClientMetadataInput } from "@atproto/oauth-client-node";
import { env } from "../../env.ts";
import { log } from "../../log.ts";
import { platformConfig } from "../../platforms/config.ts";
import { defaultBlueskyServer, guardedFetch } from "../../platforms/bluesky/bluesky-client.ts";
import { db } from "../../db.ts";
import { blueskySessionStore, blueskyStateStore, postgresRequestLock } from "./bluesky-oauth-stores.ts";
import { blueskyOAuthAvailable } from "./bluesky-oauth-availability.ts";
import { callbackUrl } from "./callback-url.ts";

export { blueskyOAuthAvailable };

export const CLIENT_METADATA_PATH = "/oauth/bluesky/client-metadata.json";
/** atproto's base scope and the one that grants what an app password grants (posting, reading). */
export const BLUESKY_OAUTH_SCOPE = "atproto transition:generic";

const isHttps = () => env().publicUrl.startsWith("https://");

/** The redirect URI: ours on https; on http the loopback form atproto requires (127.0.0.1, never "localhost"). */
export function blueskyRedirectUri(): string {
  const url = new URL(callbackUrl("bluesky"));
  if (!isHttps()) url.hostname = "127.0.0.1";
  return url.toString();
}

/** What we publish at CLIENT_METADATA_PATH (https), or the loopback client's implied metadata (http). */
export function blueskyClientMetadata(): OAuthClientMetadataInput {
  if (!isHttps())
    return buildAtprotoLoopbackClientMetadata({ scope: BLUESKY_OAUTH_SCOPE, redirect_uris: [blueskyRedirectUri() as `http://127.0.0.1:${string}`] });
  const base = env().publicUrl;
  return {
    client_id: `${base}${CLIENT_METADATA_PATH}`,
    client_name: "Posteady",
    client_uri: base,
    redirect_uris: [blueskyRedirectUri() as `https://${string}`],
    scope: BLUESKY_OAUTH_SCOPE,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    application_type: "web",
    // a public client: no key of ours to keep (docs/platforms/bluesky.md)
    token_endpoint_auth_method: "none",
    dpop_bound_access_tokens: true,
  };
}

let cached: { key: string; client: NodeOAuthClient } | undefined;

/** The client for the current configuration (tests change PUBLIC_URL and the platform endpoints). */
export function blueskyOAuthClient(): NodeOAuthClient {
  const config = platformConfig();
  const key = JSON.stringify([env().publicUrl, config.mode, config.endpoints.bluesky]);
  if (cached?.key === key) return cached.client;
  const sandbox = config.mode === "sandbox";
  const client = new NodeOAuthClient({
    clientMetadata: blueskyClientMetadata(),
    stateStore: blueskyStateStore,
    sessionStore: blueskySessionStore,
    requestLock: postgresRequestLock,
    // every connection through the SSRF guard, as app-password sign-ins (the sandbox's own PDS is configuration)
    fetch: guardedFetch,
    // the sandbox's PDS and identity directory are http, and its .test handles resolve only at the PDS
    allowHttp: !isHttps() || sandbox,
    ...(sandbox ? { handleResolver: defaultBlueskyServer() } : {}),
    // the library looks a DID up at the directory's root (/did:plc:…), whatever its path
    plcDirectoryUrl: config.endpoints.bluesky.plc,
    // A refresh the server refused deletes the session: every account acting through it needs reconnecting.
    onDelete: (did, cause) => {
      log.warn("Bluesky OAuth session ended; accounts need reconnecting", { did, error: cause instanceof Error ? cause.message : String(cause) });
      void db.connectedAccount
        .updateMany({
          where: { provider: "bluesky", providerAccountId: did, metadata: { path: ["connection"], equals: "oauth" } },
          data: {
            needsReconnect: true,
            reconnectReason: `Bluesky refused to refresh the sign-in: ${cause instanceof Error ? cause.message : "session ended"}`,
          },
        })
        .catch((err: unknown) => log.warn("could not flag Bluesky accounts", { did, error: (err as Error).message }));
    },
  });
  cached = { key, client };
  return client;
}

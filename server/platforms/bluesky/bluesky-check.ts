// `platforms check` for Bluesky: the server answers com.atproto.server.describeServer, the one
// unauthenticated call every PDS and entryway serves (docs.bsky.app/docs/api/com-atproto-server-describe-server).
import { agentAt, normalizeServer } from "./bluesky-client.ts";
import { xrpc } from "./bluesky-errors.ts";

export type BlueskyServerInfo = { server: string; did: string; availableUserDomains: string[]; inviteCodeRequired: boolean };

export async function describeBlueskyServer(rawServer: string | undefined): Promise<BlueskyServerInfo> {
  const server = normalizeServer(rawServer);
  const res = await xrpc(`GET ${server}/xrpc/com.atproto.server.describeServer`, () => agentAt(server).com.atproto.server.describeServer());
  return { server, did: res.data.did, availableUserDomains: res.data.availableUserDomains, inviteCodeRequired: res.data.inviteCodeRequired === true };
}

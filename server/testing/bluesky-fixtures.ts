// Bluesky accounts for tests, on the sandbox's real local PDS (server/sandbox/bluesky): made as a
// user makes one (an account, then an app password), connected through the domain, and read back
// with @atproto/api as an independent client, never through our adapter.
import { AtpAgent } from "@atproto/api";
import { connectWithAppPassword } from "../domain/accounts/connect-password.ts";
import type { Scope } from "../domain/access.ts";
import { platformConfig } from "../platforms/config.ts";

export type BlueskyTestAccount = { handle: string; did: string; appPassword: string; password: string; server: string };

const sandboxUrl = () => platformConfig().sandboxUrl;

async function sandboxCall(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandboxUrl()}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A new account with an app password on the sandbox's PDS. */
export async function createBlueskyTestAccount(handle = `u${crypto.randomUUID().slice(0, 8)}`): Promise<BlueskyTestAccount> {
  return sandboxCall("POST", "/_sandbox/bluesky/accounts", { handle });
}

/** A new sandbox account, connected to the scope's workspace with its app password. */
export async function connectBlueskyAccount(scope: Scope) {
  const account = await createBlueskyTestAccount();
  const connected = await connectWithAppPassword(scope, { provider: "bluesky", identifier: account.handle, appPassword: account.appPassword });
  return { ...connected, bluesky: account };
}

/** The next call of `operation` reaches the PDS, its answer is dropped, and the PDS stays unreachable for darkSeconds. */
export async function loseBlueskyAnswer(operation: string, darkSeconds: number) {
  await sandboxCall("POST", "/_sandbox/bluesky/faults", { kind: "answer_lost", operation, darkSeconds });
}

export async function clearBlueskyFaults() {
  await sandboxCall("DELETE", "/_sandbox/bluesky/faults");
}

/** An independent client reading the PDS. */
export function blueskyReader(): AtpAgent {
  return new AtpAgent({ service: sandboxUrl() });
}

export type BlueskyRecord = { uri: string; cid: string; value: Record<string, any> };

/** The account's posts, newest first, as another client lists them. */
export async function blueskyPosts(did: string): Promise<BlueskyRecord[]> {
  const res = await blueskyReader().com.atproto.repo.listRecords({ repo: did, collection: "app.bsky.feed.post", limit: 100 });
  return res.data.records as BlueskyRecord[];
}

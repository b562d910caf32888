// Connecting an adapter to the sandbox the way a user would (authorize → consent → code →
// tokens → identities), without vitest, so the live suite's setup can use it too.
import { createPkce } from "../platforms/pkce.ts";
import { consentHeadlessly, type ConsentChoices } from "../sandbox/headless-consent.ts";
import type { AccountContext, AppKind, ConnectedIdentity, PlatformAdapter, TokenSet } from "../platforms/types.ts";

export const redirectUri = "http://127.0.0.1:9/api/connect/callback";

/** The whole OAuth flow against the sandbox: authorize → consent → code → tokens → identities. */
export async function connect(adapter: PlatformAdapter, choices: ConsentChoices = {}, opts: { app?: AppKind; scopes?: string[] } = {}) {
  const pkce = createPkce();
  const state = crypto.randomUUID();
  const url = adapter.authorizeUrl({ state, redirectUri, codeChallenge: adapter.usesPkce ? pkce.challenge : undefined, scopes: opts.scopes, app: opts.app });
  const back = await consentHeadlessly(url, { username: `${adapter.provider}_${crypto.randomUUID().slice(0, 6)}`, ...choices });
  if (back.searchParams.get("state") !== state) throw new Error("state was not returned");
  const code = back.searchParams.get("code");
  if (!code) throw new Error(`no code: ${back.searchParams.get("error")}`);
  const tokens = await adapter.exchangeCode({ code, redirectUri, codeVerifier: adapter.usesPkce ? pkce.verifier : undefined, app: opts.app });
  const identities = await adapter.identities(tokens, opts.app);
  return { tokens, identities, identity: identities[0]! };
}

export function contextFor(identity: ConnectedIdentity, tokens: TokenSet): AccountContext {
  return {
    accessToken: identity.tokens?.accessToken ?? tokens.accessToken,
    providerAccountId: identity.providerAccountId,
    username: identity.username,
    metadata: identity.metadata ?? {},
  };
}

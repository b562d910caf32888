// Helpers for adapter contract tests against the sandbox.
import { inject } from "vitest";
import type { ProviderName } from "../domain/accounts/providers.ts";
import { createPkce } from "../platforms/pkce.ts";
import { consentHeadlessly, type ConsentChoices } from "../platforms/sandbox/headless-consent.ts";
import type { SandboxPost } from "../platforms/sandbox/state.ts";
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

export const sandboxUrl = () => inject("sandboxUrl");

export async function sandbox<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(sandboxUrl() + path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`sandbox ${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Injects one fault (see server/platforms/sandbox/control.ts). */
export function fault(provider: ProviderName, kind: string, extra: { operation?: string; times?: number; retryAfterSeconds?: number; delaySeconds?: number } = {}) {
  return sandbox("POST", "/_sandbox/faults", { provider, kind, ...extra });
}

export async function sandboxPosts(provider: ProviderName, username?: string) {
  const q = new URLSearchParams({ provider, ...(username ? { username } : {}) });
  return (await sandbox<{ posts: SandboxPost[] }>("GET", `/_sandbox/posts?${q}`)).posts;
}

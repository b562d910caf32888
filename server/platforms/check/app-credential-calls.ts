// The harmless call each platform allows with the app's own credentials, no user: it proves the
// client id and secret belong together without touching any account. Where a platform has none,
// the check says why and is skipped; connecting an account is then the first real test.
import type { ProviderName } from "../../domain/accounts/providers.ts";
import type { Credentials, PlatformConfig } from "../config.ts";

export type CallVerdict = { result: "ok" | "fail" | "skip"; detail: string };

type Answer = { status: number; body: Record<string, unknown> };

async function call(url: string, init: RequestInit = {}): Promise<Answer | CallVerdict> {
  try {
    const res = await fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers }, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text.slice(0, 200) };
    }
    return { status: res.status, body };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { result: "fail", detail: `could not reach ${new URL(url).origin}: ${cause?.code ?? cause?.message ?? (err as Error).message}` };
  }
}

const isVerdict = (a: Answer | CallVerdict): a is CallVerdict => "result" in a;

/** Meta's Graph error {error:{message,code}} (developers.facebook.com/docs/graph-api/guides/error-handling). */
function metaVerdict(a: Answer, what: string): CallVerdict {
  if (a.status === 200 && typeof a.body.access_token === "string") return { result: "ok", detail: `${what}: the app id and secret are accepted` };
  const e = a.body.error as { message?: string; code?: number } | undefined;
  return {
    result: "fail",
    detail: `${what} refused (HTTP ${a.status}): ${e?.message ?? JSON.stringify(a.body)}${e?.code !== undefined ? ` (code ${e.code})` : ""}`,
  };
}

/** Threads app access token (developers.facebook.com/documentation/threads/get-started/app-access-tokens). */
async function threads(config: PlatformConfig, c: Credentials): Promise<CallVerdict> {
  const q = new URLSearchParams({ client_id: c.clientId, client_secret: c.clientSecret, grant_type: "client_credentials" });
  const a = await call(`${config.endpoints.threads.graph}/oauth/access_token?${q}`);
  return isVerdict(a) ? a : metaVerdict(a, "app access token");
}

/** Facebook app access token (developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens). */
async function facebook(config: PlatformConfig, c: Credentials): Promise<CallVerdict> {
  const q = new URLSearchParams({ client_id: c.clientId, client_secret: c.clientSecret, grant_type: "client_credentials" });
  const a = await call(`${config.endpoints.facebook.graph}/${config.metaGraphVersion}/oauth/access_token?${q}`);
  return isVerdict(a) ? a : metaVerdict(a, "app access token");
}

/** TikTok client access token (developers.tiktok.com/doc/client-access-token-management); errors as in …/doc/oauth-error-handling. */
export async function tiktokClientToken(config: PlatformConfig, c: Credentials): Promise<CallVerdict> {
  const a = await call(`${config.endpoints.tiktok.api}/v2/oauth/token/`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_key: c.clientId, client_secret: c.clientSecret, grant_type: "client_credentials" }).toString(),
  });
  if (isVerdict(a)) return a;
  if (a.status === 200 && typeof a.body.access_token === "string")
    return { result: "ok", detail: "client access token: the client key and secret are accepted" };
  const error = typeof a.body.error === "string" ? a.body.error : `HTTP ${a.status}`;
  return { result: "fail", detail: `client access token refused: ${error}${a.body.error_description ? `: ${a.body.error_description}` : ""}` };
}

const skipped: Partial<Record<ProviderName, string>> = {
  // docs.x.com/fundamentals/authentication/oauth-2-0/application-only: POST /oauth2/token takes the
  // consumer API key and secret, not the OAuth 2.0 client id and secret Posteady signs in with.
  x: "skipped (needs an account): X's app-only token is made from the consumer API key, not the OAuth 2.0 client id",
  // learn.microsoft.com/linkedin/shared/authentication/client-credentials-flow: not available by default.
  linkedin: "skipped (needs an account): LinkedIn's client credentials flow is closed to apps by default",
  // The Instagram API with Instagram Login documents no app-only token.
  instagram: "skipped (needs an account): the Instagram API with Instagram Login has no app-only call",
  // Google OAuth clients for installed/web apps have no client-credentials grant.
  youtube: "skipped (needs an account): Google has no call with OAuth client credentials alone",
};

export async function appCredentialCall(provider: ProviderName, config: PlatformConfig, c: Credentials): Promise<CallVerdict> {
  if (provider !== "threads" && provider !== "facebook" && provider !== "tiktok") return { result: "skip", detail: skipped[provider] ?? "skipped" };
  const verdict = await (provider === "threads" ? threads(config, c) : provider === "facebook" ? facebook(config, c) : tiktokClientToken(config, c));
  // In sandbox mode an unreachable platform is the sandbox not running: say what starts it.
  if (config.mode === "sandbox" && verdict.detail.startsWith("could not reach"))
    return { ...verdict, detail: `${verdict.detail} (is the sandbox running? \`npm start\` or \`npm run sandbox\` starts it)` };
  return verdict;
}

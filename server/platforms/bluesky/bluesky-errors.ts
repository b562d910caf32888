// Bluesky's failures as typed platform errors. @atproto/api throws XRPCError: the HTTP status
// and the lexicon's error name (`ExpiredToken`, `RecordNotFound`, …) for an answer, status 1 or 2
// with the transport error as `cause` when no usable answer came back.
import { PlatformError, kindForStatus } from "../errors.ts";
import { NOT_SENT } from "../http.ts";

export const provider = "bluesky";

type XrpcLike = { status?: unknown; error?: unknown; message?: unknown; headers?: Record<string, string>; cause?: unknown };

/** Errors the PDS answers for a token it no longer accepts (docs.bsky.app/docs/advanced-guides/api-directory). */
const authErrors = new Set(["ExpiredToken", "InvalidToken", "AuthenticationRequired", "AuthMissing", "BadJwt", "BadJwtSignature", "InvalidAuth"]);
/** The account itself cannot act: no new session fixes it until the user does something on Bluesky. */
const accountErrors = new Set(["AccountTakedown", "AccountDeactivated", "AccountSuspended", "RepoTakendown", "RepoDeactivated", "RepoSuspended"]);

/** The innermost cause's code (undici: TypeError('fetch failed', { cause: { code } })). */
function causeCode(err: unknown): string | undefined {
  for (let e = err as { cause?: unknown; code?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string") return e.code;
    if ((e as { name?: unknown }).name === "UrlRefusedError") return "URL_REFUSED";
  }
  return undefined;
}

function refusedMessage(err: unknown): string | undefined {
  for (let e = err as { cause?: unknown; name?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.name === "UrlRefusedError") return String(e.message);
  }
  return undefined;
}

/** `what` names the call, for errors that carry no words of their own. */
export function mapBlueskyError(err: unknown, what = "the Bluesky call"): PlatformError {
  if (err instanceof PlatformError) return err;
  // An OAuth session that could not be restored (account-tokens.ts) throws from inside the agent's fetch: XRPC wraps it.
  if ((err as { cause?: unknown } | null)?.cause instanceof PlatformError) return (err as { cause: PlatformError }).cause;
  const x = (typeof err === "object" && err ? err : {}) as XrpcLike;
  const status = typeof x.status === "number" ? x.status : undefined;
  const code = typeof x.error === "string" ? x.error : undefined;
  const message = typeof x.message === "string" && x.message ? x.message : (code ?? String(err));
  if (status === undefined || status < 100) {
    const refused = refusedMessage(err);
    if (refused) return new PlatformError(provider, "invalid_request", `The server address is refused: it ${refused}`, { platformCode: "URL_REFUSED" });
    const transport = causeCode(err);
    // A connection that never opened was not applied; anything after the request left may have been.
    if (transport && NOT_SENT.has(transport)) return new PlatformError(provider, "unavailable", `${what} failed: ${transport}`);
    return new PlatformError(provider, "unknown_outcome", `${what}: no answer (${transport ?? message})`);
  }
  const extra = { status, platformCode: code };
  if (code && authErrors.has(code)) return new PlatformError(provider, "auth_expired", message, extra);
  if (code && accountErrors.has(code)) return new PlatformError(provider, "permission", message, extra);
  if (status === 429 || code === "RateLimitExceeded") {
    // The PDS sends RateLimit-Reset in epoch seconds (docs.bsky.app/docs/advanced-guides/rate-limits).
    const reset = Number(x.headers?.["ratelimit-reset"] ?? x.headers?.["RateLimit-Reset"]);
    return new PlatformError(provider, "rate_limited", message, { ...extra, retryAt: reset > 0 ? new Date(reset * 1000) : undefined });
  }
  if (status === 413 || code === "BlobTooLarge" || code === "PayloadTooLarge") return new PlatformError(provider, "media_rejected", message, extra);
  if (code === "RecordNotFound" || code === "RepoNotFound") return new PlatformError(provider, "not_found", message, extra);
  if (status === 400 && /record/i.test(message) && /invalid|must not be longer|graphemes/i.test(message))
    return new PlatformError(provider, "content_rejected", message, extra);
  return new PlatformError(provider, kindForStatus(status), message, extra);
}

/** Runs one XRPC call and turns whatever it throws into a PlatformError. */
export async function xrpc<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw mapBlueskyError(err, what);
  }
}

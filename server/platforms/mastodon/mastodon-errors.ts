// Mastodon's error answers ({"error": "…"}, https://docs.joinmastodon.org/entities/Error/) as typed
// failures. 401 is a revoked or unknown token: tokens never expire and there is no refresh, so
// the account needs reconnecting. A 429 says when access returns in X-RateLimit-Reset
// (https://docs.joinmastodon.org/api/rate-limits/).
import { PlatformError, kindForStatus, type PlatformErrorKind } from "../errors.ts";

const mediaWords = /\b(file|media|attach|processing|video|image)\b/i;

export function mapMastodonError(status: number, body: unknown, headers: Headers): PlatformError {
  const b = (typeof body === "object" && body !== null ? body : {}) as { error?: unknown; error_description?: unknown };
  const message = typeof b.error === "string" ? (typeof b.error_description === "string" ? `${b.error}: ${b.error_description}` : b.error) : `HTTP ${status}`;
  let kind: PlatformErrorKind = kindForStatus(status);
  if (status === 422) kind = mediaWords.test(message) ? "media_rejected" : "content_rejected";
  // OAuth endpoint refusals (invalid_grant, invalid_client) are the request's, not the session's.
  if (status === 400 || (status === 401 && b.error === "invalid_client")) kind = "invalid_request";
  const reset = headers.get("x-ratelimit-reset");
  const retryAt = status === 429 && reset && !Number.isNaN(Date.parse(reset)) ? new Date(reset) : undefined;
  return new PlatformError("mastodon", kind, message, { status, retryAt });
}

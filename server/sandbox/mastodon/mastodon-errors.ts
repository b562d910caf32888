// Mastodon's error answers (https://docs.joinmastodon.org/entities/Error/): {"error": "…"} with the
// HTTP status saying what kind, plus error_description on OAuth endpoints. A bad token is a 401
// with Doorkeeper's WWW-Authenticate header; a rate limit is a 429 with X-RateLimit-* headers
// (https://docs.joinmastodon.org/api/rate-limits/).
import type { ErrorKind } from "../kit.ts";
import { jsonAnswer } from "../kit.ts";

export const mastodonError = (status: number, error: string, headers: Record<string, string> = {}) => jsonAnswer({ error }, { status, headers });

export const oauthError = (status: number, error: string, description: string) => jsonAnswer({ error, error_description: description }, { status });

const unauthorized = (description: string) =>
  mastodonError(401, description, { "www-authenticate": `Bearer realm="Doorkeeper", error="invalid_token", error_description="${description}"` });

export function mastodonErrorOf(kind: ErrorKind, d: { message?: string; retryAfterSeconds?: number } = {}): Response {
  switch (kind) {
    case "expired_token":
      // Mastodon's tokens do not expire: a token that stops working was revoked.
      return unauthorized("The access token was revoked");
    case "invalid_token":
      return unauthorized("The access token is invalid");
    case "missing_scope":
      return mastodonError(403, "This action is outside the authorized scopes");
    case "rate_limit":
    case "quota": {
      const reset = new Date(Date.now() + (d.retryAfterSeconds ?? 300) * 1000).toISOString();
      return mastodonError(429, "Too many requests", { "x-ratelimit-limit": "300", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset });
    }
    case "server_error":
      return mastodonError(503, "The server is temporarily unavailable");
    case "not_found":
      return mastodonError(404, d.message ?? "Record not found");
    case "media":
      return mastodonError(422, `Validation failed: ${d.message ?? "File could not be processed"}`);
    case "content":
      return mastodonError(422, `Validation failed: ${d.message ?? "Text is not allowed on this server"}`);
    default:
      return mastodonError(422, d.message ?? "Validation failed");
  }
}

// Typed platform failures. Adapters turn each platform's error bodies into one of these kinds;
// the publishing engine turns kinds into SPEC.md's job failure codes.
export type PlatformErrorKind =
  | "auth_expired" // token expired or revoked: refresh once, then reconnect
  | "permission" // scope, role or Page task missing: reconnect with more access
  | "app_setup" // the platform app itself lacks an approval (audit, Project enrolment): no reconnect or retry helps
  | "rate_limited" // short-term limit; retryAt when the platform says
  | "quota_exceeded" // daily or monthly cap
  | "media_rejected" // the platform refused or failed to process the media
  | "content_rejected" // text or post refused (policy, too long)
  | "duplicate_content" // the same text as a recent post of the account (X): sending it again cannot help
  | "invalid_request" // the request was malformed for the platform
  | "not_found"
  | "unavailable" // 5xx or connection refused: nothing was applied
  | "unknown_outcome"; // sent, but whether it was applied cannot be known

export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  readonly provider: string;
  readonly status: number | undefined;
  readonly platformCode: string | undefined;
  readonly retryAt: Date | undefined;
  /** the platform's own words, without the provider prefix */
  readonly detail: string;

  constructor(provider: string, kind: PlatformErrorKind, message: string, extra: { status?: number; platformCode?: string | number; retryAt?: Date } = {}) {
    super(`${provider}: ${message}`);
    this.name = "PlatformError";
    this.detail = message;
    this.provider = provider;
    this.kind = kind;
    this.status = extra.status;
    this.platformCode = extra.platformCode === undefined ? undefined : String(extra.platformCode);
    this.retryAt = extra.retryAt;
  }
}

/** The same failure, classified differently (e.g. a refused refresh token is an expired grant). */
export function reclassify(err: PlatformError, kind: PlatformErrorKind): PlatformError {
  return new PlatformError(err.provider, kind, err.detail, { status: err.status, platformCode: err.platformCode, retryAt: err.retryAt });
}

export function isPlatformError(err: unknown, kind?: PlatformErrorKind): err is PlatformError {
  return err instanceof PlatformError && (kind === undefined || err.kind === kind);
}

/** Default kind for an HTTP status when the body says nothing more specific. */
export function kindForStatus(status: number): PlatformErrorKind {
  if (status === 401) return "auth_expired";
  if (status === 403) return "permission";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  return "invalid_request";
}

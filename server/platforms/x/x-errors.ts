// X's failures as typed platform errors: problem JSON ({title, detail, type, errors[]}), the
// OAuth errors ({error}), and the rate-limit headers that tell a 15-minute limit from a daily cap.
import { PlatformError, kindForStatus } from "../errors.ts";

const provider = "x";

type Problem = {
  title?: string;
  detail?: string;
  type?: string;
  status?: number;
  reason?: string;
  required_enrollment?: string;
  errors?: { message?: string; title?: string }[];
  error?: string;
  error_description?: string;
};

/**
 * POST /2/tweets has caps over 24 hours, per user and per app, besides the 15-minute window; a
 * 429 with a 24-hour `remaining` of 0 is the daily cap, whose reset (epoch seconds) can be hours
 * away (docs.x.com/x-api/fundamentals/rate-limits).
 */
function dailyCapReached(headers: Headers): { who: string; limit: string; resetAt: Date } | undefined {
  for (const [prefix, who] of [
    ["x-user-limit-24hour", "this X account"],
    ["x-app-limit-24hour", "this installation's X app (all its accounts together)"],
  ] as const) {
    const reset = Number(headers.get(`${prefix}-reset`));
    if (headers.get(`${prefix}-remaining`) === "0" && reset > 0) return { who, limit: headers.get(`${prefix}-limit`) ?? "?", resetAt: new Date(reset * 1000) };
  }
  return undefined;
}

/** X answers problem JSON ({title, detail, type}) or {errors:[…]}; OAuth answers {error}. */
export function mapXError(status: number, body: unknown, headers: Headers): PlatformError {
  const p = (typeof body === "object" && body ? body : {}) as Problem;
  // A schema refusal has a generic detail; the failing parameter is named in errors[].message.
  const messages = (p.errors ?? []).map((e) => e.message).filter(Boolean);
  const generic = p.detail ?? p.error_description ?? p.title;
  const detail =
    generic && messages.length > 0 ? `${generic} ${messages.join("; ")}` : (generic ?? messages[0] ?? (typeof body === "string" ? body : `HTTP ${status}`));
  const type = p.type ?? "";
  const extra = { status, platformCode: type || p.error || p.title };
  if (p.error === "invalid_grant" || p.error === "invalid_token") return new PlatformError(provider, "auth_expired", detail, extra);
  if (status === 401) return new PlatformError(provider, "auth_expired", detail, extra);
  if (status === 429) {
    if (type.endsWith("/usage-capped")) return new PlatformError(provider, "quota_exceeded", detail, extra);
    const daily = dailyCapReached(headers);
    if (daily) {
      const message = `X's daily post limit for ${daily.who} (${daily.limit} posts per 24 hours) is used up; it resets at ${daily.resetAt.toISOString()}`;
      return new PlatformError(provider, "quota_exceeded", message, { ...extra, retryAt: daily.resetAt });
    }
    const reset = Number(headers.get("x-rate-limit-reset"));
    return new PlatformError(provider, "rate_limited", detail, { ...extra, retryAt: reset ? new Date(reset * 1000) : undefined });
  }
  // An app outside a Project (or without the access level) is refused on every v2 endpoint:
  // a setup matter in the X developer portal, not the account's.
  if (status === 403 && (p.reason === "client-not-enrolled" || type.endsWith("/client-forbidden"))) {
    const needed = p.required_enrollment ? ` (X requires: ${p.required_enrollment})` : "";
    return new PlatformError(
      provider,
      "app_setup",
      `The X app of this installation is not enrolled for the X API v2${needed}: in the X developer portal, attach the app to a Project with the access it needs, then try again. X said: ${detail}`,
      { ...extra, platformCode: p.reason ?? type },
    );
  }
  if (status === 403) {
    if (type.endsWith("/unsupported-authentication") || /scope|not permitted to use|oauth2 user context/i.test(detail)) {
      return new PlatformError(provider, "permission", detail, extra);
    }
    if (/duplicate content/i.test(detail)) return new PlatformError(provider, "duplicate_content", detail, extra);
    return new PlatformError(provider, "content_rejected", detail, extra);
  }
  if (status === 400 && /media/i.test(detail)) return new PlatformError(provider, "media_rejected", detail, extra);
  return new PlatformError(provider, kindForStatus(status), detail, extra);
}

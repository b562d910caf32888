// Meta's error bodies ({error:{message,type,code,error_subcode,fbtrace_id}}) from graph.instagram.com,
// and the older {error_type,code,error_message} of api.instagram.com, turned into PlatformError kinds.
// Subcodes are more specific than codes (code 4 is a rate limit, but 4 with 2207051 is a spam block),
// so they are checked first.
import { PlatformError, kindForStatus, type PlatformErrorKind } from "../errors.ts";
import { retryAfter } from "../http.ts";

const provider = "instagram";

type MetaError = { message?: string; type?: string; code?: number; error_subcode?: number; error_user_msg?: string };
type LegacyError = { error_type?: string; code?: number; error_message?: string };

const subcodeKinds = new Map<number, PlatformErrorKind>([
  [2207042, "quota_exceeded"], // content publishing limit (100 per rolling 24 h)
  [2207003, "media_rejected"], // download timed out
  [2207052, "media_rejected"], // media could not be fetched
  [2207077, "media_rejected"], // video download failed
  [2207004, "media_rejected"], // image too large
  [2207005, "media_rejected"], // image format
  [2207026, "media_rejected"], // video format
  [2207009, "media_rejected"], // aspect ratio
  [2207010, "content_rejected"], // caption too long (or too many hashtags)
  [2207028, "content_rejected"], // carousel invalid
  [2207001, "content_rejected"], // spam
  [2207050, "content_rejected"], // account restricted
  [2207051, "content_rejected"], // activity blocked
  [2207027, "invalid_request"], // media not ready for publishing
  [33, "not_found"], // object does not exist (or is not visible to this token)
]);

const codeKinds = new Map<number, PlatformErrorKind>([
  [190, "auth_expired"], // token invalid, expired or revoked (subcodes 460, 463, 467)
  [102, "auth_expired"],
  [9, "quota_exceeded"],
  [4, "rate_limited"],
  [17, "rate_limited"],
  [32, "rate_limited"],
  [613, "rate_limited"],
  [80002, "rate_limited"], // Instagram business use case limit
  [10, "permission"],
  [9007, "invalid_request"], // media not ready
  [9004, "media_rejected"],
  [352, "media_rejected"],
  [36000, "media_rejected"],
  [36001, "media_rejected"], // resolution / format
  [36003, "media_rejected"], // aspect ratio
  [36004, "content_rejected"],
  [1, "unavailable"],
  [2, "unavailable"],
]);

function kindOf(status: number, code: number | undefined, subcode: number | undefined): PlatformErrorKind {
  if (code === 190 || code === 102) return "auth_expired";
  const bySubcode = subcode === undefined ? undefined : subcodeKinds.get(subcode);
  if (bySubcode) return bySubcode;
  if (code !== undefined && code >= 200 && code <= 299) return "permission";
  return (code === undefined ? undefined : codeKinds.get(code)) ?? kindForStatus(status);
}

/** Meta reports throttling in X-Business-Use-Case-Usage: minutes until access returns, per account. */
function regainAccessAt(headers: Headers): Date | undefined {
  const raw = headers.get("x-business-use-case-usage");
  let minutes: number | undefined;
  try {
    const usage = (raw ? JSON.parse(raw) : {}) as Record<string, { estimated_time_to_regain_access?: number }[]>;
    for (const entries of Object.values(usage)) {
      for (const e of entries) if (typeof e.estimated_time_to_regain_access === "number") minutes = Math.max(minutes ?? 0, e.estimated_time_to_regain_access);
    }
  } catch {
    minutes = undefined;
  }
  return minutes ? new Date(Date.now() + minutes * 60_000) : retryAfter(headers);
}

export function mapInstagramError(status: number, body: unknown, headers: Headers): PlatformError {
  const envelope = (typeof body === "object" && body ? body : {}) as { error?: MetaError } & LegacyError;
  const e: MetaError = envelope.error ?? { code: envelope.code, message: envelope.error_message, type: envelope.error_type };
  const code = typeof e.code === "number" ? e.code : undefined;
  const subcode = typeof e.error_subcode === "number" ? e.error_subcode : undefined;
  const kind = kindOf(status, code, subcode);
  const message = [e.message ?? (typeof body === "string" ? body : `HTTP ${status}`), e.error_user_msg].filter(Boolean).join(": ");
  return new PlatformError(provider, kind, message, {
    status,
    platformCode: subcode !== undefined ? `${code}/${subcode}` : code,
    retryAt: kind === "rate_limited" ? regainAccessAt(headers) : undefined,
  });
}

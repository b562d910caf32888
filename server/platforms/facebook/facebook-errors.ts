// Meta's error bodies ({error:{message,type,code,error_subcode,fbtrace_id}}) and rupload's
// ({debug_info:{retriable,type,message}}) turned into PlatformError kinds.
import { PlatformError, kindForStatus, type PlatformErrorKind } from "../errors.ts";
import { retryAfter } from "../http.ts";

export const provider = "facebook";

type MetaError = { message?: string; type?: string; code?: number; error_subcode?: number; error_user_msg?: string; is_transient?: boolean };
type RuploadError = { debug_info?: { retriable?: boolean; type?: string; message?: string } };

/** Codes and subcodes that name the failure precisely; checked before the generic codes. */
const specific: Record<number, PlatformErrorKind> = {
  1390008: "rate_limited", // "You are posting too fast" (under code 368)
  1404078: "permission", // the Page needs Page Publishing Authorization
  4854002: "permission", // identity confirmation required
  1366046: "media_rejected", // photo too large or not a supported format
  1366051: "media_rejected", // this media was already posted
  1346003: "content_rejected", // deemed abusive
  1404102: "content_rejected", // violates Community Standards
  1609008: "content_rejected", // links to facebook.com cannot be posted
  2061006: "content_rejected", // invalid URL
};

const rateLimitCodes = new Set([4, 17, 32, 613]);
// Video upload and fetch failures: 324 missing image, 352 unsupported format, 389 unfetchable URL, 6000/6001 upload problems.
const mediaCodes = new Set([324, 352, 389, 6000, 6001]);

function kindOf(e: MetaError, status: number): PlatformErrorKind {
  const precise = specific[e.error_subcode ?? -1] ?? specific[e.code ?? -1];
  if (precise) return precise;
  if (/no permission to publish the video/i.test(e.message ?? "")) return "media_rejected";
  const code = e.code ?? -1;
  if (code === 190) return "auth_expired";
  if (code === 10 || (code >= 200 && code <= 299)) return "permission";
  // 80000–80014: Business Use Case limits (80001 is the Pages one).
  if (rateLimitCodes.has(code) || (code >= 80000 && code <= 80014)) return "rate_limited";
  // The Reels cap (30 API-published per Page per 24 h) answers code 9, as Meta's content-publishing limits do.
  if (code === 9) return "quota_exceeded";
  if (mediaCodes.has(code)) return "media_rejected";
  if (code === 368 || code === 506) return "content_rejected"; // temporarily blocked for policy; duplicate status
  if (code === 100 && e.error_subcode === 33) return "not_found"; // "Object with ID … does not exist"
  if (code === 1 || code === 2 || e.is_transient) return "unavailable";
  return kindForStatus(status);
}

/** When a rate limit lifts: Meta reports minutes in X-Business-Use-Case-Usage (estimated_time_to_regain_access). */
export function regainAccessAt(headers: Headers): Date | undefined {
  const raw = headers.get("x-business-use-case-usage");
  if (raw) {
    try {
      const usage = JSON.parse(raw) as Record<string, { estimated_time_to_regain_access?: number }[]>;
      const minutes = Math.max(
        0,
        ...Object.values(usage)
          .flat()
          .map((u) => u.estimated_time_to_regain_access ?? 0),
      );
      if (minutes > 0) return new Date(Date.now() + minutes * 60_000);
    } catch {
      // an unreadable usage header says nothing about the wait; fall back to Retry-After
    }
  }
  return retryAfter(headers);
}

export function mapFacebookError(status: number, body: unknown, headers: Headers): PlatformError {
  const obj = (typeof body === "object" && body ? body : {}) as { error?: MetaError } & RuploadError;
  if (obj.debug_info && !obj.error) {
    const d = obj.debug_info;
    const kind: PlatformErrorKind = status >= 500 ? "unavailable" : status === 401 ? "auth_expired" : "media_rejected";
    return new PlatformError(provider, kind, d.message ?? `rupload HTTP ${status}`, { status, platformCode: d.type });
  }
  const e = obj.error ?? {};
  const kind = kindOf(e, status);
  const message = [e.message, e.error_user_msg].filter(Boolean).join(" · ") || (typeof body === "string" && body ? body : `HTTP ${status}`);
  const platformCode = e.code === undefined ? undefined : e.error_subcode ? `${e.code}/${e.error_subcode}` : e.code;
  return new PlatformError(provider, kind, message, { status, platformCode, retryAt: kind === "rate_limited" ? regainAccessAt(headers) : undefined });
}

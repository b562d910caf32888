// LinkedIn's versioned REST API as every LinkedIn module calls it: the LinkedIn-Version and
// Rest.li 2.0 headers, error bodies mapped to typed failures, the "little" text format of
// commentary, and post creation (POST /rest/posts).
import { platformConfig } from "../config.ts";
import { PlatformError, kindForStatus } from "../errors.ts";
import { platformRequest, retryAfter } from "../http.ts";
import type { AccountContext } from "../types.ts";

export const provider = "linkedin";
export const endpoints = () => platformConfig().endpoints.linkedin;

/** LinkedIn's 429 carries no Retry-After; its "infrastructure protection" throttle clears by itself. */
const THROTTLE_BACKOFF_SECONDS = 60;

// ---- the "little" text format of commentary

const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/** Plain text → commentary LinkedIn shows exactly as written (it cuts a post at the first unescaped reserved character). */
export function escapeLittleText(text: string): string {
  return text.replace(RESERVED, "\\$&");
}

// ---- errors

type LinkedInError = {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
  errorDetails?: { inputErrors?: { code?: string; description?: string }[] };
  error?: string;
  error_description?: string;
};

const CONTENT_CODES = new Set(["DUPLICATE_POST", "FIELD_LENGTH_TOO_LONG"]);

/** Next midnight UTC: when LinkedIn's daily application and member limits reset. */
export function nextUtcMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** REST errors are {status, serviceErrorCode, code, message[, errorDetails]}; the OAuth host answers {error, error_description}. */
export function mapLinkedInError(status: number, body: unknown, headers: Headers): PlatformError {
  const e = (typeof body === "object" && body ? body : {}) as LinkedInError;
  const message = e.message ?? e.error_description ?? (typeof body === "string" && body ? body : `HTTP ${status}`);
  const codes = [e.code, ...(e.errorDetails?.inputErrors ?? []).map((i) => i.code)].filter((c): c is string => Boolean(c));
  const extra = { status, platformCode: e.code ?? e.error ?? e.serviceErrorCode };
  if (status === 401 || e.error === "invalid_grant") return new PlatformError(provider, "auth_expired", message, extra);
  if (status === 403) return new PlatformError(provider, "permission", message, extra);
  if (status === 429) {
    if (/\bDAY limit\b/i.test(message)) return new PlatformError(provider, "quota_exceeded", message, { ...extra, retryAt: nextUtcMidnight() });
    const retryAt = retryAfter(headers) ?? new Date(Date.now() + THROTTLE_BACKOFF_SECONDS * 1000);
    return new PlatformError(provider, "rate_limited", message, { ...extra, retryAt });
  }
  if (status === 422 && (codes.some((c) => CONTENT_CODES.has(c)) || /duplicate/i.test(message))) {
    return new PlatformError(provider, "content_rejected", message, extra);
  }
  return new PlatformError(provider, kindForStatus(status), message, extra);
}

// ---- HTTP

/** Versioned /rest calls need the version and Rest.li 2.0 headers. */
export function rest<T>(ctx: { accessToken: string }, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return platformRequest<T>({
    provider,
    method,
    url: `${endpoints().api}${path}`,
    headers: {
      Authorization: `Bearer ${ctx.accessToken}`,
      "LinkedIn-Version": platformConfig().linkedinVersion,
      "X-Restli-Protocol-Version": "2.0.0",
      ...headers,
    },
    body,
    mapError: mapLinkedInError,
  });
}

// ---- posts

export const authorUrn = (ctx: AccountContext) =>
  typeof ctx.metadata.authorUrn === "string" ? ctx.metadata.authorUrn : `urn:li:person:${ctx.providerAccountId}`;
export const permalink = (urn: string) => `https://www.linkedin.com/feed/update/${urn}`;
const distribution = { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] };

/** POST /rest/posts answers 201 with an empty body; the new post's URN is in x-restli-id. */
export async function createPost(ctx: AccountContext, body: Record<string, unknown>): Promise<string> {
  const res = await rest(ctx, "POST", "/rest/posts", { author: authorUrn(ctx), visibility: "PUBLIC", distribution, lifecycleState: "PUBLISHED", ...body });
  const urn = res.headers.get("x-restli-id");
  // Created, but without its id we cannot tell the caller which post it is.
  if (!urn) throw new PlatformError(provider, "unknown_outcome", `POST /rest/posts answered ${res.status} without x-restli-id`, { status: res.status });
  return urn;
}

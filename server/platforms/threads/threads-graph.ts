// Threads' Graph calls shared by the adapter's parts: the request helper with the user's token,
// Meta's error envelope mapped to PlatformError kinds, and reading a published post's permalink.
import { platformConfig } from "../config.ts";
import { PlatformError, kindForStatus } from "../errors.ts";
import { platformRequest, retryAfter } from "../http.ts";

export const provider = "threads";
const endpoints = () => platformConfig().endpoints.threads;

type GraphError = { message?: string; type?: string; code?: number; error_subcode?: number; error_user_title?: string; error_user_msg?: string };

/** Meta's {error:{message,type,code,error_subcode}}: the code decides, the status only when there is none. */
export function mapThreadsError(status: number, body: unknown, headers: Headers): PlatformError {
  const inner = typeof body === "object" && body ? (body as { error?: unknown }).error : undefined;
  const e: GraphError = typeof inner === "object" && inner ? inner : {};
  const code = Number(e.code);
  const subcode = Number(e.error_subcode);
  const detail = [e.message, e.error_user_title, e.error_user_msg].filter(Boolean).join(" — ") || (typeof body === "string" && body) || `HTTP ${status}`;
  const extra = { status, platformCode: e.code === undefined ? undefined : e.error_subcode ? `${code}/${subcode}` : code };
  const fail = (kind: PlatformError["kind"], more: { retryAt?: Date } = {}) => new PlatformError(provider, kind, detail, { ...extra, ...more });
  if (code === 190) return fail("auth_expired");
  // The 250-posts-per-24-h cap: Threads documents no code; Instagram's publishing cap answers 9/2207042.
  if (code === 9 || subcode === 2207042) return fail("quota_exceeded");
  if ([4, 17, 32, 613].includes(code)) return fail("rate_limited", { retryAt: regainAccessAt(headers) });
  if (code === 10 || (code >= 200 && code <= 299)) return fail("permission");
  if (/LINK_LIMIT_EXCEEDED|must be at most \d+ characters/i.test(detail) || subcode === 2207051) return fail("content_rejected");
  if (code === 9004 || subcode === 2207052) return fail("media_rejected");
  if (code === 100 && subcode === 33) return fail("not_found");
  // 9007: the container is not ready yet; nothing was published and a later attempt can succeed.
  if (code === 9007 || code === 1 || code === 2) return fail("unavailable");
  return fail(kindForStatus(status));
}

/** Meta tells when access returns in X-Business-Use-Case-Usage (minutes); Retry-After otherwise. */
function regainAccessAt(headers: Headers): Date | undefined {
  const minutes = Math.max(0, ...usageEntries(headers.get("x-business-use-case-usage")).map((e) => e.estimated_time_to_regain_access ?? 0));
  return minutes > 0 ? new Date(Date.now() + minutes * 60_000) : retryAfter(headers);
}

function usageEntries(header: string | null): { estimated_time_to_regain_access?: number }[] {
  if (!header) return [];
  try {
    return Object.values(JSON.parse(header) as Record<string, { estimated_time_to_regain_access?: number }[]>).flat();
  } catch {
    return []; // a malformed header tells nothing
  }
}

/** One Graph call with the user's token; `timeoutMs` for calls during which Meta fetches media. */
export function graph<T>(accessToken: string, method: string, path: string, body?: URLSearchParams, timeoutMs?: number) {
  return platformRequest<T>({
    provider,
    method,
    url: `${endpoints().graph}${path}`,
    headers: { Authorization: `Bearer ${accessToken}` },
    body,
    timeoutMs,
    mapError: mapThreadsError,
  });
}

/** The post is public once threads_publish answered, so a failed read must not look like "nothing was published". */
export async function permalinkOf(accessToken: string, id: string): Promise<string> {
  const afterPublish = (why: string) => new PlatformError(provider, "unknown_outcome", `post ${id} was published, but its permalink could not be read: ${why}`);
  const res = await graph<{ permalink?: string }>(accessToken, "GET", `/v1.0/${id}?fields=permalink`).catch((err: Error) => {
    throw afterPublish(err.message);
  });
  if (!res.body.permalink) throw afterPublish("the platform omitted it");
  return res.body.permalink;
}

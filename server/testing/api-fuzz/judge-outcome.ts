// What counts as a failure, and whose it is. A failure is an unanswered request, a 5xx other
// than a deliberate 503 SERVICE_UNAVAILABLE, a 4xx/5xx body outside the error envelope, or a
// body of another content type taken as JSON. Each failure also names the known fault class
// it falls in (issue 28's items that other changes fix), or "new" when it is none of them.
import type { FuzzCase } from "./fuzz-cases.ts";
import type { Outcome } from "./send-case.ts";

export type FailureCategory = "unanswered" | "server-error" | "not-envelope" | "non-json-accepted";

export type Verdict = { failure?: FailureCategory; known?: KnownClass; rateLimited: boolean; deliberate5xx: boolean };

export const knownClasses = {
  "malformed-escape": "a malformed percent-escape in the path (issue 28: router.ts decodeURIComponent, storage routes)",
  "nul-or-surrogate": "NUL or a lone surrogate in text (issue 28: text is clean before it is stored)",
  "non-json-content-type": "a body of another content type taken as JSON (issue 28: 415)",
  "http-parser":
    "Node's HTTP parser answered before any handler (unknown method, oversized header) without the envelope: see the clientError handler in server/runtime/web-server.ts",
} as const;
export type KnownClass = keyof typeof knownClasses;

const NOT_JSON_TYPES = /^(text\/|multipart\/|application\/(x-www-form-urlencoded|xml|jsonx)|\*\/\*)/i;

export function judge(c: FuzzCase, outcome: Outcome): Verdict {
  const verdict: Verdict = { rateLimited: false, deliberate5xx: false };
  if (outcome.answered === "refused-by-client") return verdict;
  if (!outcome.answered) return classify(c, { ...verdict, failure: "unanswered" }, undefined);
  const { status } = outcome;
  if (status === 429) return { ...verdict, rateLimited: true };
  const envelope = errorEnvelope(outcome.text);
  if (status >= 500) {
    if (status === 503 && envelope?.code === "SERVICE_UNAVAILABLE") return { ...verdict, deliberate5xx: true };
    return classify(c, { ...verdict, failure: "server-error" }, outcome);
  }
  // Paths outside the API (/API/V1/… differs in case) are the dashboard's: its HTML 404 is right there.
  const apiPath = /^\/api\/v1(\/|$|\?)/.test(c.path);
  if (status >= 400 && c.method !== "HEAD" && !envelope && (apiPath || status >= 500 || !outcome.contentType)) {
    return classify(c, { ...verdict, failure: "not-envelope" }, outcome);
  }
  // A body of another media type must not be read as JSON (accepted, or judged as JSON: 400/422).
  const contentType = c.headers["Content-Type"];
  const readAsJson = status < 300 || envelope?.code === "INVALID_JSON" || envelope?.code === "VALIDATION_ERROR";
  if (readAsJson && c.body && c.body.length > 0 && contentType !== undefined && NOT_JSON_TYPES.test(contentType)) {
    return classify(c, { ...verdict, failure: "non-json-accepted" }, outcome);
  }
  return verdict;
}

function errorEnvelope(text: string): { code: string; message: string } | undefined {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    const e = body?.error;
    return e && typeof e.code === "string" && typeof e.message === "string" ? { code: e.code, message: e.message } : undefined;
  } catch {
    return undefined;
  }
}

function classify(c: FuzzCase, verdict: Verdict, outcome: Extract<Outcome, { answered: true }> | undefined): Verdict {
  const pathname = c.path.split("?", 1)[0]!;
  if (verdict.failure === "non-json-accepted") return { ...verdict, known: "non-json-content-type" };
  if (!undecodable(pathname) && outcome && !outcome.contentType && outcome.text === "" && verdict.failure === "not-envelope")
    return { ...verdict, known: "http-parser" };
  if (undecodable(pathname)) return { ...verdict, known: "malformed-escape" };
  if (hasNulOrSurrogate(c)) return { ...verdict, known: "nul-or-surrogate" };
  return verdict;
}

function undecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function hasNulOrSurrogate(c: FuzzCase): boolean {
  const query = c.path.includes("?") ? c.path.slice(c.path.indexOf("?") + 1) : "";
  if (/%00|%ED%[AB][0-9A-F]/i.test(c.path.split("?", 1)[0]! + "?" + query)) return true;
  if (!c.body) return false;
  const text = c.body.toString("utf8");
  if (text.includes("\u0000") || /\\u0000/i.test(text)) return true;
  try {
    return anyString(JSON.parse(text), (s) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s));
  } catch {
    return false;
  }
}

function anyString(value: unknown, test: (s: string) => boolean): boolean {
  if (typeof value === "string") return test(value);
  if (Array.isArray(value)) return value.some((v) => anyString(v, test));
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => test(k) || anyString(v, test));
  return false;
}

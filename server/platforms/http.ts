// HTTP to the platforms: timeouts, JSON, and the one decision that matters for publishing:
// whether a failed request may have been applied. A connection that never opened was not;
// a timeout or a dropped connection after the request was written may have been.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Agent, interceptors, request, type Dispatcher } from "undici";
import { PlatformError, kindForStatus } from "./errors.ts";

export type PlatformRequest = {
  provider: string;
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** JSON body (objects), form body (URLSearchParams) or raw bytes */
  body?: unknown;
  timeoutMs?: number;
  /** integers of 16+ digits (int64 ids) arrive as strings instead of losing precision */
  preserveBigIntegers?: boolean;
  /** the connection pool to use instead of the shared one (Mastodon: user-given instances go through the SSRF-guarded one) */
  dispatcher?: Dispatcher;
  /** maps an error answer to a typed failure; return undefined for the status default */
  mapError?: (status: number, body: unknown, headers: Headers) => PlatformError | undefined;
};

export type PlatformResponse<T> = { status: number; headers: Headers; body: T };

/** One answered platform call, as an observer sees it (the live suite records these). */
export type PlatformExchange = { provider: string; method: string; url: string; status: number; headers: Headers; body: unknown };

const observers = new Set<(exchange: PlatformExchange) => void>();

/** Calls `observer` after every answered platform call, errors included; returns the unsubscribe. */
export function observePlatformExchanges(observer: (exchange: PlatformExchange) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** keep-alive connections per origin, and redirects followed as fetch() would */
const dispatcher = new Agent().compose(interceptors.redirect({ maxRedirections: 10 }));

/** Connection failures that mean the request never left: nothing was applied. */
export const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

export async function platformRequest<T = unknown>(req: PlatformRequest): Promise<PlatformResponse<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...req.headers };
  let body: string | Uint8Array | Readable | undefined;
  if (req.body instanceof URLSearchParams) {
    body = req.body.toString();
    headers["Content-Type"] ??= "application/x-www-form-urlencoded";
  } else if (req.body instanceof Uint8Array) {
    body = req.body;
  } else if (req.body instanceof ReadableStream) {
    body = Readable.fromWeb(req.body as NodeReadableStream);
  } else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers["Content-Type"] ??= "application/json";
  }
  // undici's request(), not fetch(): the same client without the web-streams layer, which cost
  // a busy worker more CPU than the rest of a platform call.
  let status: number;
  let resHeaders: Headers;
  let text: string;
  // The deadline covers the answer's body too. A timer cleared when the call settles, not
  // AbortSignal.timeout(), which cost ~30× more per call (Node tracks each such signal for GC).
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException("The operation timed out.", "TimeoutError")), req.timeoutMs ?? 30_000);
  const method = (req.method ?? (body !== undefined ? "POST" : "GET")) as Dispatcher.HttpMethod;
  const send = () => request(req.url, { method, headers, body, signal: deadline.signal, dispatcher: req.dispatcher ?? dispatcher });
  try {
    // a kept-alive connection the server closed just as it was reused: a read is sent again, once
    // (it changes nothing); anything else may have been applied, so it is never sent twice here
    const res = await send().catch((err: unknown) => {
      if ((method === "GET" || method === "HEAD") && STALE_CONNECTION.has(codeOf(err) ?? "")) return send();
      throw err;
    });
    status = res.statusCode;
    resHeaders = headersOf(res.headers);
    text = await res.body.text();
  } catch (err) {
    throw transportError(req, err);
  } finally {
    clearTimeout(timer);
  }
  let parsed: unknown = text;
  if (text && (resHeaders.get("content-type") ?? "").includes("json")) {
    try {
      parsed = JSON.parse(req.preserveBigIntegers ? quoteBigIntegers(text) : text);
    } catch {
      parsed = text;
    }
  }
  if (observers.size > 0) {
    const exchange = {
      provider: req.provider,
      method: req.method ?? (body !== undefined ? "POST" : "GET"),
      url: req.url,
      status,
      headers: resHeaders,
      body: parsed,
    };
    for (const observer of observers) observer(exchange);
  }
  if (status < 200 || status > 299) {
    throw (
      req.mapError?.(status, parsed, resHeaders) ??
      new PlatformError(req.provider, kindForStatus(status), `HTTP ${status} ${describe(parsed)}`, {
        status,
        retryAt: retryAfter(resHeaders),
      })
    );
  }
  return { status, headers: resHeaders, body: parsed as T };
}

function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

const STALE_CONNECTION = new Set(["ECONNRESET", "UND_ERR_SOCKET"]);

const codeOf = (err: unknown): string | undefined => (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;

function transportError(req: PlatformRequest, err: unknown): PlatformError {
  const code = codeOf(err);
  if (code && NOT_SENT.has(code)) {
    return new PlatformError(req.provider, "unavailable", `${req.method ?? "GET"} ${req.url} failed: ${code}`);
  }
  // Timed out, reset or closed after the request left: it may have been applied.
  return new PlatformError(req.provider, "unknown_outcome", `${req.method ?? "GET"} ${req.url}: no answer (${code ?? (err as Error)?.name ?? "error"})`);
}

/** Quotes integer literals too long for a double (JSON.parse would round them), in value position only. */
export function quoteBigIntegers(json: string): string {
  return json.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,\]}])/g, '$1"$2"');
}

export function retryAfter(headers: Headers): Date | undefined {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return new Date(Date.now() + seconds * 1000);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function describe(body: unknown): string {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

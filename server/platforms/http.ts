// HTTP to the platforms: timeouts, JSON, and the one decision that matters for publishing:
// whether a failed request may have been applied. A connection that never opened was not;
// a timeout or a dropped connection after the request was written may have been.
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
  /** maps an error answer to a typed failure; return undefined for the status default */
  mapError?: (status: number, body: unknown, headers: Headers) => PlatformError | undefined;
};

export type PlatformResponse<T> = { status: number; headers: Headers; body: T };

const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

export async function platformRequest<T = unknown>(req: PlatformRequest): Promise<PlatformResponse<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...req.headers };
  let body: BodyInit | undefined;
  if (req.body instanceof URLSearchParams) {
    body = req.body;
    headers["Content-Type"] ??= "application/x-www-form-urlencoded";
  } else if (req.body instanceof Uint8Array || req.body instanceof ReadableStream) {
    body = req.body as BodyInit;
  } else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers["Content-Type"] ??= "application/json";
  }
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      signal: AbortSignal.timeout(req.timeoutMs ?? 30_000),
      ...(req.body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
  } catch (err) {
    throw transportError(req, err);
  }
  const text = await res.text().catch((err) => {
    throw transportError(req, err);
  });
  let parsed: unknown = text;
  if (text && (res.headers.get("content-type") ?? "").includes("json")) {
    try {
      parsed = JSON.parse(req.preserveBigIntegers ? quoteBigIntegers(text) : text);
    } catch {
      parsed = text;
    }
  }
  if (!res.ok) {
    throw (
      req.mapError?.(res.status, parsed, res.headers) ??
      new PlatformError(req.provider, kindForStatus(res.status), `HTTP ${res.status} ${describe(parsed)}`, {
        status: res.status,
        retryAt: retryAfter(res.headers),
      })
    );
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

function transportError(req: PlatformRequest, err: unknown): PlatformError {
  const cause = (err as { cause?: { code?: string } })?.cause;
  const code = cause?.code ?? (err as { code?: string })?.code;
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

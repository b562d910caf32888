// Retries of one request. A request is sent again on 429 and 503 (the server did nothing with it)
// and on a network error; after a network error the server may have acted, so only requests that
// are safe to repeat are sent again: reads, PUT/DELETE, and writes carrying a requestId, which the
// server answers with the earlier result instead of acting twice.

export type RetryOptions = {
  /** Retries after the first attempt (default 3; 0 disables retries). */
  retries?: number;
  /** Backoff base when the answer has no Retry-After: base·2^attempt, with full jitter (default 500 ms). */
  baseDelayMs?: number;
  /** The longest wait between attempts, Retry-After included (default 30 s). */
  maxDelayMs?: number;
};

const safeMethods = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Requests marked safe to repeat after a network error (writes whose body carries a requestId). */
export const replayable = new WeakSet<Request>();

/** Milliseconds from a Retry-After header (seconds or an HTTP date), if it has one. */
export function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export function retryingFetch(baseFetch: typeof fetch, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const retries = options.retries ?? 3;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const backoff = (attempt: number) => Math.random() * Math.min(max, base * 2 ** attempt);

  return async (request) => {
    const repeatable = safeMethods.has(request.method) || replayable.has(request);
    // the body is read once so that every attempt sends the same bytes (the same requestId)
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let attempt = 0; ; attempt++) {
      const copy = new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
      let response: Response;
      try {
        response = await baseFetch(copy);
      } catch (error) {
        if (attempt >= retries || !repeatable || request.signal.aborted) throw error;
        await sleep(backoff(attempt), request.signal);
        continue;
      }
      if ((response.status !== 429 && response.status !== 503) || attempt >= retries) return response;
      await response.body?.cancel();
      await sleep(Math.min(max, retryAfterMs(response.headers.get("Retry-After")) ?? backoff(attempt)), request.signal);
    }
  };
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

// The API's limits, kept in PostgreSQL (server/rate-limit-store.ts) so that every web process
// counts against the same ones:
// - per key, a fixed one-minute window of the workspace plan's requests (X-RateLimit-* headers
//   report it on every answer);
// - per client address, failed keys: after FAILED_KEYS_PER_WINDOW unknown keys in ten minutes,
//   every request from that address is refused until the window ends, before its key is read.
import { RateLimiterRes, type RateLimiterPostgres } from "rate-limiter-flexible";
import { AppError } from "../errors.ts";
import { apiRequestsPerMinute } from "../domain/plans.ts";
import type { Scope } from "../domain/access.ts";
import { postgresLimiter } from "../rate-limit-store.ts";

const limiters = new Map<number, RateLimiterPostgres>();

function limiterFor(points: number): RateLimiterPostgres {
  let limiter = limiters.get(points);
  if (!limiter) {
    // One prefix for all plans: a plan change keeps the minute's count. A key over its limit is
    // then refused from memory until its window ends, sparing the database a write per request.
    limiter = postgresLimiter({ keyPrefix: "api", points, duration: 60, inMemoryBlockOnConsumed: points + 1 });
    limiters.set(points, limiter);
  }
  return limiter;
}

export type RateLimitState = { limit: number; remaining: number; resetAt: number };

export function rateLimitHeaders(state: RateLimitState, headers: Headers): void {
  headers.set("X-RateLimit-Limit", String(state.limit));
  headers.set("X-RateLimit-Remaining", String(Math.max(0, state.remaining)));
  headers.set("X-RateLimit-Reset", String(Math.ceil(state.resetAt / 1000)));
}

const retryAfterSeconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Counts one request for the key; throws RATE_LIMITED (with Retry-After) past the limit. */
export async function consumeRateLimit(scope: Scope & { actor: { kind: "apiKey"; apiKeyId: string } }): Promise<RateLimitState> {
  const limit = apiRequestsPerMinute(scope.plan);
  try {
    const res = await limiterFor(limit).consume(scope.actor.apiKeyId);
    return { limit, remaining: res.remainingPoints, resetAt: Date.now() + res.msBeforeNext };
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res; // the database's error, as it is
    const retryAfter = retryAfterSeconds(res);
    const resetAt = Date.now() + res.msBeforeNext;
    throw new AppError(
      "RATE_LIMITED",
      `Rate limit of ${limit} requests per minute exceeded; retry in ${retryAfter} s`,
      { limit, retryAfterSeconds: retryAfter },
      {
        "Retry-After": String(retryAfter),
        "X-RateLimit-Limit": String(limit),
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": String(Math.ceil(resetAt / 1000)),
      },
    );
  }
}

const FAILED_KEYS_PER_WINDOW = 50;
let failedKeys: RateLimiterPostgres | undefined;
const failedKeyLimiter = () => (failedKeys ??= postgresLimiter({ keyPrefix: "api-failed-key", points: FAILED_KEYS_PER_WINDOW, duration: 10 * 60 }));

/** Throws RATE_LIMITED (with Retry-After) while the address has used up its failed keys. */
export async function assertKeyAttemptsLeft(address: string): Promise<void> {
  const res = await failedKeyLimiter().get(address);
  if (!res || res.consumedPoints < FAILED_KEYS_PER_WINDOW) return;
  const retryAfter = retryAfterSeconds(res);
  throw new AppError(
    "RATE_LIMITED",
    `Too many requests with unknown API keys from this address; retry in ${retryAfter} s`,
    { retryAfterSeconds: retryAfter },
    { "Retry-After": String(retryAfter) },
  );
}

/** Counts an unknown key sent from the address. */
export async function countFailedKey(address: string): Promise<void> {
  await failedKeyLimiter().penalty(address);
}

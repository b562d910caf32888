// Per-key rate limit (a fixed one-minute window per key, rate-limiter-flexible in memory).
// The limit comes from the workspace's plan; X-RateLimit-* headers report it on every answer.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors.ts";
import { apiRequestsPerMinute } from "../domain/plans.ts";
import type { Scope } from "../domain/access.ts";

const limiters = new Map<number, RateLimiterMemory>();

function limiterFor(points: number): RateLimiterMemory {
  let limiter = limiters.get(points);
  if (!limiter) {
    limiter = new RateLimiterMemory({ points, duration: 60 });
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

/** Counts one request for the key; throws RATE_LIMITED (with Retry-After) past the limit. */
export async function consumeRateLimit(scope: Scope & { actor: { kind: "apiKey"; apiKeyId: string } }): Promise<RateLimitState> {
  const limit = apiRequestsPerMinute(scope.plan);
  try {
    const res = await limiterFor(limit).consume(scope.actor.apiKeyId);
    return { limit, remaining: res.remainingPoints, resetAt: Date.now() + res.msBeforeNext };
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
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

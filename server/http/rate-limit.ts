// The API's limits, kept in PostgreSQL (server/rate-limit-store.ts) so that every web process
// counts against the same ones:
// - per key, a fixed one-minute window of the workspace plan's requests (X-RateLimit-* headers
//   report it on every answer);
// - per client address, failed keys: after FAILED_KEYS_PER_WINDOW unknown keys in ten minutes,
//   every request from that address without a known key is refused until the window ends; a
//   known key is judged by its own limit only (server/scope.ts).
import { LRUCache } from "lru-cache";
import type { RateLimiterPostgres } from "rate-limiter-flexible";
import { AppError } from "../errors.ts";
import { apiRequestsPerMinute } from "../domain/plans.ts";
import type { Scope } from "../domain/access.ts";
import { sql } from "../db.ts";
import { postgresLimiter } from "../rate-limit-store.ts";
import { batchIncrements } from "./batch-increments.ts";

// One count per key whatever its plan (a plan change keeps the minute's count), in the limiters'
// table (server/rate-limit-store.ts, rate-limiter-flexible's layout and fixed-window rule): one
// statement adds a whole batch of keys' requests (measured: a statement per request queued every
// request of a key behind one row lock, ~0.1 of the bare route's throughput; one per key and
// batch still cost half of it with many keys). Keys in a fixed order, so two processes' batches
// never deadlock.
const WINDOW_MS = 60_000;
const countRequest = batchIncrements(async (counts) => {
  const keys = [...counts.keys()].sort();
  const now = Date.now();
  const rows = await sql<{ key: string; points: number; expire: string }>(
    "rate-limit-count",
    `INSERT INTO "RateLimit" (key, points, expire)
       SELECT 'api:' || k, n, $3::bigint FROM unnest($1::text[], $2::int[]) AS t(k, n)
     ON CONFLICT (key) DO UPDATE SET
       points = CASE WHEN "RateLimit".expire <= $4 THEN EXCLUDED.points ELSE "RateLimit".points + EXCLUDED.points END,
       expire = CASE WHEN "RateLimit".expire <= $4 THEN EXCLUDED.expire ELSE "RateLimit".expire END
     RETURNING key, points, expire`,
    [keys, keys.map((k) => counts.get(k)!), now + WINDOW_MS, now],
  );
  return new Map(rows.map((r) => [r.key.slice("api:".length), { total: r.points, msBeforeNext: Math.max(0, Number(r.expire) - now) }]));
});
// A key over its limit is refused from memory until its window ends: a flood costs no writes.
const spentUntil = new LRUCache<string, number>({ max: 100_000 });

export type RateLimitState = { limit: number; remaining: number; resetAt: number };

export function rateLimitHeaders(state: RateLimitState, headers: Headers): void {
  headers.set("X-RateLimit-Limit", String(state.limit));
  headers.set("X-RateLimit-Remaining", String(Math.max(0, state.remaining)));
  headers.set("X-RateLimit-Reset", String(Math.ceil(state.resetAt / 1000)));
}

const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts one request for the key; throws RATE_LIMITED (with Retry-After) past the limit. */
export async function consumeRateLimit(scope: Scope & { actor: { kind: "apiKey"; apiKeyId: string } }): Promise<RateLimitState> {
  const limit = apiRequestsPerMinute(scope.plan);
  const key = scope.actor.apiKeyId;
  const now = Date.now();
  const until = spentUntil.get(key);
  let msBeforeNext: number;
  if (until !== undefined && until > now) msBeforeNext = until - now;
  else {
    // the database's error, if any, propagates as it is (503 during an outage)
    const counted = await countRequest(key);
    if (counted.total <= limit) return { limit, remaining: limit - counted.total, resetAt: now + counted.msBeforeNext };
    msBeforeNext = counted.msBeforeNext;
    spentUntil.set(key, now + msBeforeNext);
  }
  const retryAfter = retryAfterSeconds(msBeforeNext);
  throw new AppError(
    "RATE_LIMITED",
    `Rate limit of ${limit} requests per minute exceeded; retry in ${retryAfter} s`,
    { limit, retryAfterSeconds: retryAfter },
    {
      "Retry-After": String(retryAfter),
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": String(Math.ceil((now + msBeforeNext) / 1000)),
    },
  );
}

const FAILED_KEYS_PER_WINDOW = 50;
let failedKeys: RateLimiterPostgres | undefined;
const failedKeyLimiter = () => (failedKeys ??= postgresLimiter({ keyPrefix: "api-failed-key", points: FAILED_KEYS_PER_WINDOW, duration: 10 * 60 }));
// Each process reads an address's state at most once a second (a read per request halved the
// API's throughput); a block it counts itself, or reads, holds here until the block ends. So
// another process's block reaches this one within a second.
const addressBlocks = new LRUCache<string, { until: number }>({
  max: 100_000,
  ttl: 1_000,
  fetchMethod: async (address) => {
    const res = await failedKeyLimiter().get(address);
    return { until: res && res.consumedPoints >= FAILED_KEYS_PER_WINDOW ? Date.now() + res.msBeforeNext : 0 };
  },
});

/** Throws RATE_LIMITED (with Retry-After) while the address has used up its failed keys. */
export async function assertKeyAttemptsLeft(address: string): Promise<void> {
  const { until } = (await addressBlocks.fetch(address))!;
  if (until <= Date.now()) return;
  const retryAfter = retryAfterSeconds(until - Date.now());
  throw new AppError(
    "RATE_LIMITED",
    `Too many requests with unknown API keys from this address; retry in ${retryAfter} s`,
    { retryAfterSeconds: retryAfter },
    { "Retry-After": String(retryAfter) },
  );
}

/** Counts an unknown key sent from the address. */
export async function countFailedKey(address: string): Promise<void> {
  const res = await failedKeyLimiter().penalty(address);
  if (res.consumedPoints >= FAILED_KEYS_PER_WINDOW) addressBlocks.set(address, { until: Date.now() + res.msBeforeNext }, { ttl: res.msBeforeNext });
}

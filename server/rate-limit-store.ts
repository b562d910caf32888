// Rate limiters kept in PostgreSQL (rate-limiter-flexible's RateLimiterPostgres on this process's
// pool), so every web process counts against one limit. All share the RateLimit table (created
// by a migration, hence tableCreated: no DDL at run time); keyPrefix keeps their keys apart.
// No insuranceLimiter: a database error reaches the caller as the error it is (503 during an
// outage) instead of silently granting each process its own in-memory limit.
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { dbPool } from "./db.ts";

type LimiterOptions = { keyPrefix: string; points: number; duration: number };

export function postgresLimiter(opts: LimiterOptions): RateLimiterPostgres {
  // clearExpiredByTimeout: every five minutes, rows expired over an hour ago are deleted
  return new RateLimiterPostgres({ ...opts, storeClient: dbPool(), tableName: "RateLimit", tableCreated: true, clearExpiredByTimeout: true });
}

// The database of this process: one pg pool, used by the Prisma client (pg driver adapter)
// and, for the few measured hot reads, by plain SQL. Created on first use so that importing
// this module during `next build` needs no database.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { ProviderName } from "./domain/accounts/providers.ts";
import { PrismaClient, type ConnectedAccount, type MediaItem, type Provider, type PublishJob } from "./db/generated/client.ts";
import { deadlineOptions } from "./db-deadlines.ts";
import { env } from "./env.ts";
import { log } from "./log.ts";

export { Prisma } from "./db/generated/client.ts";
export type * from "./db/generated/client.ts";

// The PostgreSQL enum Provider (prisma/schema.prisma) lists the provider table's names exactly:
// a new provider needs a migration adding its value, or this does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _providerEnumMatchesTable: Same<Provider, ProviderName> = true;

type Handles = { client: PrismaClient; pool: pg.Pool };
// On globalThis: the web process loads this module twice (the API door via tsx, tRPC inside
// Next's bundle); both share one pool and one client.
const globalForDb = globalThis as unknown as { __posteadyDb?: Handles; __posteadyDbDeadline?: number };

/**
 * The deadline of this process's statements and checkouts, in seconds, before its first query:
 * a worker's (WORKER_DATABASE_TIMEOUT_SECONDS). Otherwise DATABASE_TIMEOUT_SECONDS, a request's.
 */
export function setDatabaseDeadline(seconds: number): void {
  globalForDb.__posteadyDbDeadline = seconds;
}

function handles(): Handles {
  if (globalForDb.__posteadyDb) return globalForDb.__posteadyDb;
  const e = env();
  if (!e.databaseUrl) throw new Error("DATABASE_URL is not set; start the service with `npm start` or the CLI");
  // Every statement and checkout has a deadline: a stalled database answers 503 in seconds
  // instead of holding requests (server/db-deadlines.ts).
  const deadline = deadlineOptions(globalForDb.__posteadyDbDeadline ?? e.databaseTimeoutSeconds);
  const pool = new pg.Pool({ connectionString: e.databaseUrl, max: e.databasePoolSize, ...deadline });
  // An idle connection the server closed (a restart, a shutdown, a network cut) leaves the pool,
  // and the next query opens a new one; unheard, pg's "error" event would end the process.
  pool.on("error", (err) => log.warn("an idle database connection was closed", { error: err.message }));
  const client = new PrismaClient({ adapter: new PrismaPg(pool) });
  return (globalForDb.__posteadyDb = { client, pool });
}

export function getDb(): PrismaClient {
  return handles().client;
}

/** The pg pool under `db`, for libraries that speak pg themselves (the rate limiters' store). */
export function dbPool(): pg.Pool {
  return handles().pool;
}

/** `db.user.findMany(...)`: a lazy handle on the one client of this process. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getDb();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/**
 * A named, prepared SQL statement on the same pool (PostgreSQL plans it once per connection).
 * Only for hot statements where Prisma's per-query cost was measured to dominate, or that
 * Prisma cannot write (the rate limit's batched upsert); see docs/performance.md. Everything
 * else goes through `db`.
 */
export async function sql<T extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<T[]> {
  return (await handles().pool.query<T>({ name, text, values })).rows;
}

/**
 * Waits until a statement given up on at its deadline (abandonedBackend) can no longer be applied:
 * its backend has ended, or has run past the deadline since the server answered again (the
 * server's statement_timeout has cut it by then; a backend's pid may be reused). Answers false
 * if `sleep` does (the process stops).
 */
export async function abandonedStatementSettled(backendPid: number, sleep: (ms: number) => Promise<boolean>): Promise<boolean> {
  const deadlineMs = (globalForDb.__posteadyDbDeadline ?? env().databaseTimeoutSeconds) * 1000;
  let answeringSince: number | undefined;
  for (let pause = 1_000; ; pause = Math.min(2 * pause, 10_000)) {
    const running = await sql<{ running: boolean }>("backend-running", `SELECT EXISTS (SELECT FROM pg_stat_activity WHERE pid = $1) AS running`, [
      backendPid,
    ]).then(
      ([row]) => row!.running,
      () => undefined, // the server does not answer yet
    );
    if (running === false) return true;
    if (running) {
      answeringSince ??= Date.now();
      if (Date.now() - answeringSince > deadlineMs + 5_000) return true;
    }
    if (!(await sleep(pause))) return false;
  }
}

/** A row read as JSON (to_jsonb, to read related rows in one statement) back in its type: the named timestamp columns become Dates. */
export function fromJsonRow<T>(json: Record<string, unknown>, timestamps: readonly (keyof T & string)[]): T {
  const row: Record<string, unknown> = { ...json };
  for (const key of timestamps) if (typeof row[key] === "string") row[key] = new Date(row[key] as string);
  return row as T;
}

export const ACCOUNT_TIMESTAMPS = [
  "tokenExpiresAt",
  "refreshTokenExpiresAt",
  "disconnectedAt",
  "lastSyncedAt",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof ConnectedAccount)[];
export const JOB_TIMESTAMPS = [
  "scheduledAt",
  "submitStartedAt",
  "startedAt",
  "finishedAt",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof PublishJob)[];
export const MEDIA_TIMESTAMPS = [
  "uploadExpiresAt",
  "confirmExpiresAt",
  "uploadedAt",
  "confirmedAt",
  "deletedAt",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof MediaItem)[];

export async function closeDb(): Promise<void> {
  const h = globalForDb.__posteadyDb;
  if (!h) return;
  globalForDb.__posteadyDb = undefined;
  await h.client.$disconnect();
  await h.pool.end();
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** Runs a statement inside a transaction (`withTransaction`), named and prepared like `sql`. */
export type TxSql = <T extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/**
 * One transaction on one pooled connection, for the few writes that hold row locks across
 * statements (the queue's per-account lock). Committed when `fn` resolves, rolled back when it throws.
 */
export async function withTransaction<T>(fn: (q: TxSql) => Promise<T>): Promise<T> {
  const client = await handles().pool.connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    const result = await fn(async (name, text, values) => (await client.query({ name, text, values })).rows);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    // a connection that cannot even roll back leaves the pool
    await client.query("ROLLBACK").catch(() => (broken = true));
    throw err;
  } finally {
    client.release(broken);
  }
}

// The queue's connection pool in a worker. graphile-worker does not await its "job done" and
// "job failed" writes, so one that meets a database restart rejects unheard and ends the
// process, and a finished job would stay locked. This pool waits for the database instead:
// while it is unreachable, taking a connection retries with backoff (up to OUTAGE_LIMIT_MS), so
// every queue statement runs once the database is back and no outcome is dropped.
import pg from "pg";
import { isDatabaseUnavailable } from "../db-unavailable.ts";
import { log } from "../log.ts";

const OUTAGE_LIMIT_MS = 10 * 60_000;
const MAX_WAIT_MS = 5_000;

export function patientPool(connectionString: string, max: number, deadlineSeconds: number): pg.Pool {
  // The server's deadline only (statement_timeout): a queue statement the client gave up on could
  // still be applied by a stalled server once it wakes, and graphile-worker would never learn of
  // a job it had locked that way (locked for hours). Nobody waits on its answers, so it waits.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000, statement_timeout: Math.round(deadlineSeconds * 1000) });
  // A connection the server closes (idle, or checked out between statements) is dropped by pg and
  // its error raised on the next use; unheard, the "error" event would end the process.
  pool.on("error", (err) => log.warn("a queue connection was closed", { error: err.message }));
  pool.on("connect", (client) => client.on("error", (err) => log.warn("a queue connection failed", { error: err.message })));
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  let waitingSince: number | undefined;
  const patientConnect = async (): Promise<pg.PoolClient> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const client = await connect();
        if (waitingSince !== undefined) {
          log.warn("the database is reachable again; the queue goes on", { waitedMs: Date.now() - waitingSince });
          waitingSince = undefined;
        }
        return client;
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        if (waitingSince === undefined) {
          waitingSince = Date.now();
          log.warn("the database is unreachable; the queue waits for it", { error: (err as Error).message });
        }
        if (Date.now() - waitingSince > OUTAGE_LIMIT_MS) throw err;
        await new Promise((r) => setTimeout(r, Math.min(MAX_WAIT_MS, 250 * 2 ** Math.min(attempt, 5))));
      }
    }
  };
  // The callback form is pg's own (pool.query uses it); only the promise form waits.
  pool.connect = ((callback?: (...args: unknown[]) => void) =>
    callback ? (connect as (cb: unknown) => void)(callback) : patientConnect()) as typeof pool.connect;
  return pool;
}

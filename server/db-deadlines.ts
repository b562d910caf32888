// Deadlines on the database (docs/reliability.md, "A stalled database"). A stopped or wedged
// server still accepts connections (the kernel's backlog) but never answers, so the server's own
// statement_timeout cannot fire: every deadline is kept by the client too.
import pg from "pg";
import { log } from "./log.ts";

/**
 * pg options for a pool whose statements and checkouts each take at most `seconds`: taking a
 * connection (waiting for a free one, or opening one) and every statement. The server cancels a
 * statement itself half a second earlier, so a merely slow one (a lock wait, a big scan) ends with
 * a known outcome (not applied) and stops costing the server; the client's deadline is for a
 * server that does not answer at all.
 */
export function deadlineOptions(seconds: number): Pick<pg.PoolConfig, "Client" | "connectionTimeoutMillis" | "query_timeout" | "statement_timeout"> {
  const ms = Math.round(seconds * 1000);
  return { Client: DeadlineClient, connectionTimeoutMillis: ms, query_timeout: ms, statement_timeout: Math.max(100, ms - 500) };
}

/**
 * A pg client that drops its connection when a statement outlives pg's `query_timeout`. pg answers
 * the caller "Query read timeout" but leaves the statement on the connection, so what is sent next
 * on it (Prisma's ROLLBACK, the pool's next user: Prisma's transactions release their connection
 * without an error, which pg-pool takes as healthy) would wait behind a statement that may never
 * end. Dropped, the connection fails what was queued on it at once and leaves the pool.
 */
export class DeadlineClient extends pg.Client {
  private poolRelease: ((err?: Error | boolean) => void) | undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A dropped connection raises "error" on its client; the statements on it fail with it already.
    this.on("error", (err) => log.debug("a database connection failed", { error: err.message }));
    // Prisma releases a transaction's connection only after its ROLLBACK or COMMIT succeeded, which
    // they cannot on a lost connection: the pool's slot would be held for good, and a few stalls
    // would leave the pool with none. A connection lost while checked out goes back to the pool
    // (which removes it) at once; its holder's own release later is then a no-op.
    this.on("end", () => this.release(new Error("the database connection was lost")));
  }

  // pg-pool hands out a client with its own `release` (assigned at each checkout); kept here, so
  // that a release is done once, by whoever comes first.
  get release(): (err?: Error | boolean) => void {
    return (err) => {
      const release = this.poolRelease;
      this.poolRelease = undefined;
      release?.(err);
    };
  }
  set release(fn: (err?: Error | boolean) => void) {
    this.poolRelease = fn;
  }

  // pg's signatures: (text|config, values?, callback?), a Submittable with its callback, or a promise;
  // one override covering its overloads cannot be typed more narrowly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  override query(config: any, values?: any, callback?: any): any {
    const watch =
      (cb: (err: Error | undefined, res: unknown) => void) =>
      (err: Error | undefined, res: unknown): void => {
        if (err) this.dropIfTimedOut(err);
        cb(err, res);
      };
    if (typeof config?.submit === "function") {
      if (typeof config.callback === "function") config.callback = watch(config.callback);
      else if (typeof values === "function") values = watch(values);
      else if (typeof callback === "function") callback = watch(callback);
      return super.query(config, values, callback);
    }
    if (typeof values === "function") return super.query(config, watch(values));
    if (typeof callback === "function") return super.query(config, values, watch(callback));
    return (super.query(config, values) as Promise<unknown>).catch((err: Error) => {
      this.dropIfTimedOut(err);
      throw err;
    });
  }

  private dropIfTimedOut(err: Error): void {
    if (err.message !== "Query read timeout") return;
    // The statement may still be applied when a stalled server wakes: its backend names it.
    (err as Error & { backendPid?: number }).backendPid = (this as unknown as { processID: number }).processID;
    // pg-pool itself ends a client whose connection attempt timed out this way
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }
}

/** The backend of a statement given up on at its deadline, which may still apply it (a stalled server that wakes). */
export function abandonedBackend(err: unknown): number | undefined {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pid = (e as { backendPid?: unknown }).backendPid;
    if (typeof pid === "number") return pid;
  }
  return undefined;
}

// The launcher's side of a worker's death: the operating system tells it at once that the process
// is gone (it writes nothing more), so its jobs need not wait for its lease to lapse; they are
// freed now, and the other workers claim them at their next tick. A database that cannot be
// reached just then leaves the jobs to the watchdog, when the lease lapses.
import pg from "pg";
import { freeDeadWorker } from "../domain/publishing/engine/watchdog.ts";
import { leasePrefix } from "../domain/publishing/engine/worker-lease.ts";

export type DeadWorkers = { onDeath(pid: number): Promise<void>; close(): Promise<void> };

export function deadWorkers(databaseUrl: string, log: (line: string) => void): DeadWorkers {
  let pool: pg.Pool | undefined;
  const run = async <T extends pg.QueryResultRow>(_name: string, text: string, values: unknown[]): Promise<T[]> => {
    pool ??= new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5_000, query_timeout: 5_000, idleTimeoutMillis: 10_000 });
    return (await pool.query<T>(text, values)).rows;
  };
  return {
    onDeath: async (pid) => {
      try {
        const { freed, held, queuePools } = await freeDeadWorker(leasePrefix(pid), run);
        if (freed + held + queuePools > 0)
          log(
            `[launcher] freed the ${freed} publish job(s)${queuePools ? " and the queue jobs" : ""} of the worker (pid ${pid})${held ? `; ${held} in the middle of a platform's publishing call stay held until its lease lapses` : ""}`,
          );
      } catch (err) {
        log(`[launcher] could not free the jobs of the worker (pid ${pid}) now (${String(err)}); they move on when its lease lapses`);
      }
    },
    close: async () => void (await pool?.end()),
  };
}

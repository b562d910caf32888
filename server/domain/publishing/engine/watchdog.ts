// Jobs held under a worker lease that lapsed (the worker died, or stalled past its lease) become
// ready again: the next claim resumes each one, or marks it unknown if it died mid-submit.
import { sql } from "../../../db.ts";

/** How long past its expiry a lease is still honoured: a heartbeat that is merely late is not a death. */
const GRACE = `interval '2 seconds'`;

/**
 * Deletes lapsed worker leases and frees up to `limit` jobs held under a lease that is not live;
 * answers how many. Only the caller whose own lease is steady may judge (worker-lease.ts). A job
 * is freed only from the owner it was read with, so a job another run claimed meanwhile stays with
 * it; and only if its lease is gone (deleted by this statement, or before it), so a lease renewed
 * while this statement ran keeps its jobs.
 */
export async function freeLapsedJobs(limit = 5_000): Promise<number> {
  const [row] = await sql<{ freed: number }>(
    "job-lapsed",
    `WITH gone AS (
       DELETE FROM "WorkerLease" WHERE "expiresAt" < now() - ${GRACE} RETURNING id
     ), lapsed AS (
       SELECT id, "leaseOwner" FROM "PublishJob" j
        WHERE "leaseOwner" IS NOT NULL
          AND (split_part(j."leaseOwner", '/', 1) IN (SELECT id FROM gone)
               OR NOT EXISTS (SELECT FROM "WorkerLease" w WHERE w.id = split_part(j."leaseOwner", '/', 1)))
        LIMIT $1
     ), freed AS (
       UPDATE "PublishJob" j SET "leaseOwner" = NULL FROM lapsed WHERE j.id = lapsed.id AND j."leaseOwner" = lapsed."leaseOwner" RETURNING j.id
     )
     SELECT count(*)::int AS freed FROM freed`,
    [limit],
  );
  return row!.freed;
}

/**
 * SQL condition: job `j` was in the call that publishes (marked, no answer recorded), so its next
 * run asks the platform what happened (run-job.ts).
 */
const IN_SUBMIT = (j: string) => `(${j}."submitStartedAt" IS NOT NULL AND ${j}.progress -> 'submitted' IS DISTINCT FROM 'true'::jsonb)`;

/**
 * For the launcher, once the worker process it ran as `pid` on this machine has exited (the
 * operating system says so: it writes nothing more): frees its jobs at once. A job it held in the
 * middle of the call that publishes (IN_SUBMIT) stays held until the lease lapses, so
 * that a call still in flight has landed on the platform before the next run asks the platform
 * what became of it; the lease goes once no such job is left.
 */
export async function freeDeadWorker(leasePrefix: string, run: typeof sql = sql): Promise<{ freed: number; held: number; queuePools: number }> {
  // The queue's jobs (syncs, carousels, imports, upkeep) it had locked are released too: the
  // process is gone, so none of them is still running (after a lapsed lease that is not known,
  // so only the launcher does this).
  const pools = (
    await run<{ queuePool: string }>(
      "job-dead-worker-queue-pools",
      `SELECT "queuePool" FROM "WorkerLease" WHERE starts_with(id, $1) AND "queuePool" IS NOT NULL`,
      [leasePrefix],
    )
  ).map((r) => r.queuePool);
  if (pools.length > 0) await run("job-dead-worker-queue", `SELECT graphile_worker.force_unlock_workers($1::text[])`, [pools]);
  const [row] = await run<{ freed: number; held: number }>(
    "job-dead-worker",
    `WITH dead AS (
       SELECT id FROM "WorkerLease" WHERE starts_with(id, $1)
     ), held AS (
       SELECT id, "leaseOwner", ${IN_SUBMIT(`"PublishJob"`)} AS "inSubmit" FROM "PublishJob"
        WHERE "leaseOwner" IS NOT NULL AND split_part("leaseOwner", '/', 1) IN (SELECT id FROM dead)
     ), freed AS (
       UPDATE "PublishJob" j SET "leaseOwner" = NULL FROM held
        WHERE j.id = held.id AND NOT held."inSubmit" AND j."leaseOwner" = held."leaseOwner" AND NOT ${IN_SUBMIT("j")}
        RETURNING j.id
     ), gone AS (
       DELETE FROM "WorkerLease" w WHERE w.id IN (SELECT id FROM dead)
          AND NOT EXISTS (SELECT FROM held WHERE split_part(held."leaseOwner", '/', 1) = w.id AND held."inSubmit")
     )
     SELECT (SELECT count(*) FROM freed)::int AS freed, (SELECT count(*) FROM held WHERE "inSubmit")::int AS held`,
    [leasePrefix],
  );
  return { ...row!, queuePools: pools.length };
}

// Jobs held under a worker lease that lapsed (the worker died, or stalled past its lease) become
// ready again, their accounts get drain entries, and the dead workers' queue entries are unlocked
// (graphile-worker's own stale-lock timeout is 4 h); the next run resumes each job, or marks it
// unknown if it died mid-submit.
import { sql } from "../../../db.ts";
import { drainKey, ensureDrains } from "./drain-queue.ts";
import { READY } from "./drain.ts";

/**
 * Deletes lapsed worker leases and frees up to `limit` jobs held under a lease that is not live;
 * answers the queue workers their owners named. A job is freed only from the owner it was read
 * with, so a job another run claimed meanwhile stays with it.
 */
export async function freeLapsedJobs(limit = 5_000): Promise<string[]> {
  const rows = await sql<{ worker: string }>(
    "job-lapsed",
    `WITH gone AS (
       DELETE FROM "WorkerLease" WHERE "expiresAt" < now() - interval '2 seconds'
     ), lapsed AS (
       SELECT id, "leaseOwner" FROM "PublishJob" j
        WHERE "leaseOwner" IS NOT NULL AND NOT EXISTS (
          SELECT FROM "WorkerLease" w WHERE w.id = split_part(j."leaseOwner", '/', 1) AND w."expiresAt" >= now() - interval '2 seconds')
        LIMIT $1
     ), ended AS (
       UPDATE "PublishJob" j SET "leaseOwner" = NULL FROM lapsed WHERE j.id = lapsed.id AND j."leaseOwner" = lapsed."leaseOwner"
       RETURNING j."accountId", split_part(lapsed."leaseOwner", '/', 2) AS worker
     ), drains AS MATERIALIZED (SELECT count(*) FROM ${ensureDrains(`ARRAY(SELECT "accountId" FROM ended)`)} x),
     workers AS MATERIALIZED (SELECT ARRAY(SELECT DISTINCT worker FROM ended WHERE worker <> '') AS ids),
     unlocked AS MATERIALIZED (SELECT graphile_worker.force_unlock_workers(ids) FROM workers WHERE cardinality(ids) > 0)
     SELECT unnest(ids) AS worker FROM workers, drains, (SELECT count(*) FROM unlocked) u`,
    [limit],
  );
  return rows.map((r) => r.worker);
}

/**
 * A safety net, not a mechanism: accounts with a ready job, no lease held and no drain entry (or
 * one locked for over 15 minutes by a worker that died before its claim) get an entry. Answers how many.
 */
export async function ensureStrandedDrains(): Promise<number> {
  const [row] = await sql<{ added: number }>(
    "job-stranded",
    `WITH stranded AS (
       SELECT DISTINCT j."accountId" FROM "PublishJob" j
        WHERE ${READY("j")} AND COALESCE(j."scheduledAt", j."updatedAt") < now() - interval '1 minute'
          AND NOT EXISTS (SELECT FROM "PublishJob" h WHERE h."accountId" = j."accountId" AND h."leaseOwner" IS NOT NULL)
          AND NOT EXISTS (SELECT FROM graphile_worker.jobs q WHERE q.key = '${drainKey("")}' || j."accountId"
                             AND (q.locked_at IS NULL OR q.locked_at > now() - interval '15 minutes'))
     )
     SELECT count(*)::int AS added FROM ${ensureDrains(`ARRAY(SELECT "accountId" FROM stranded)`)} x`,
    [],
  );
  return row!.added;
}

// Jobs held under a worker lease that lapsed (the worker died, or stalled past its lease) become
// ready again: the next claim resumes each one, or marks it unknown if it died mid-submit.
import { sql } from "../../../db.ts";

/**
 * Deletes lapsed worker leases and frees up to `limit` jobs held under a lease that is not live;
 * answers how many. A job is freed only from the owner it was read with, so a job another run
 * claimed meanwhile stays with it.
 */
export async function freeLapsedJobs(limit = 5_000): Promise<number> {
  const [row] = await sql<{ freed: number }>(
    "job-lapsed",
    `WITH gone AS (
       DELETE FROM "WorkerLease" WHERE "expiresAt" < now() - interval '2 seconds'
     ), lapsed AS (
       SELECT id, "leaseOwner" FROM "PublishJob" j
        WHERE "leaseOwner" IS NOT NULL AND NOT EXISTS (
          SELECT FROM "WorkerLease" w WHERE w.id = split_part(j."leaseOwner", '/', 1) AND w."expiresAt" >= now() - interval '2 seconds')
        LIMIT $1
     ), freed AS (
       UPDATE "PublishJob" j SET "leaseOwner" = NULL FROM lapsed WHERE j.id = lapsed.id AND j."leaseOwner" = lapsed."leaseOwner" RETURNING j.id
     )
     SELECT count(*)::int AS freed FROM freed`,
    [limit],
  );
  return row!.freed;
}

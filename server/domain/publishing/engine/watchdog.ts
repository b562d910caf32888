// Jobs whose worker died (their lease lapsed) become ready again and their accounts get drain
// entries; the next run resumes them, or marks them unknown if they died mid-submit.
import { sql } from "../../../db.ts";
import { drainKey, ensureDrains } from "./drain-queue.ts";
import { READY } from "./drain.ts";

/** Frees lapsed leases (at most `limit`); answers the lease owners they named, to release their queue locks. */
export async function freeLapsedJobs(limit = 500): Promise<string[]> {
  const rows = await sql<{ owner: string }>(
    "job-lapsed",
    `WITH lapsed AS (
       SELECT id, "leaseOwner" FROM "PublishJob"
        WHERE status = 'processing' AND "leaseExpiresAt" < now() - interval '2 seconds' ORDER BY "leaseExpiresAt" LIMIT $1 FOR UPDATE SKIP LOCKED
     ), ended AS (
       UPDATE "PublishJob" j SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL FROM lapsed WHERE j.id = lapsed.id RETURNING j."accountId", lapsed."leaseOwner" AS owner
     ), drains AS MATERIALIZED (SELECT count(*) FROM ${ensureDrains(`ARRAY(SELECT "accountId" FROM ended)`)} x)
     SELECT DISTINCT owner FROM ended, drains`,
    [limit],
  );
  return rows.map((r) => r.owner);
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

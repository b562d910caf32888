-- Workers claim ready jobs from this table, oldest first (engine/dispatcher.ts), instead of from
-- one queue entry per account. This index holds the ready jobs in that order.
CREATE INDEX "PublishJob_claim_idx" ON "PublishJob" ((COALESCE("scheduledAt", "createdAt")), "createdAt", id)
  WHERE "leaseOwner" IS NULL AND "wakeAt" IS NULL AND status IN ('queued', 'processing');
-- An account's jobs in the same order, for the claim of its next job and the check that a job is
-- its account's oldest ready one (the id breaks ties between jobs written by one statement).
DROP INDEX "PublishJob_ready_idx";
CREATE INDEX "PublishJob_ready_idx" ON "PublishJob" ("accountId", (COALESCE("scheduledAt", "createdAt")), "createdAt", id)
  WHERE status IN ('queued', 'scheduled', 'processing');
-- Queue entries of account drains (task publish-job) have no task any more. The queue's schema
-- exists only once a worker has started.
DO U&'BEGIN
  IF to_regclass(''graphile_worker._private_jobs'') IS NOT NULL THEN
    DELETE FROM graphile_worker._private_jobs WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier = ''publish-job'')\003B
  END IF\003B
END';

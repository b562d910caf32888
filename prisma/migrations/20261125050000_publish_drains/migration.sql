-- One drain per account replaces the account lanes (docs/architecture.md, "One drain per account").
DROP TABLE "PublishLane";

-- A job waiting for a later time (a re-poll, a retry) says when, and the scheduler wakes it then.
ALTER TABLE "PublishJob" ADD COLUMN "wakeAt" TIMESTAMPTZ(3);
CREATE INDEX "PublishJob_wake_idx" ON "PublishJob" ("wakeAt") WHERE "wakeAt" IS NOT NULL;

-- Jobs the lanes had handed back to the queue for later (no lease owner) wake at once under the
-- new design, and leases of jobs that are no longer processing are dropped.
UPDATE "PublishJob" SET "wakeAt" = now(), "leaseExpiresAt" = NULL WHERE status = 'processing' AND "leaseOwner" IS NULL;
UPDATE "PublishJob" SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL WHERE status <> 'processing' AND "leaseOwner" IS NOT NULL;
-- Of an account's leased jobs (one, unless a lapsed lease lingered), the latest keeps its lease.
UPDATE "PublishJob" j SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "wakeAt" = now()
 WHERE j."leaseOwner" IS NOT NULL
   AND EXISTS (SELECT FROM "PublishJob" o WHERE o."accountId" = j."accountId" AND o."leaseOwner" IS NOT NULL
                 AND (o."leaseExpiresAt", o.id) > (j."leaseExpiresAt", j.id));

-- One publish at a time per account: at most one of its jobs holds a lease.
CREATE UNIQUE INDEX "PublishJob_one_lease_per_account" ON "PublishJob" ("accountId") WHERE "leaseOwner" IS NOT NULL;

-- A drain takes its account's oldest ready job: queued, scheduled and due, or processing without
-- a lease (woken, or its worker died).
DROP INDEX "PublishJob_ready_idx";
CREATE INDEX "PublishJob_ready_idx" ON "PublishJob" ("accountId", (COALESCE("scheduledAt", "createdAt")), "createdAt") WHERE status IN ('queued', 'scheduled', 'processing');

-- One lease per worker process, renewed by one heartbeat, instead of a lease time on every held
-- job rewritten every few seconds (thousands of parked jobs meant thousands of row writes).
-- A job's leaseOwner names the process's lease (before the slash) and the queue worker.
CREATE TABLE "WorkerLease" (
    "id" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "WorkerLease_pkey" PRIMARY KEY ("id")
);
-- The watchdog looks at leased jobs (their owner's lease may have lapsed) through this index.
DROP INDEX "PublishJob_processing_idx";
CREATE INDEX "PublishJob_leaseOwner_idx" ON "PublishJob" ("leaseOwner") WHERE "leaseOwner" IS NOT NULL;
-- Leases held before this version name no WorkerLease row: the watchdog frees their jobs.
ALTER TABLE "PublishJob" DROP COLUMN "leaseExpiresAt";

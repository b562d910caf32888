-- Issue 49: posting schedules and the queue.
CREATE TABLE "PostingSchedule" (
    "accountId" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "timezone" TEXT NOT NULL,
    "slots" JSONB NOT NULL DEFAULT '[]',
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "PostingSchedule_pkey" PRIMARY KEY ("accountId")
);
CREATE INDEX "PostingSchedule_workspaceId_idx" ON "PostingSchedule"("workspaceId");
ALTER TABLE "PostingSchedule" ADD CONSTRAINT "PostingSchedule_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ConnectedAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PostingSchedule" ADD CONSTRAINT "PostingSchedule_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "PublishJob" ADD COLUMN "inQueue" BOOLEAN NOT NULL DEFAULT false;

-- One waiting queue item per account and slot, whatever a lock missed. An exclusion constraint
-- rather than a unique index: it can be deferred to commit, so a move or shuffle may swap two
-- items' times in one statement.
ALTER TABLE "PublishJob" ADD CONSTRAINT "PublishJob_one_queue_item_per_slot"
  EXCLUDE USING btree ("accountId" WITH =, "scheduledAt" WITH =) WHERE ("inQueue" AND status = 'scheduled')
  DEFERRABLE INITIALLY DEFERRED;

-- A run that finishes an account's job goes on to that account's next ready job, oldest first:
-- a partial index keeps that look-up to the account's queued and scheduled jobs (Prisma's schema
-- cannot declare it).
CREATE INDEX "PublishJob_ready_idx" ON "PublishJob" ("accountId", (COALESCE("scheduledAt", "createdAt")), "createdAt") WHERE status IN ('queued', 'scheduled');

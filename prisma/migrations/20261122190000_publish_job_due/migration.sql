-- The scheduler looks for scheduled jobs whose time has come several times a second, in every
-- worker: a partial index keeps that a lookup of the due ones only (Prisma's schema cannot declare it).
CREATE INDEX "PublishJob_due_idx" ON "PublishJob" ("scheduledAt") WHERE status = 'scheduled';

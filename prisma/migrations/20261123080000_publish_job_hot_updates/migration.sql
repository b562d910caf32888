-- The progress writes and lease extensions of a run change only unindexed columns, so PostgreSQL
-- can make them HOT updates (no new index entries) when the page has room. The index on
-- (status, leaseExpiresAt) made every one of them write five. The watchdog looks only at
-- processing jobs, which a partial index keeps to the few running or waiting to retry.
DROP INDEX "PublishJob_status_leaseExpiresAt_idx";
CREATE INDEX "PublishJob_processing_idx" ON "PublishJob" (id) WHERE status = 'processing';
-- Room on each page for the next versions of its jobs.
ALTER TABLE "PublishJob" SET (fillfactor = 80);

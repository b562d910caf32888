-- The queue (graphile-worker) pool a worker process runs, so that the launcher can release the
-- queue jobs of a worker it saw die at once (graphile-worker itself frees them only after 4 hours).
ALTER TABLE "WorkerLease" ADD COLUMN "queuePool" TEXT;

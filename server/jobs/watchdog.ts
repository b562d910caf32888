// Every few seconds, each worker hands jobs whose lease lapsed back to the queue (safe to run
// in every worker at once: the next run claims a job conditionally, and the queue's job key
// keeps one entry per job). A dead worker also still holds its queue locks, which would keep
// the account's queue blocked for hours (graphile-worker's own stale-lock timeout is 4 h), so
// the watchdog releases the locks of the queue worker named in the lapsed lease.
import type { Runner } from "graphile-worker";
import { sql } from "../db.ts";
import { publishJobKey, publishQueue, PUBLISH_TASK } from "../domain/publishing/create-media-job.ts";
import { lapsedJobs } from "../domain/publishing/engine/watchdog.ts";
import { log } from "../log.ts";

const INTERVAL_MS = 5_000;

export function startWatchdog(runner: Runner): { stop(): void } {
  const tick = async () => {
    const lapsed = await lapsedJobs();
    if (lapsed.length === 0) return;
    const deadWorkers = [...new Set(lapsed.map((j) => j.leaseOwner?.split("/")[1]).filter((w): w is string => !!w && w !== "unknown"))];
    if (deadWorkers.length > 0) {
      log.warn("releasing queue locks of workers whose leases lapsed", { workers: deadWorkers });
      await sql("force-unlock-workers", "SELECT graphile_worker.force_unlock_workers($1::text[])", [deadWorkers]);
    }
    for (const job of lapsed) {
      await runner.addJob(PUBLISH_TASK, { jobId: job.id }, { jobKey: publishJobKey(job.id), queueName: publishQueue(job.accountId) });
    }
  };
  const timer = setInterval(() => void tick().catch((err) => log.warn("watchdog tick failed", { error: String(err) })), INTERVAL_MS);
  return { stop: () => clearInterval(timer) };
}

// Every few seconds, each worker hands jobs whose lease lapsed back to the queue (safe to run
// in every worker at once: the next run claims a job conditionally, and the queue's job key
// keeps one entry per job), and passes on account lanes whose holder died with jobs in line.
// A dead worker also still holds its queue entries' locks (graphile-worker's own stale-lock
// timeout is 4 h), so the watchdog releases the locks of the queue worker named in the lease.
import { sql } from "../db.ts";
import { sweepLanes } from "../domain/publishing/engine/account-lane.ts";
import { lapsedJobs, requeueJobs } from "../domain/publishing/engine/watchdog.ts";
import { log } from "../log.ts";

const INTERVAL_MS = 5_000;

export function startWatchdog(): { stop(): void } {
  const tick = async () => {
    const lapsed = await lapsedJobs();
    if (lapsed.length > 0) {
      const deadWorkers = [...new Set(lapsed.map((j) => j.leaseOwner?.split("/")[1]).filter((w): w is string => !!w && w !== "unknown"))];
      if (deadWorkers.length > 0) {
        log.warn("releasing queue locks of workers whose leases lapsed", { workers: deadWorkers });
        await sql("force-unlock-workers", "SELECT graphile_worker.force_unlock_workers($1::text[])", [deadWorkers]);
      }
      await requeueJobs(lapsed);
    }
    const handed = await sweepLanes();
    if (handed > 0) log.warn("passed on account lanes whose holder's lease lapsed", { lanes: handed });
  };
  const timer = setInterval(() => void tick().catch((err) => log.warn("watchdog tick failed", { error: String(err) })), INTERVAL_MS);
  return { stop: () => clearInterval(timer) };
}

// Every few seconds, each worker frees jobs whose lease lapsed (their worker died, or the machine)
// and gives their accounts drain entries (safe in every worker at once: SKIP LOCKED, and the
// queue's job key keeps one waiting entry per account). A dead worker also still holds its queue
// entries' locks (graphile-worker's own stale-lock timeout is 4 h), so the watchdog releases the
// locks of the queue workers the lapsed leases name.
import { sql } from "../db.ts";
import { ensureStrandedDrains, freeLapsedJobs } from "../domain/publishing/engine/watchdog.ts";
import { log } from "../log.ts";

const INTERVAL_MS = 5_000;

export function startWatchdog(): { stop(): void } {
  const tick = async () => {
    const owners = await freeLapsedJobs();
    const deadWorkers = [...new Set(owners.map((o) => o.split("/")[1]).filter((w): w is string => !!w && w !== "unknown"))];
    if (deadWorkers.length > 0) {
      log.warn("freed jobs whose leases lapsed; releasing their queue workers' locks", { workers: deadWorkers });
      await sql("force-unlock-workers", "SELECT graphile_worker.force_unlock_workers($1::text[])", [deadWorkers]);
    }
    const stranded = await ensureStrandedDrains();
    if (stranded > 0) log.warn("gave drain entries to accounts whose ready jobs had none", { accounts: stranded });
  };
  const timer = setInterval(() => void tick().catch((err) => log.warn("watchdog tick failed", { error: String(err) })), INTERVAL_MS);
  return { stop: () => clearInterval(timer) };
}

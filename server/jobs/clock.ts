// Each worker process's clock. Five times a second, and at the moment the next post falls due or
// job wakes (but 50 ms after the last look at the soonest, so a burst costs at most 20 looks a
// second), it starts due scheduled posts, wakes jobs whose wait ended
// (../domain/scheduling/start-due-posts.ts) and claims ready jobs for the free slots;
// every two seconds, while its own lease is steady, it frees the jobs of workers whose lease
// lapsed (../domain/publishing/engine/watchdog.ts). Safe in every worker at once: a statement skips or
// re-checks the rows another one changes.
import { dispatch } from "../domain/publishing/engine/dispatcher.ts";
import { freeLapsedJobs } from "../domain/publishing/engine/watchdog.ts";
import { leaseSteady } from "../domain/publishing/engine/worker-lease.ts";
import { startDuePosts } from "../domain/scheduling/start-due-posts.ts";
import { log } from "../log.ts";

const TICK_MS = 200;
const MIN_TICK_MS = 50;
const WATCH_EVERY_MS = 2_000;

export function startClock(): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let watchedAt = 0;
  let failingSince: number | undefined;
  const tick = async () => {
    let nextAt = Date.now() + TICK_MS;
    try {
      const nextInMs = await startDuePosts();
      // from the answer's arrival, not the look's start: a look a few ms early finds nothing due
      nextAt = Date.now() + Math.min(TICK_MS, nextInMs ?? TICK_MS);
      if (Date.now() - watchedAt >= WATCH_EVERY_MS && leaseSteady()) {
        watchedAt = Date.now();
        const freed = await freeLapsedJobs();
        if (freed > 0) log.warn("freed the jobs of workers whose lease lapsed", { jobs: freed });
      }
      if (failingSince !== undefined) log.warn("the clock's statements work again", { failedForMs: Date.now() - failingSince });
      failingSince = undefined;
    } catch (err) {
      // once per outage, not five times a second
      if (failingSince === undefined) log.warn("the clock's statements failed; trying on", { error: String(err) });
      failingSince ??= Date.now();
    }
    dispatch();
    if (!stopped) timer = setTimeout(() => void tick(), Math.max(MIN_TICK_MS, nextAt - Date.now()));
  };
  void tick();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

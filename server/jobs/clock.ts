// Each worker process's clock. Five times a second it starts due scheduled posts, wakes jobs whose
// wait ended (../domain/scheduling/start-due-posts.ts) and claims ready jobs for the free slots;
// every five seconds it frees the jobs of workers whose lease lapsed
// (../domain/publishing/engine/watchdog.ts). Safe in every worker at once: a statement skips or
// re-checks the rows another one changes.
import { dispatch } from "../domain/publishing/engine/dispatcher.ts";
import { freeLapsedJobs } from "../domain/publishing/engine/watchdog.ts";
import { startDuePosts } from "../domain/scheduling/start-due-posts.ts";
import { log } from "../log.ts";

const TICK_MS = 200;
const WATCH_EVERY_TICKS = 25;

export function startClock(): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let ticks = 0;
  let failingSince: number | undefined;
  const tick = async () => {
    try {
      await startDuePosts();
      if (ticks++ % WATCH_EVERY_TICKS === 0) {
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
    if (!stopped) timer = setTimeout(() => void tick(), TICK_MS);
  };
  void tick();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

// Each worker process starts due scheduled posts a few times a second (see
// ../domain/scheduling/start-due-posts.ts), a batch at a time until none is left.
import { startDuePosts } from "../domain/scheduling/start-due-posts.ts";
import { log } from "../log.ts";

const INTERVAL_MS = 200;
const BATCH = 5_000;

export function startScheduler(): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await startDuePosts(BATCH);
    } catch (err) {
      log.warn("starting due posts failed", { error: String(err) });
    }
    if (!stopped) timer = setTimeout(() => void tick(), INTERVAL_MS);
  };
  void tick();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

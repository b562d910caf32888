// Each worker process starts due scheduled posts a few times a second (see
// ../domain/scheduling/start-due-posts.ts), a batch at a time until none is left.
import { startDuePosts } from "../domain/scheduling/start-due-posts.ts";
import { log } from "../log.ts";

const INTERVAL_MS = 200;
const BATCH = 5_000;

export function startScheduler(): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let failingSince: number | undefined;
  const tick = async () => {
    try {
      await startDuePosts(BATCH);
      if (failingSince !== undefined) log.warn("starting due posts works again", { failedForMs: Date.now() - failingSince });
      failingSince = undefined;
    } catch (err) {
      // once per outage, not five times a second
      if (failingSince === undefined) log.warn("starting due posts failed; trying on", { error: String(err) });
      failingSince ??= Date.now();
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

import type { Task } from "graphile-worker";
import { pollDueFeeds } from "../../domain/feeds/poll-feeds.ts";
import { feedScope } from "../../scope.ts";

// Every minute: the feeds whose next fetch is due (each every FEED_POLL_MINUTES), claimed so that
// one worker fetches each; the crontab runs it once per minute across all workers. The posts it
// queues wait for approval where the workspace requires it (approval-rules.ts).
export const pollFeedsTask: Task = async (_payload, helpers) => {
  const polled = await pollDueFeeds(feedScope);
  if (polled > 0) helpers.logger.debug(`polled ${polled} feeds`);
};

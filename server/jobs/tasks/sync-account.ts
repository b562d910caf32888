import type { Task } from "graphile-worker";
import { syncAccount } from "../../domain/posts/sync-account.ts";
import { enqueueDueSyncs } from "../../domain/posts/sync-queue.ts";

export const syncAccountTask: Task = async (payload, helpers) => {
  const result = await syncAccount((payload as { accountId: string }).accountId);
  helpers.logger.debug(`synced: ${JSON.stringify(result)}`);
};

export const scheduleSyncsTask: Task = async (_payload, helpers) => {
  const queued = await enqueueDueSyncs();
  if (queued > 0) helpers.logger.debug(`queued ${queued} account syncs`);
};

import type { Task } from "graphile-worker";
import { sql } from "../../db.ts";
import { drainAccount } from "../../domain/publishing/engine/drain.ts";
import { flows } from "../../domain/publishing/modes/index.ts";
import { enqueueSyncAfterPublish } from "../../domain/posts/sync-queue.ts";

/** An account's drain (its payload names the account; an entry from before drains names a job). */
export const publishJobTask: Task = async (payload, helpers) => {
  const { accountId, jobId } = payload as { accountId?: string; jobId?: string };
  const account = accountId ?? (await sql<{ accountId: string }>("job-account", `SELECT "accountId" FROM "PublishJob" WHERE id = $1`, [jobId]))[0]?.accountId;
  if (!account) return;
  // The queue worker holding the entry is named in the jobs' lease owner, so the watchdog can
  // release its queue locks if it dies (../../domain/publishing/engine/watchdog.ts).
  await drainAccount(account, helpers.job.locked_by ?? "unknown", flows, { onPublished: (job) => enqueueSyncAfterPublish(job.accountId) });
};

import os from "node:os";
import type { Task } from "graphile-worker";
import { runPublishJob } from "../../domain/publishing/engine/run-publish-job.ts";
import { flows } from "../../domain/publishing/modes/index.ts";
import { enqueueSyncAfterPublish } from "../../domain/posts/sync-queue.ts";

// Jobs of an account this process is publishing for already: its look-ups pass over their
// entries (graphile-worker's forbiddenFlags), and one fetched anyway (look-ups run side by side)
// waits here for the one before it. Either way it does not take a trip through the queue only to
// find its account's lane taken; the lane still decides between processes.
const lastOfAccount = new Map<string, Promise<void>>();
export const busyAccountFlags = (): string[] => [...lastOfAccount.keys()];

export const publishJobTask: Task = async (payload, helpers) => {
  const { jobId } = payload as { jobId: string };
  // The lease owner names the machine, the process and the queue worker holding the job, so
  // the watchdog can release that worker's queue locks if it dies (see ../watchdog.ts).
  const owner = `${os.hostname()}:${process.pid}/${helpers.job.locked_by ?? "unknown"}`;
  const flag = Object.keys(helpers.job.flags ?? {})[0];
  const before = flag ? lastOfAccount.get(flag) : undefined;
  const run = (async () => {
    await before;
    await runPublishJob(jobId, owner, flows, { onPublished: (job) => enqueueSyncAfterPublish(job.accountId) }, helpers.abortSignal);
  })();
  if (!flag) return run;
  const settled = run.catch(() => {});
  lastOfAccount.set(flag, settled);
  try {
    await run;
  } finally {
    if (lastOfAccount.get(flag) === settled) lastOfAccount.delete(flag);
  }
};

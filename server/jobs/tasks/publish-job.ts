import os from "node:os";
import type { Task } from "graphile-worker";
import { publishJobKey, publishQueue, PUBLISH_TASK } from "../../domain/publishing/create-media-job.ts";
import { runPublishJob } from "../../domain/publishing/engine/run-publish-job.ts";
import { flows } from "../../domain/publishing/flows/index.ts";
import { enqueueSyncAfterPublish } from "../../domain/posts/sync-queue.ts";

export const publishJobTask: Task = async (payload, helpers) => {
  const { jobId } = payload as { jobId: string };
  // The lease owner names the machine, the process and the queue worker holding the job, so
  // the watchdog can release that worker's queue locks if it dies (see ../watchdog.ts).
  const owner = `${os.hostname()}:${process.pid}/${helpers.job.locked_by ?? "unknown"}`;
  await runPublishJob(jobId, owner, flows, {
    requeue: async (job, runAt) => {
      await helpers.addJob(PUBLISH_TASK, { jobId }, { runAt, jobKey: publishJobKey(jobId), queueName: publishQueue(job.accountId) });
    },
    onPublished: (job) => enqueueSyncAfterPublish(job.accountId),
  });
};

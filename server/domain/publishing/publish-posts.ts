// POST /api/v1/posts: text is published now (200, per-account results); media becomes a
// durable job (202). Every check runs before anything is published.
import type { PublishJob } from "../../db.ts";
import type { Scope } from "../access.ts";
import { replayOf, submitMediaJob } from "./create-media-job.ts";
import { log } from "../../log.ts";
import { enqueueSyncAfterPublish } from "../posts/sync-queue.ts";
import { mediaResult, type WriteOutcome } from "./present-job.ts";
import { publishText } from "./publish-text.ts";
import type { PublishBody, PublishResponse } from "./publishing.schema.ts";
import { readRequest, replayablePlan, validatePublishRequest, type MediaPlan, type RequestRows } from "./validate-request.ts";

export async function publishPosts(scope: Scope, body: PublishBody): Promise<WriteOutcome & { body: PublishResponse }> {
  const rows = await readRequest(scope, body);
  const schedule = { scheduledAt: null, timezone: null };
  const earlier = findReplay(rows, body);
  const plan = earlier?.plan ?? validatePublishRequest(body, "publish", rows);
  if (plan.mode === "text") {
    const body = await publishText(plan);
    // what was published stays answered even if the follow-up sync cannot be queued
    await Promise.all(
      body.results
        .filter((r) => r.success)
        .map((r) =>
          enqueueSyncAfterPublish(r.accountId).catch((err) => log.warn("after-publish sync not queued", { accountId: r.accountId, error: String(err) })),
        ),
    );
    return { outcome: "done", replay: false, body };
  }
  const { job, replay } = earlier ? replayOf(earlier.job, plan, schedule) : await submitMediaJob(scope, plan, schedule);
  const { outcome, result } = mediaResult(job, plan.account, replay);
  return { outcome, replay, body: { results: [result], summary: { succeeded: result.success ? 1 : 0, failed: result.success ? 0 : 1 } } };
}

/**
 * A request whose requestId already has a job is answered from that job (SPEC.md idempotency):
 * same input, the job; other input, 409. The checks its acceptance passed are not run again.
 */
export function findReplay(rows: RequestRows, body: PublishBody): { plan: MediaPlan; job: PublishJob } | null {
  const plan = replayablePlan(rows.accounts, body);
  const job = plan && rows.earlierJobs.find((j) => j.requestId === plan.requestId);
  return plan && job ? { plan, job } : null;
}

// POST /api/v1/posts: text is published now (200, per-account results); media becomes a
// durable job (202). Every check runs before anything is published.
import type { Scope } from "../access.ts";
import { assertPublishesDirectly } from "../post-groups/approval-rules.ts";
import { checkRequest } from "./check-request.ts";
import { replayOf, submitMediaJob } from "./create-media-job.ts";
import { log } from "../../log.ts";
import { enqueueSyncAfterPublish } from "../posts/sync-queue.ts";
import { mediaResult, type WriteOutcome } from "./present-job.ts";
import { publishText } from "./publish-text.ts";
import { recordThreadReplies } from "./thread-replies.ts";
import type { PublishBody, PublishResponse } from "./publishing.schema.ts";

export async function publishPosts(scope: Scope, body: PublishBody): Promise<WriteOutcome & { body: PublishResponse }> {
  await assertPublishesDirectly(scope);
  const schedule = { scheduledAt: null, timezone: null };
  const { plan, earlier } = await checkRequest(scope, body, schedule);
  if (plan.mode === "text") {
    const body = await publishText(plan);
    // what was published stays answered even if its thread or the follow-up sync cannot be recorded
    await recordThreadReplies(body.results).catch((err) => log.warn("thread replies not recorded", { error: String(err) }));
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

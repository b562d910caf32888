// POST /api/v1/posts: text is published now (200, per-account results); media becomes a
// durable job (202). Every check runs before anything is published.
import { sql, type ConnectedAccount, type PublishJob } from "../../db.ts";
import type { Scope } from "../access.ts";
import { replayOf, submitMediaJob } from "./create-media-job.ts";
import { log } from "../../log.ts";
import { enqueueSyncAfterPublish } from "../posts/sync-queue.ts";
import { mediaResult } from "./present-job.ts";
import { publishText } from "./publish-text.ts";
import type { PublishBody, PublishResponse } from "./publishing.schema.ts";
import { loadAccounts, replayablePlan, validatePublishRequest, type MediaPlan } from "./validate-request.ts";

export async function publishPosts(scope: Scope, body: PublishBody): Promise<{ status: 200 | 202; body: PublishResponse }> {
  const accounts = await loadAccounts(scope, body.accountIds);
  const schedule = { scheduledAt: null, timezone: null };
  const earlier = await findReplay(scope, accounts, body);
  const plan = earlier?.plan ?? (await validatePublishRequest(scope, body, "publish", accounts));
  if (plan.mode === "text") {
    const body = await publishText(plan);
    // what was published stays answered even if the follow-up sync cannot be queued
    await Promise.all(body.results.filter((r) => r.success).map((r) => enqueueSyncAfterPublish(r.accountId).catch((err) => log.warn("after-publish sync not queued", { accountId: r.accountId, error: String(err) }))));
    return { status: 200, body };
  }
  const { job, replay } = earlier ? replayOf(earlier.job, plan, schedule) : await submitMediaJob(scope, plan, schedule);
  const { httpStatus, result } = mediaResult(job, plan.account, replay);
  return { status: httpStatus, body: { results: [result], summary: { succeeded: result.success ? 1 : 0, failed: result.success ? 0 : 1 } } };
}

/**
 * A request whose requestId already has a job is answered from that job (SPEC.md idempotency):
 * same input, the job; other input, 409. The checks its acceptance passed are not run again.
 */
export async function findReplay(scope: Scope, accounts: ConnectedAccount[], body: PublishBody): Promise<{ plan: MediaPlan; job: PublishJob } | null> {
  const plan = replayablePlan(accounts, body);
  if (!plan) return null;
  const [job] = await sql<PublishJob>("job-by-request", `SELECT * FROM "PublishJob" WHERE "workspaceId" = $1 AND "requestId" = $2`, [scope.workspaceId, plan.requestId]);
  return job ? { plan, job } : null;
}

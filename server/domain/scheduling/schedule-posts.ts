// POST /api/v1/scheduled-posts: the same request as POST /api/v1/posts, checked the same way
// (the X link rule included) and saved to run at `scheduledAt`. Text becomes one scheduled job
// per account; media one job with the same requestId idempotency as publishing now.
import type { ConnectedAccount, PublishJob } from "../../db.ts";
import type { Scope } from "../access.ts";
import { assertPublishesDirectly } from "../post-groups/approval-rules.ts";
import { replayOf, submitMediaJob } from "../publishing/create-media-job.ts";
import { jobAnswer, type WriteOutcome } from "../publishing/present-job.ts";
import { checkRequest } from "../publishing/check-request.ts";
import type { PublishBody } from "../publishing/publishing.schema.ts";
import { createTextSchedule } from "./create-text-schedule.ts";
import type { ScheduleBody, ScheduleResponse } from "./scheduling.schema.ts";

export async function schedulePosts(scope: Scope, body: ScheduleBody): Promise<WriteOutcome & { body: ScheduleResponse }> {
  await assertPublishesDirectly(scope);
  const { scheduledAt: at, timezone, ...request } = body;
  const schedule = { scheduledAt: new Date(at), timezone: timezone ?? null };
  const publish: PublishBody = request;
  const { plan, earlier } = await checkRequest(scope, publish, schedule);
  if (plan.mode === "text") {
    const jobs = await createTextSchedule(scope, plan, schedule.scheduledAt, schedule.timezone);
    const byAccount = new Map(jobs.map((j) => [j.accountId, j]));
    const results = plan.targets.map(({ account }) => ({
      ...identity(account),
      success: true,
      scheduledPostIds: [byAccount.get(account.id)!.scheduledPostId!],
      scheduledAt: schedule.scheduledAt.toISOString(),
    }));
    return { outcome: "done", replay: false, body: { results, summary: { succeeded: results.length, failed: 0 } } };
  }
  const { job, replay } = earlier ? replayOf(earlier.job, plan, schedule) : await submitMediaJob(scope, plan, schedule);
  const { outcome, result } = scheduleResult(job, plan.account, replay);
  return { outcome, replay, body: { results: [result], summary: { succeeded: result.success ? 1 : 0, failed: result.success ? 0 : 1 } } };
}

const identity = (account: ConnectedAccount) => ({ accountId: account.id, provider: account.provider, username: account.username });

function scheduleResult(job: PublishJob, account: ConnectedAccount, replay: boolean) {
  const { outcome, ...answer } = jobAnswer(job, account, replay);
  const base = {
    ...identity(account),
    scheduledPostIds: job.scheduledPostId ? [job.scheduledPostId] : [],
    scheduledAt: job.scheduledAt!.toISOString(),
    jobId: job.id,
    status: job.status,
  };
  return { outcome, result: { ...base, ...answer } };
}

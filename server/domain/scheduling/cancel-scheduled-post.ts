// DELETE /api/v1/scheduled-posts/{id}?platform=: cancels a scheduled post whose publishing has not
// started. The cancel and a worker's start are both conditional updates of the job's row, so
// when they race exactly one wins. Canceling never deletes anything already on the platform.
import { sql, type JobStatus, type Provider } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { CANCELLABLE_STATUSES } from "./schedule-rules.ts";

export async function cancelScheduledPost(scope: Scope, scheduledPostId: string, platform: Provider): Promise<{ canceled: 1 }> {
  assertCan(scope, "content.publish");
  if (!isUuid(scheduledPostId)) throw notFound("Scheduled post");
  const canceled = await sql<{ id: string }>(
    "scheduled-cancel",
    `UPDATE "PublishJob" SET status = 'canceled', "finishedAt" = now(), "updatedAt" = now()
      WHERE "scheduledPostId" = $1 AND "workspaceId" = $2 AND provider = $3::"Provider" AND status = ANY($4::"JobStatus"[])
      RETURNING id`,
    [scheduledPostId, scope.workspaceId, platform, CANCELLABLE_STATUSES],
  );
  if (canceled.length > 0) return { canceled: 1 };
  const job = await scheduledJobState(scope, scheduledPostId);
  if (!job || job.provider !== platform) throw notFound(`${platform} scheduled post`);
  const why =
    job.status === "canceled"
      ? "it is already canceled"
      : job.status === "published"
        ? "it is already published"
        : `publishing has started (status ${job.status})`;
  throw new AppError("POST_NOT_CANCELLABLE", `This scheduled post cannot be canceled: ${why}`, { status: job.status });
}

export async function scheduledJobState(scope: Scope, scheduledPostId: string) {
  const [job] = await sql<{ provider: Provider; status: JobStatus }>(
    "scheduled-status",
    `SELECT provider, status FROM "PublishJob" WHERE "scheduledPostId" = $1 AND "workspaceId" = $2`,
    [scheduledPostId, scope.workspaceId],
  );
  return job ?? null;
}

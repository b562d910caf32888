// The calendar's drag: a scheduled post gets a new time while its publishing has not started.
// Content, media and account stay as accepted (for instagram that is the rule; for the others
// the dashboard offers nothing else). The scheduler starts it at its new time. A queue item given
// an exact time leaves the queue (its time is no longer a slot to reassign).
import { sql, type PublishJob } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { scheduledJobState } from "./cancel-scheduled-post.ts";
import { MOVABLE_STATUSES } from "./schedule-rules.ts";

export async function moveScheduledPost(scope: Scope, scheduledPostId: string, scheduledAt: Date, timezone: string | null): Promise<PublishJob> {
  assertCan(scope, "content.publish");
  if (!isUuid(scheduledPostId)) throw notFound("Scheduled post");
  if (scheduledAt.getTime() <= Date.now()) {
    throw new AppError("VALIDATION_ERROR", "scheduledAt: must be in the future", {
      issues: [{ path: "scheduledAt", message: "must be in the future", code: "in_past", location: "body" }],
    });
  }
  const [job] = await sql<PublishJob>(
    "scheduled-move",
    `WITH j AS (
       UPDATE "PublishJob" SET "scheduledAt" = $3::timestamptz, timezone = COALESCE($4, timezone), "inQueue" = false, "updatedAt" = now()
        WHERE "scheduledPostId" = $1 AND "workspaceId" = $2 AND status = ANY($5::"JobStatus"[])
        RETURNING *
     ), p AS (
       UPDATE "ScheduledPost" SET "scheduledAt" = $3::timestamptz, timezone = COALESCE($4, timezone), "updatedAt" = now()
        WHERE id IN (SELECT "scheduledPostId" FROM j)
     )
     SELECT * FROM j`,
    [scheduledPostId, scope.workspaceId, scheduledAt, timezone, MOVABLE_STATUSES],
  );
  if (job) return job;
  const existing = await scheduledJobState(scope, scheduledPostId);
  if (!existing) throw notFound("Scheduled post");
  throw new AppError("CONFLICT", `This post can no longer be moved (status ${existing.status})`, { status: existing.status });
}

// A scheduled composition changed as a whole (issue 47): POST /api/v1/post-groups/{id}/move gives
// every target still waiting for its time a new time; POST /api/v1/post-groups/{id}/cancel
// cancels every target whose publishing has not started. The rules are the single post's
// (schedule-rules.ts), and so is the race with a worker: each job changes in one conditional
// update, so a target the worker has started stays as it is and is reported unchanged.
// A queue item moved to an exact time leaves its account's queue (issue 49).
// SPEC.md: an instagram schedule's time changes "in the product, not through this API": through
// REST and MCP its target is left as it is (and says so); the dashboard moves it with the rest.
import { db, sql, type JobStatus } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { CANCELLABLE_STATUSES, MOVABLE_STATUSES } from "../scheduling/schedule-rules.ts";
import type { StoredTarget } from "./create-post-group.ts";
import { shownJobs } from "./group-jobs.ts";
import type { PostGroupCanceled, PostGroupMoved } from "./post-groups.schema.ts";

/** Who moves: the API (REST, MCP) or the dashboard, which alone moves instagram schedules. */
export type MovedBy = "api" | "dashboard";
const API_FIXED_TIME = ["instagram"];

export async function movePostGroup(scope: Scope, postGroupId: string, scheduledAt: Date, timezone: string | null, by: MovedBy): Promise<PostGroupMoved> {
  assertCan(scope, "content.publish");
  const group = await findGroup(scope, postGroupId);
  if (group.repeat) {
    throw new AppError(
      "CONFLICT",
      "A recurring group's occurrences keep the times of its rule: move one occurrence (POST /api/v1/scheduled-posts/{id}/move), or cancel the series and create it again",
    );
  }
  if (scheduledAt.getTime() <= Date.now()) {
    throw new AppError("VALIDATION_ERROR", "scheduledAt: must be in the future", {
      issues: [{ path: "scheduledAt", message: "must be in the future", code: "in_past", location: "body" }],
    });
  }
  const moved = await sql<{ id: string }>(
    "post-group-move",
    `WITH j AS (
       UPDATE "PublishJob" SET "scheduledAt" = $3::timestamptz, timezone = COALESCE($4, timezone), "inQueue" = false, "updatedAt" = now()
        WHERE "postGroupId" = $1 AND "workspaceId" = $2 AND "scheduledPostId" IS NOT NULL AND status = ANY($5::"JobStatus"[])
          AND NOT provider = ANY($6::"Provider"[])
        RETURNING id, "scheduledPostId"
     ), p AS (
       UPDATE "ScheduledPost" SET "scheduledAt" = $3::timestamptz, timezone = COALESCE($4, timezone), "updatedAt" = now()
        WHERE id IN (SELECT "scheduledPostId" FROM j)
     ), g AS (
       UPDATE "PostGroup" SET "scheduledAt" = $3::timestamptz, timezone = COALESCE($4, timezone)
        WHERE id = $1 AND EXISTS (SELECT FROM j)
     )
     SELECT id FROM j`,
    [postGroupId, scope.workspaceId, scheduledAt, timezone, MOVABLE_STATUSES, by === "api" ? API_FIXED_TIME : []],
  );
  const targets = (await targetsOf(scope, postGroupId, new Set(moved.map((m) => m.id)))).map((t) =>
    !t.changed && t.status === "scheduled" && API_FIXED_TIME.includes(t.provider)
      ? { ...t, note: `a ${t.provider} schedule's time changes in the dashboard, not through the API (SPEC.md)` }
      : t,
  );
  if (moved.length === 0) {
    throw new AppError("CONFLICT", `No post of this group can be moved: ${unchangedWhy(targets)}`, { targets });
  }
  return { postGroupId, moved: moved.length, scheduledAt: scheduledAt.toISOString(), targets };
}

export async function cancelPostGroup(scope: Scope, postGroupId: string): Promise<PostGroupCanceled> {
  assertCan(scope, "content.publish");
  await findGroup(scope, postGroupId);
  // a recurring group's series ends with it (no later occurrence is added), and an evergreen one stops coming back
  const canceled = await sql<{ id: string }>(
    "post-group-cancel",
    `WITH j AS (
       UPDATE "PublishJob" SET status = 'canceled', "finishedAt" = now(), "updatedAt" = now()
        WHERE "postGroupId" = $1 AND "workspaceId" = $2 AND "scheduledPostId" IS NOT NULL AND status = ANY($3::"JobStatus"[])
        RETURNING id
     ), g AS (
       UPDATE "PostGroup" SET "seriesEndedAt" = COALESCE("seriesEndedAt", CASE WHEN repeat IS NOT NULL THEN now() END), evergreen = false
        WHERE id = $1 AND EXISTS (SELECT FROM j)
     )
     SELECT id FROM j`,
    [postGroupId, scope.workspaceId, CANCELLABLE_STATUSES],
  );
  const targets = await targetsOf(scope, postGroupId, new Set(canceled.map((c) => c.id)));
  if (canceled.length === 0) {
    throw new AppError("POST_NOT_CANCELLABLE", `No post of this group can be canceled: ${unchangedWhy(targets)}`, { targets });
  }
  return { postGroupId, canceled: canceled.length, targets };
}

async function findGroup(scope: Scope, postGroupId: string) {
  const group = isUuid(postGroupId)
    ? await db.postGroup.findFirst({ where: { id: postGroupId, workspaceId: scope.workspaceId }, select: { id: true, repeat: true } })
    : null;
  if (!group) throw notFound("Post group");
  return group;
}

/** Every target in request order, as it is now, with whether this call changed it. */
async function targetsOf(scope: Scope, postGroupId: string, changed: Set<string>) {
  const group = await db.postGroup.findFirstOrThrow({ where: { id: postGroupId, workspaceId: scope.workspaceId }, include: { jobs: true } });
  const byAccount = shownJobs(group.jobs);
  const changedAccounts = new Set(group.jobs.filter((j) => changed.has(j.id)).map((j) => j.accountId));
  return (group.targets as StoredTarget[]).flatMap((t) => {
    const job = byAccount.get(t.accountId);
    if (!job) return [];
    return [
      {
        accountId: job.accountId,
        provider: job.provider,
        jobId: job.id,
        scheduledPostId: job.scheduledPostId,
        status: job.status,
        changed: changedAccounts.has(job.accountId),
      },
    ];
  });
}

function unchangedWhy(targets: { status: JobStatus; scheduledPostId: string | null }[]): string {
  if (targets.every((t) => t.scheduledPostId === null)) return "it was published at once, not scheduled";
  const statuses = [...new Set(targets.map((t) => t.status))];
  return `their publishing has started or ended (${statuses.join(", ")})`;
}

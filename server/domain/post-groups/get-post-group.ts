// GET /api/v1/post-groups/{id}: the group with each target's job as GET /api/v1/publish-jobs/{id}
// shows it, and an overall status.
import { db, type JobStatus } from "../../db.ts";
import { notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { presentJob } from "../publishing/present-job.ts";
import type { StoredTarget } from "./create-post-group.ts";
import { seriesView, shownJobs } from "./group-jobs.ts";
import type { RepeatRule } from "./repeat-rule.ts";
import type { PostGroupView } from "./post-groups.schema.ts";
import { approvalView } from "./approval-view.ts";

export async function getPostGroup(scope: Scope, postGroupId: string): Promise<PostGroupView> {
  const group = isUuid(postGroupId)
    ? await db.postGroup.findFirst({
        where: { id: postGroupId, workspaceId: scope.workspaceId },
        include: { jobs: { include: { account: { select: { username: true } } } } },
      })
    : null;
  if (!group) throw notFound("Post group");
  const stored = group.targets as StoredTarget[];
  const byAccount = shownJobs(group.jobs);
  const targets = stored.flatMap((t) => {
    const job = byAccount.get(t.accountId);
    if (!job) return [];
    const view = presentJob(job, job.account);
    return [
      {
        accountId: view.accountId,
        provider: view.platform,
        username: view.username,
        jobId: view.jobId,
        scheduledPostId: view.scheduledPostId,
        status: view.status,
        postId: view.postId,
        permalink: view.permalink,
        sandboxUrl: view.sandboxUrl,
        ...(view.error ? { error: view.error } : {}),
        ...(view.firstComment ? { firstComment: view.firstComment } : {}),
        ...(t.warnings.length ? { warnings: t.warnings } : {}),
      },
    ];
  });
  const approval = await approvalView(group.id);
  const waiting = group.approvalStatus === "pending" || group.approvalStatus === "rejected";
  return {
    postGroupId: group.id,
    requestId: group.requestId,
    status: waiting ? (approval!.status as "pending_approval" | "rejected") : groupStatus(targets.map((t) => t.status)),
    scheduledAt: group.scheduledAt?.toISOString() ?? null,
    createdAt: group.createdAt.toISOString(),
    ...(group.repeat ? { repeat: seriesView(group.repeat as RepeatRule, group.seriesEndedAt !== null, group.jobs) } : {}),
    ...(group.evergreen ? { evergreen: true } : {}),
    ...(approval ? { approval } : {}),
    targets,
  };
}

/** The group's status from its jobs' (see postGroupStatusSchema). */
export function groupStatus(statuses: JobStatus[]): PostGroupView["status"] {
  if (statuses.some((s) => s === "queued" || s === "processing")) return "processing";
  // a scheduled group stays scheduled while some of its posts wait (others may be canceled)
  if (statuses.some((s) => s === "scheduled")) return "scheduled";
  if (statuses.every((s) => s === "published")) return "published";
  if (statuses.every((s) => s === "canceled")) return "canceled";
  return statuses.some((s) => s === "published") ? "partial" : "failed";
}

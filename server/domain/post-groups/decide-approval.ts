// Approving or rejecting a group that waits (docs/teams.md, "Approvals"). Nothing publishes late
// by itself: when the group's time has passed, the approver gives a new time or publishNow.
// A rejected group goes back to its author with the reason (a comment on it and an email).
import { db, withTransaction } from "../../db.ts";
import { AppError, fieldError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/enqueue-email.ts";
import { env } from "../../env.ts";
import { assertCan, actorUserId, type Scope } from "../access.ts";
import { actorOf } from "../audit/record-audit.ts";
import { isUuid } from "../ids.ts";
import { approvalView, excerpt } from "./approval-view.ts";
import { approveGroupJobs } from "./create-post-group.ts";
import {
  approvePostGroupBody,
  rejectPostGroupBody,
  type ApprovePostGroup,
  type PostGroupAccepted,
  type PostGroupBody,
  type RejectPostGroup,
} from "./post-groups.schema.ts";

async function pendingGroup(scope: Scope, postGroupId: string) {
  const group = isUuid(postGroupId) ? await db.postGroup.findFirst({ where: { id: postGroupId, workspaceId: scope.workspaceId } }) : null;
  if (!group) throw notFound("Post group");
  if (group.approvalStatus !== "pending") {
    throw new AppError(
      "CONFLICT",
      group.approvalStatus ? `This post group was already ${group.approvalStatus}` : "This post group does not wait for approval",
      {
        approvalStatus: group.approvalStatus,
      },
    );
  }
  return group;
}

export async function approvePostGroup(scope: Scope, postGroupId: string, raw: ApprovePostGroup, decidedBy?: string): Promise<PostGroupAccepted> {
  assertCan(scope, "content.approve");
  const input = approvePostGroupBody.parse(raw);
  const group = await pendingGroup(scope, postGroupId);
  const request = group.pendingRequest as PostGroupBody;
  let body: PostGroupBody = request;
  if (input.publishNow) {
    body = { ...request, scheduledAt: undefined, queue: undefined };
  } else if (input.scheduledAt) {
    if (new Date(input.scheduledAt).getTime() <= Date.now()) throw fieldError("scheduledAt", "must be in the future", "in_past");
    body = { ...request, scheduledAt: input.scheduledAt, timezone: input.timezone ?? request.timezone, queue: undefined };
  } else if (request.scheduledAt && new Date(request.scheduledAt).getTime() <= Date.now()) {
    throw new AppError(
      "CONFLICT",
      `This post group was to publish at ${request.scheduledAt}, which has passed: approve it with a new scheduledAt, or with publishNow: true`,
      {
        scheduledAt: request.scheduledAt,
      },
    );
  }
  const accepted = await approveGroupJobs(scope, group.id, body, decidedBy ?? (await actorOf(scope)).label);
  if (!accepted) await pendingGroup(scope, postGroupId); // decided meanwhile by someone else: says how
  return { ...accepted!, approval: (await approvalView(group.id))! };
}

export async function rejectPostGroup(scope: Scope, postGroupId: string, raw: RejectPostGroup, decidedBy?: string): Promise<PostGroupAccepted> {
  assertCan(scope, "content.approve");
  const input = rejectPostGroupBody.parse(raw);
  const group = await pendingGroup(scope, postGroupId);
  const who = decidedBy ?? (await actorOf(scope)).label;
  const author = group.authorUserId ? await db.user.findUnique({ where: { id: group.authorUserId }, select: { email: true } }) : null;
  const rejected = await withTransaction(async (q) => {
    const rows = await q(
      "post-group-reject",
      `UPDATE "PostGroup" SET "approvalStatus" = 'rejected', "rejectionReason" = $3, "approvalDecidedAt" = now(), "approvalDecidedBy" = $4
        WHERE id = $1 AND "workspaceId" = $2 AND "approvalStatus" = 'pending' RETURNING id`,
      [group.id, scope.workspaceId, input.reason, who],
    );
    if (rows.length === 0) return false;
    await q(
      "post-group-reject-comment",
      `INSERT INTO "Comment" ("workspaceId", "postGroupId", "authorUserId", "authorName", kind, body) VALUES ($1, $2, $3, $4, 'rejected', $5)`,
      [scope.workspaceId, group.id, actorUserId(scope) ?? null, who, input.reason],
    );
    if (author) {
      await enqueueEmail(q, {
        workspaceId: scope.workspaceId,
        kind: "approval_rejected",
        to: author.email,
        subject: `Changes needed: ${excerpt((group.content as { text?: string }).text ?? "")}`,
        heading: "Your post was returned to you",
        paragraphs: [`${who} did not approve your post:`, input.reason],
        action: { label: "Open it", url: `${env().publicUrl}/approvals?group=${group.id}` },
      });
    }
    return true;
  });
  if (!rejected) await pendingGroup(scope, postGroupId);
  return { postGroupId: group.id, targets: [], approval: (await approvalView(group.id))! };
}

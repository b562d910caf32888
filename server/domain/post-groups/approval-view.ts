// How a group's approval is shown (the `approval` object of post-group answers) and the emails
// that ask approvers to look at one.
import { db, type TxSql } from "../../db.ts";
import { env } from "../../env.ts";
import { enqueueEmail } from "../../mail/enqueue-email.ts";
import type { Scope } from "../access.ts";
import type { StoredTarget } from "./create-post-group.ts";
import type { PostGroupApproval } from "./post-groups.schema.ts";

export type ApprovalStatus = "pending" | "approved" | "rejected";

const shownStatus = { pending: "pending_approval", approved: "approved", rejected: "rejected" } as const;

const targetsOf = (stored: StoredTarget[]) =>
  stored.map((t) => ({ accountId: t.accountId, provider: t.provider, ...(t.warnings.length ? { warnings: t.warnings } : {}) }));

export function pendingApproval(requestedBy: string, stored: StoredTarget[]): PostGroupApproval {
  return { status: "pending_approval", requestedBy, decidedBy: null, decidedAt: null, reason: null, targets: targetsOf(stored) };
}

/** The approval of a group, or null for a group that never needed one. */
export async function approvalView(groupId: string): Promise<PostGroupApproval | null> {
  const group = await db.postGroup.findUnique({ where: { id: groupId } });
  if (!group?.approvalStatus) return null;
  const author = group.authorUserId ? await db.user.findUnique({ where: { id: group.authorUserId }, select: { email: true } }) : null;
  return {
    status: shownStatus[group.approvalStatus as ApprovalStatus],
    requestedBy: author?.email ?? null,
    decidedBy: group.approvalDecidedBy,
    decidedAt: group.approvalDecidedAt?.toISOString() ?? null,
    reason: group.rejectionReason,
    targets: targetsOf(group.targets as StoredTarget[]),
  };
}

export const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text) || "(no text)";

/** Every member who may approve, but the author, gets an email (in the group's transaction). */
export async function emailApprovers(
  q: TxSql,
  scope: Scope,
  group: { groupId: string; author: string; text: string; scheduledAt: string | null },
): Promise<void> {
  const approvers = await q<{ email: string }>(
    "approvers-of-workspace",
    `SELECT u.email FROM "Membership" m JOIN "User" u ON u.id = m."userId"
      WHERE m."workspaceId" = $1 AND m.role IN ('OWNER', 'ADMIN', 'EDITOR') AND u.email <> $2`,
    [scope.workspaceId, group.author],
  );
  for (const { email } of approvers) {
    await enqueueEmail(q, {
      workspaceId: scope.workspaceId,
      kind: "approval_requested",
      to: email,
      subject: `Approval requested: ${excerpt(group.text)}`,
      heading: "A post is waiting for your approval",
      paragraphs: [
        `${group.author} submitted a post${group.scheduledAt ? ` for ${new Date(group.scheduledAt).toUTCString()}` : ""}:`,
        excerpt(group.text),
        "Nothing is scheduled or published until someone approves it.",
      ],
      action: { label: "Review it", url: `${env().publicUrl}/approvals?group=${group.groupId}` },
    });
  }
}

// A client's answer on a review link, per post group: approve, or ask for changes with a comment.
// The answer is always kept as a comment on the group (its author's name as the client gave it,
// and the link). An approval also approves a group waiting for approval, but only where the
// workspace allows client approval (Settings → General); elsewhere the team reads it and decides.
// A change request emails the group's author.
//
// The page sends a submissionId per form, used as the comment's id: a second submission of the
// same answer (a double click, a retry after a lost response) inserts nothing and answers as the
// first. The approval is attempted on every submission while the group still waits, so a crash
// between the comment and the approval is healed by the client's retry; approving twice writes
// one set of jobs (decide-approval.ts).
import { db, withTransaction } from "../../db.ts";
import { notFound, toAppError } from "../../errors.ts";
import { env } from "../../env.ts";
import { enqueueEmail } from "../../mail/enqueue-email.ts";
import { systemScope } from "../../scope.ts";
import { linkActor, recordAuditAs } from "../audit/record-audit.ts";
import { approvePostGroup } from "../post-groups/decide-approval.ts";
import { excerpt } from "../post-groups/approval-view.ts";
import { findReviewLink, reviewLinkRefused } from "./open-review-link.ts";
import { reviewResponseInput, type ReviewResponseInput } from "./review-links.schema.ts";

export type ReviewOutcome = {
  /** approved: the group was approved and is scheduled (or publishing); noted: the answer is kept for the team */
  outcome: "approved" | "noted";
  /** why an approval did not approve, in words for the client */
  note: string | null;
};

export async function respondToReviewLink(raw: ReviewResponseInput, address: string | null): Promise<ReviewOutcome> {
  const input = reviewResponseInput.parse(raw);
  const found = await findReviewLink(input.token);
  if ("refusal" in found) throw reviewLinkRefused(found.refusal);
  const { link } = found;
  if (!link.postGroupIds.includes(input.postGroupId)) throw notFound("Post group");
  const group = await db.postGroup.findFirst({ where: { id: input.postGroupId, workspaceId: link.workspaceId } });
  if (!group) throw notFound("Post group");
  const kind = input.decision === "approve" ? "approved" : "changes_requested";
  const fresh = await withTransaction(async (q) => {
    // the link row, locked against a revocation committing meanwhile: an answer is taken only while it opens
    const [now] = await q<{ revoked: boolean; expired: boolean }>(
      "review-link-lock",
      `SELECT "revokedAt" IS NOT NULL AS revoked, "expiresAt" <= now() AS expired FROM "ReviewLink" WHERE id = $1 FOR SHARE`,
      [link.id],
    );
    if (!now || now.revoked || now.expired) throw reviewLinkRefused(!now ? "unknown" : now.revoked ? "revoked" : "expired");
    const inserted = await q(
      "review-link-comment",
      `INSERT INTO "Comment" (id, "workspaceId", "postGroupId", "reviewLinkId", "authorName", kind, body) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [input.submissionId, link.workspaceId, group.id, link.id, input.name, kind, input.comment],
    );
    if (inserted.length === 0) return false;
    if (kind === "changes_requested" && group.authorUserId) {
      const author = await db.user.findUnique({ where: { id: group.authorUserId }, select: { email: true } });
      if (author) {
        await enqueueEmail(q, {
          workspaceId: link.workspaceId,
          kind: "review_changes_requested",
          to: author.email,
          subject: `${input.name} asked for changes: ${excerpt((group.content as { text?: string }).text ?? "")}`,
          heading: "Your client asked for changes",
          paragraphs: [`${input.name} reviewed your post through a review link and asked for changes:`, input.comment],
          action: { label: "Open it", url: `${env().publicUrl}/calendar?postGroup=${group.id}` },
        });
      }
    }
    return true;
  });
  if (fresh) {
    await recordAuditAs(link.workspaceId, linkActor("reviewLink", link.id, input.name), {
      door: "link",
      action: kind === "approved" ? "reviewLinks.approve" : "reviewLinks.requestChanges",
      resourceType: "postGroup",
      resourceId: group.id,
      address,
    });
  }
  if (kind !== "approved") return { outcome: "noted", note: null };
  return approveForClient(link.workspaceId, group.id, input.name);
}

async function approveForClient(workspaceId: string, postGroupId: string, name: string): Promise<ReviewOutcome> {
  const [workspace, group] = await Promise.all([
    db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { clientApprovalAllowed: true } }),
    db.postGroup.findUniqueOrThrow({ where: { id: postGroupId }, select: { approvalStatus: true } }),
  ]);
  if (group.approvalStatus === "approved") return { outcome: "approved", note: null };
  if (group.approvalStatus !== "pending") return { outcome: "noted", note: null };
  if (!workspace.clientApprovalAllowed) return { outcome: "noted", note: "Your approval was passed on to the team, who will schedule the post." };
  try {
    await approvePostGroup(await systemScope(workspaceId), postGroupId, {}, `${name} (client review link)`);
    return { outcome: "approved", note: null };
  } catch (err) {
    const app = toAppError(err);
    if (app.code !== "CONFLICT" && app.code !== "VALIDATION_ERROR") throw err;
    // its time has passed, or someone decided it meanwhile: the team picks up from the comment
    const now = await db.postGroup.findUniqueOrThrow({ where: { id: postGroupId }, select: { approvalStatus: true } });
    if (now.approvalStatus === "approved") return { outcome: "approved", note: null };
    if (now.approvalStatus !== "pending") return { outcome: "noted", note: null };
    return { outcome: "noted", note: "Your approval was passed on to the team: the time planned for this post has passed, so they will choose a new one." };
  }
}

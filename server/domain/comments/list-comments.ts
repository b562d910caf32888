// A thread, oldest first. Every member may read it (a viewer reads everything); a key needs posts:read.
import { db, type Comment } from "../../db.ts";
import type { Scope } from "../access.ts";
import { findCommentTarget } from "./comment-target.ts";
import { MAX_LISTED_COMMENTS, type CommentTarget, type CommentView } from "./comments.schema.ts";

export async function listComments(scope: Scope, target: CommentTarget): Promise<{ comments: CommentView[] }> {
  const found = await findCommentTarget(scope, target);
  const newest = await db.comment.findMany({
    where: { workspaceId: scope.workspaceId, ...(found.postGroupId ? { postGroupId: found.postGroupId } : { draftId: found.draftId }) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_LISTED_COMMENTS,
  });
  return { comments: await presentComments(newest.reverse()) };
}

export async function presentComments(comments: Comment[]): Promise<CommentView[]> {
  const ids = [...new Set(comments.flatMap((c) => c.mentions))];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } }) : [];
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  return comments.map((c) => ({
    commentId: c.id,
    kind: c.kind as CommentView["kind"],
    body: c.body,
    author: { userId: c.authorUserId, name: c.authorName, client: c.reviewLinkId !== null },
    // a mentioned person whose account is gone is left out
    mentions: c.mentions.flatMap((userId) => (emailOf.has(userId) ? [{ userId, email: emailOf.get(userId)! }] : [])),
    createdAt: c.createdAt.toISOString(),
  }));
}

// Adding a comment (docs/teams.md, "Comments"): content.draft, so a viewer cannot; a key is bounded
// by posts:write. Each mentioned member but the author gets one email, written in the comment's
// transaction: a comment that is not stored sends nothing, and one that is always sends. With a
// requestId the comment is added once: the unique (workspaceId, requestId) decides between
// concurrent duplicates, and a retry answers the comment made first.
import { db, sql, withTransaction } from "../../db.ts";
import { AppError, fieldError } from "../../errors.ts";
import { enqueueEmail } from "../../mail/enqueue-email.ts";
import { assertCan, type Scope } from "../access.ts";
import { actorOf } from "../audit/record-audit.ts";
import { excerpt } from "../post-groups/approval-view.ts";
import { findCommentTarget, type FoundTarget } from "./comment-target.ts";
import { addCommentBody, type AddCommentBody, type CommentTarget, type CommentView } from "./comments.schema.ts";
import { presentComments } from "./list-comments.ts";

export type AddedComment = { replay: boolean; comment: CommentView };

export async function addComment(scope: Scope, target: CommentTarget, raw: AddCommentBody): Promise<AddedComment> {
  assertCan(scope, "content.draft");
  const input = addCommentBody.parse(raw);
  const found = await findCommentTarget(scope, target);
  const mentions = [...new Set(input.mentions ?? [])];
  if (input.requestId) {
    const earlier = await replayOf(scope, input.requestId, found, input.body, mentions);
    if (earlier) return earlier;
  }
  const members = await membersAmong(scope, mentions);
  const strangers = mentions.filter((id) => !members.has(id));
  if (strangers.length) throw fieldError("mentions", `not members of this workspace: ${strangers.join(", ")}`, "not_member");
  const author = await authorOf(scope);
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: scope.workspaceId }, select: { name: true } });

  const id = await withTransaction(async (q) => {
    const [row] = await q<{ id: string }>(
      "comment-add",
      `INSERT INTO "Comment" ("workspaceId", "postGroupId", "draftId", "authorUserId", "authorName", kind, body, mentions, "requestId")
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::text, 'note', $6::text, $7::uuid[], $8::uuid)
       ON CONFLICT ("workspaceId", "requestId") DO NOTHING RETURNING id`,
      [scope.workspaceId, found.postGroupId, found.draftId, author.userId, author.name, input.body, mentions, input.requestId ?? null],
    );
    if (!row) return null;
    for (const userId of mentions) {
      if (userId === author.userId) continue;
      await enqueueEmail(q, {
        workspaceId: scope.workspaceId,
        kind: "comment_mention",
        to: members.get(userId)!,
        subject: `${author.name} mentioned you on a ${found.what} in ${workspace.name}`,
        heading: `${author.name} mentioned you`,
        paragraphs: [`On the ${found.what} “${excerpt(found.text)}”:`, input.body],
        action: { label: found.what === "draft" ? "Open the draft" : "Open the post", url: found.url },
      });
    }
    return row.id;
  });
  // a concurrent call with the same requestId stored its comment first
  if (!id) return (await replayOf(scope, input.requestId!, found, input.body, mentions))!;
  const comment = await db.comment.findUniqueOrThrow({ where: { id } });
  return { replay: false, comment: (await presentComments([comment]))[0]! };
}

/** The comment an earlier call with this requestId made; 409 when it was another comment. */
async function replayOf(scope: Scope, requestId: string, found: FoundTarget, body: string, mentions: string[]): Promise<AddedComment | null> {
  const earlier = await db.comment.findUnique({ where: { workspaceId_requestId: { workspaceId: scope.workspaceId, requestId } } });
  if (!earlier) return null;
  const same =
    earlier.postGroupId === found.postGroupId &&
    earlier.draftId === found.draftId &&
    earlier.body === body &&
    [...earlier.mentions].sort().join() === [...mentions].sort().join();
  if (!same) {
    throw new AppError("REQUEST_CONFLICT", "This requestId was already used for another comment; use a new requestId for a new comment", {
      commentId: earlier.id,
    });
  }
  return { replay: true, comment: (await presentComments([earlier]))[0]! };
}

/** The mentioned users who are members now, with their email. */
async function membersAmong(scope: Scope, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await sql<{ userId: string; email: string }>(
    "comment-mentioned-members",
    `SELECT m."userId", u.email FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE m."workspaceId" = $1::uuid AND m."userId" = ANY($2::uuid[])`,
    [scope.workspaceId, userIds],
  );
  return new Map(rows.map((r) => [r.userId, r.email]));
}

/** A member signs with their name (or email); a key is not a person: its name and prefix, and no userId. */
async function authorOf(scope: Scope): Promise<{ userId: string | null; name: string }> {
  if (scope.actor.kind === "user") {
    const user = await db.user.findUniqueOrThrow({ where: { id: scope.actor.userId }, select: { name: true, email: true } });
    return { userId: scope.actor.userId, name: user.name?.trim() || user.email };
  }
  return { userId: null, name: (await actorOf(scope)).label };
}

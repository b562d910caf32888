// Comments (issue 50 point 5): a thread of internal notes on a post group or a draft, with
// mentions of members. Client review links write into the same thread (kinds
// changes_requested and approved), and rejections of approvals add their reason (rejected).
import { z } from "zod";

export const MAX_COMMENT_LENGTH = 5000;
export const MAX_MENTIONS = 20;
/** a thread answers its last comments, oldest first */
export const MAX_LISTED_COMMENTS = 500;

export const commentKindSchema = z.enum(["note", "changes_requested", "approved", "rejected"]).meta({
  description: "note: a member's or key's comment; changes_requested or approved: a client's decision through a review link; rejected: an approver's reason",
});

export const addCommentBody = z
  .strictObject({
    body: z
      .string()
      .trim()
      .min(1)
      .max(MAX_COMMENT_LENGTH)
      .meta({ description: `The comment, 1 to ${MAX_COMMENT_LENGTH} characters (surrounding spaces are trimmed)` }),
    mentions: z
      .array(z.uuid())
      .max(MAX_MENTIONS)
      .optional()
      .meta({ description: `Members to notify: up to ${MAX_MENTIONS} userIds of the workspace's members; each one but the author gets an email` }),
    requestId: z.uuid().optional().meta({
      description: "Idempotency key: the same requestId with the same comment answers the comment made first (200); with another comment 409 REQUEST_CONFLICT",
    }),
  })
  .meta({ id: "AddCommentRequest" });
export type AddCommentBody = z.input<typeof addCommentBody>;

export const commentSchema = z
  .object({
    commentId: z.uuid(),
    kind: commentKindSchema,
    body: z.string(),
    author: z.object({
      userId: z.uuid().nullable().meta({ description: "The member who wrote it; null for an API key or a client" }),
      name: z.string().meta({ description: "A member's name (or email), an API key's name and prefix, or the name a client gave" }),
      client: z.boolean().meta({ description: "true when a client wrote it through a review link" }),
    }),
    mentions: z.array(z.object({ userId: z.uuid(), email: z.string() })),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Comment" });
export type CommentView = z.infer<typeof commentSchema>;

export const commentListSchema = z
  .object({ comments: z.array(commentSchema).meta({ description: `Oldest first: the last ${MAX_LISTED_COMMENTS} of the thread` }) })
  .meta({ id: "CommentList" });

/** What a comment is on: exactly one of a post group and a draft of the workspace. */
export type CommentTarget = { postGroupId: string; draftId?: undefined } | { draftId: string; postGroupId?: undefined };

/** The tools' and the dashboard's way to name the target: one of the two ids. */
export const commentTargetInput = z.strictObject({
  postGroupId: z.uuid().optional().meta({ description: "The post group whose thread it is (give this or draftId)" }),
  draftId: z.uuid().optional().meta({ description: "The draft whose thread it is (give this or postGroupId)" }),
});

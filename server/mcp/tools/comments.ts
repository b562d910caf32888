import { addComment } from "../../domain/comments/add-comment.ts";
import { oneTarget } from "../../domain/comments/comment-target.ts";
import { addCommentBody, commentListSchema, commentSchema, commentTargetInput } from "../../domain/comments/comments.schema.ts";
import { listComments } from "../../domain/comments/list-comments.ts";
import { defineTool } from "../tool.ts";

export const listCommentsTool = defineTool({
  name: "list_comments",
  title: "List the comments on a post group or draft",
  scope: "posts:read",
  description:
    "The thread of a post group (postGroupId) or a draft (draftId): give exactly one. Oldest first: members' and keys' notes (kind note), clients' decisions through review links (changes_requested, approved; author.client true) and approvers' rejection reasons (rejected).",
  input: commentTargetInput,
  output: commentListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => listComments(scope, oneTarget(input)),
});

export const addCommentTool = defineTool({
  name: "add_comment",
  title: "Comment on a post group or draft",
  scope: "posts:write",
  description:
    "Adds a note to the thread of a post group (postGroupId) or a draft (draftId): give exactly one. body 1 to 5000 characters; mentions: userIds of the workspace's members (each gets an email); requestId (a new UUID per comment, kept on retries) makes a retried call answer the first comment instead of adding another. The comment is signed with the API key's name.",
  input: commentTargetInput.extend(addCommentBody.shape),
  output: commentSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async (scope, { postGroupId, draftId, ...body }) => (await addComment(scope, oneTarget({ postGroupId, draftId }), body)).comment,
});

import { z } from "zod";
import { addCommentBody, commentListSchema, commentSchema } from "../../domain/comments/comments.schema.ts";
import { defineOperation } from "../operation.ts";

const params = z.strictObject({ id: z.uuid() });

const comment = {
  commentId: "3f6b1c2d-8e4a-4d5b-9c7e-1a2b3c4d5e6f",
  kind: "note",
  body: "@Erin can you check the price in the second line?",
  author: { userId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", name: "Casey", client: false },
  mentions: [{ userId: "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e", email: "erin@example.com" }],
  createdAt: "2026-12-01T09:30:00.000Z",
};
const clientComment = {
  commentId: "4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d",
  kind: "changes_requested",
  body: "Please use the new logo",
  author: { userId: null, name: "Dana (client)", client: true },
  mentions: [],
  createdAt: "2026-12-01T10:05:00.000Z",
};

const listDescription = (what: string) =>
  `The comments on the ${what}, oldest first (its last 500): members' and API keys' notes, client decisions through review links (\`changes_requested\`, \`approved\`, with \`author.client\` true) and approvers' rejection reasons (\`rejected\`). Every member may read them.`;
const addDescription = (what: string) =>
  [
    `Adds a note to the ${what}'s thread. \`mentions\` are userIds of the workspace's members (a userId that is not a member is 422 on \`mentions\`, and nothing is added); each mentioned member but the author gets an email linking to the ${what}. An API key's comment is signed with its name and prefix.`,
    "",
    "**201** when added. Idempotency: with a `requestId`, the same `requestId` and comment again answers the comment made first (**200**) and adds and sends nothing; with another comment **409** `REQUEST_CONFLICT`. A member's role must allow writing drafts (a viewer's does not: 403 `FORBIDDEN`, `details.permission` `content.draft`).",
  ].join("\n");

const addResponses = {
  201: { description: "Added", schema: commentSchema, example: comment },
  200: { description: "The same requestId and comment again: the comment made first", schema: commentSchema, example: comment },
};

export const listPostGroupCommentsOp = defineOperation({
  operationId: "listPostGroupComments",
  method: "GET",
  path: "/api/v1/post-groups/{id}/comments",
  tag: "Comments",
  scope: "posts:read",
  summary: "List a post group's comments",
  description: listDescription("post group"),
  params,
  responses: { 200: { description: "The thread", schema: commentListSchema, example: { comments: [comment, clientComment] } } },
  errors: ["NOT_FOUND"],
});

export const addPostGroupCommentOp = defineOperation({
  operationId: "addPostGroupComment",
  method: "POST",
  path: "/api/v1/post-groups/{id}/comments",
  tag: "Comments",
  scope: "posts:write",
  summary: "Comment on a post group",
  description: addDescription("post group"),
  params,
  body: addCommentBody,
  bodyExample: {
    body: "@Erin can you check the price in the second line?",
    mentions: ["1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e"],
    requestId: "6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b",
  },
  responses: addResponses,
  errors: ["NOT_FOUND", "FORBIDDEN", "REQUEST_CONFLICT"],
});

export const listDraftCommentsOp = defineOperation({
  operationId: "listDraftComments",
  method: "GET",
  path: "/api/v1/drafts/{id}/comments",
  tag: "Comments",
  scope: "posts:read",
  summary: "List a draft's comments",
  description: listDescription("draft"),
  params,
  responses: { 200: { description: "The thread", schema: commentListSchema, example: { comments: [comment] } } },
  errors: ["NOT_FOUND"],
});

export const addDraftCommentOp = defineOperation({
  operationId: "addDraftComment",
  method: "POST",
  path: "/api/v1/drafts/{id}/comments",
  tag: "Comments",
  scope: "posts:write",
  summary: "Comment on a draft",
  description: addDescription("draft"),
  params,
  body: addCommentBody,
  bodyExample: { body: "Shorter, please", requestId: "7f8a9b0c-1d2e-4f3a-9b4c-5d6e7f8a9b0c" },
  responses: addResponses,
  errors: ["NOT_FOUND", "FORBIDDEN", "REQUEST_CONFLICT"],
});

import { z } from "zod";
import { createReviewLink, listReviewLinks, revokeReviewLink } from "../../domain/review-links/manage-review-links.ts";
import {
  createReviewLinkBody,
  reviewLinkListSchema,
  reviewLinkParams,
  reviewLinkSchema,
  reviewLinkWithUrlSchema,
} from "../../domain/review-links/review-links.schema.ts";
import { defineTool } from "../tool.ts";

export const createReviewLinkTool = defineTool({
  name: "create_review_link",
  title: "Create a client review link",
  scope: "posts:approve",
  description:
    "A page to send to a client (no Posteady login) showing post groups' previews on every platform; the client, giving a name, approves each or asks for changes with a comment. Answers become comments on the groups; an approval approves a group waiting for approval only when the workspace allows client approval. postGroupIds: 1 to 50 (a week's plan on one page); optional expiresAt (default 14 days, at most 90). Answers the url, shown only here.",
  input: createReviewLinkBody,
  output: reviewLinkWithUrlSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (scope, input) => createReviewLink(scope, input),
});

export const listReviewLinksTool = defineTool({
  name: "list_review_links",
  title: "List client review links",
  scope: "posts:read",
  description:
    "The workspace's client review links, newest first: their post groups, the number of client answers, expiry and status (active, expired, revoked); never their url.",
  input: z.strictObject({}),
  output: reviewLinkListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope) => listReviewLinks(scope),
});

export const revokeReviewLinkTool = defineTool({
  name: "revoke_review_link",
  title: "Revoke a client review link",
  scope: "posts:approve",
  description: "Stops a client review link at once (its page answers 410 and says it was withdrawn); answers already sent stay as comments. Answers the link.",
  input: z.strictObject({ reviewLinkId: reviewLinkParams.shape.id.meta({ description: "A reviewLinkId of create_review_link or list_review_links" }) }),
  output: reviewLinkSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: (scope, input) => revokeReviewLink(scope, input.reviewLinkId),
});

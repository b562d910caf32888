import {
  createReviewLinkBody,
  reviewLinkListSchema,
  reviewLinkParams,
  reviewLinkSchema,
  reviewLinkWithUrlSchema,
} from "../../domain/review-links/review-links.schema.ts";
import { defineOperation } from "../operation.ts";

const reviewLink = {
  reviewLinkId: "8b1f0c2d-4e5a-4b6c-8d7e-9f0a1b2c3d4e",
  postGroupIds: ["3f6c1e2a-7b8d-4c9e-a0f1-2b3c4d5e6f70"],
  expiresAt: "2026-12-15T09:00:00.000Z",
  status: "active",
  createdBy: "ana@agency.example",
  responses: 0,
  revokedAt: null,
  createdAt: "2026-12-01T09:00:00.000Z",
};

export const createReviewLinkOp = defineOperation({
  operationId: "createReviewLink",
  method: "POST",
  path: "/api/v1/review-links",
  tag: "Review links",
  scope: "posts:approve",
  summary: "Create a client review link",
  description: [
    "A page for someone without a Posteady login (a client) to review post groups: it shows each group's preview on every platform, its time and state, and lets the client, giving their name, approve it or ask for changes with a comment. Every answer becomes a comment on the group; an approval approves a group waiting for approval only when the workspace allows client approval (Settings → General), otherwise it is a comment for the team.",
    "",
    "Give one group, or several (a week's plan) to review on one page. Default expiry 14 days, at most 90. The `url` holds the link's secret and is answered only here: only its hash is kept. A revoked or expired link answers 410 with a page that says so.",
  ].join("\n"),
  body: createReviewLinkBody,
  bodyExample: { postGroupIds: ["3f6c1e2a-7b8d-4c9e-a0f1-2b3c4d5e6f70"] },
  responses: {
    201: {
      description: "Created; `url` is shown only here",
      schema: reviewLinkWithUrlSchema,
      example: { ...reviewLink, url: "https://posteady.example/review/qF3n0Zb7kQ2vX9mL1sT4wY6uA8cE5gH0jK2nP4rS6tU" },
    },
  },
});

export const listReviewLinksOp = defineOperation({
  operationId: "listReviewLinks",
  method: "GET",
  path: "/api/v1/review-links",
  tag: "Review links",
  scope: "posts:read",
  summary: "List client review links",
  description:
    "The workspace's review links, newest first (at most 200), with their groups, the number of answers clients sent and their status; never their URL.",
  responses: { 200: { description: "The workspace's review links", schema: reviewLinkListSchema, example: { reviewLinks: [reviewLink] } } },
});

export const revokeReviewLinkOp = defineOperation({
  operationId: "revokeReviewLink",
  method: "DELETE",
  path: "/api/v1/review-links/{id}",
  tag: "Review links",
  scope: "posts:approve",
  summary: "Revoke a client review link",
  description:
    "The link stops working at once: its page answers 410 and says it was withdrawn, and an answer sent after this is refused. Answers already sent stay as comments. Revoking it again answers it as it is.",
  params: reviewLinkParams,
  responses: {
    200: { description: "The revoked link", schema: reviewLinkSchema, example: { ...reviewLink, status: "revoked", revokedAt: "2026-12-02T10:00:00.000Z" } },
  },
  errors: ["NOT_FOUND"],
});

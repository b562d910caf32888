import { approvalListSchema, listApprovalsQuery } from "../../domain/post-groups/list-approvals.ts";
import { approvePostGroupBody, postGroupAcceptedSchema, postGroupIdParams, rejectPostGroupBody } from "../../domain/post-groups/post-groups.schema.ts";
import { defineOperation } from "../operation.ts";

const decided = (status: "approved" | "rejected") => ({
  postGroupId: "5b9e2c1d-3f4a-4b6c-8d7e-9f0a1b2c3d4e",
  targets:
    status === "approved"
      ? [
          {
            accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
            provider: "x",
            jobId: "c1e2d3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
            scheduledPostId: "7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a",
            status: "scheduled",
          },
        ]
      : [],
  approval: {
    status,
    requestedBy: "casey@example.com",
    decidedBy: "erin@example.com",
    decidedAt: "2026-11-30T16:02:11.000Z",
    reason: status === "rejected" ? "Use the new logo" : null,
    targets: [{ accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11", provider: "x" }],
  },
});

export const listApprovalsOp = defineOperation({
  operationId: "listApprovals",
  method: "GET",
  path: "/api/v1/approvals",
  tag: "Approvals",
  scope: "posts:read",
  summary: "List post groups waiting for approval",
  description:
    "Post groups that wait for an editor's approval (`status=pending_approval`, oldest first), or those returned to their authors (`status=rejected`, newest first, with the reason). A group waits when a contributor creates it, or anyone when the workspace's setting \"every post needs approval\" is on (an API key with the scope `posts:approve` excepted). See docs/teams.md.",
  query: listApprovalsQuery,
  responses: {
    200: {
      description: "The groups",
      schema: approvalListSchema,
      example: {
        items: [
          {
            postGroupId: "5b9e2c1d-3f4a-4b6c-8d7e-9f0a1b2c3d4e",
            status: "pending_approval",
            text: "Our spring collection is here",
            scheduledAt: "2026-12-01T08:00:00.000Z",
            createdAt: "2026-11-30T15:40:00.000Z",
            requestedBy: "casey@example.com",
            reason: null,
            decidedBy: null,
            targets: [{ accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11", provider: "x", username: "acme" }],
          },
        ],
      },
    },
  },
});

export const approvePostGroupOp = defineOperation({
  operationId: "approvePostGroup",
  method: "POST",
  path: "/api/v1/post-groups/{id}/approve",
  tag: "Approvals",
  scope: "posts:approve",
  summary: "Approve a post group",
  description:
    "The group's targets are checked again as they stand now and become jobs, scheduled at the group's time (or published now when it had none, or queued into slots for a queued group). When the group's time has passed nothing publishes late by itself: **409** `CONFLICT` asks for a new `scheduledAt` or `publishNow: true`. **409** also when the group was already approved or rejected (two approvers make one set of jobs).",
  params: postGroupIdParams,
  body: approvePostGroupBody,
  bodyExamples: {
    asPlanned: { summary: "At the group's own time", value: {} },
    newTime: { summary: "Its time has passed: a new one", value: { scheduledAt: "2026-12-01T09:00:00+01:00", timezone: "Europe/Berlin" } },
    now: { summary: "Publish as soon as approved", value: { publishNow: true } },
  },
  responses: { 200: { description: "Approved: one job per target", schema: postGroupAcceptedSchema, example: decided("approved") } },
  errors: ["NOT_FOUND", "CONFLICT", "FORBIDDEN"],
});

export const rejectPostGroupOp = defineOperation({
  operationId: "rejectPostGroup",
  method: "POST",
  path: "/api/v1/post-groups/{id}/reject",
  tag: "Approvals",
  scope: "posts:approve",
  summary: "Reject a post group, returning it to its author",
  description:
    "The group is never published; its author gets the `reason` by email and as a comment on the group, and it is listed in `GET /api/v1/approvals?status=rejected`. **409** when it was already approved or rejected.",
  params: postGroupIdParams,
  body: rejectPostGroupBody,
  bodyExample: { reason: "Use the new logo" },
  responses: { 200: { description: "Rejected", schema: postGroupAcceptedSchema, example: decided("rejected") } },
  errors: ["NOT_FOUND", "CONFLICT", "FORBIDDEN"],
});

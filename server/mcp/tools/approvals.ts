import { z } from "zod";
import { approvePostGroup, rejectPostGroup } from "../../domain/post-groups/decide-approval.ts";
import { approvalListSchema, listApprovals, listApprovalsQuery } from "../../domain/post-groups/list-approvals.ts";
import { approvePostGroupBody, postGroupAcceptedSchema, postGroupIdParams, rejectPostGroupBody } from "../../domain/post-groups/post-groups.schema.ts";
import { defineTool } from "../tool.ts";

const postGroupId = postGroupIdParams.shape.id.meta({ description: "The postGroupId of a group waiting for approval (list_approvals)" });

export const listApprovalsTool = defineTool({
  name: "list_approvals",
  scope: "posts:read",
  title: "List posts waiting for approval",
  description:
    "Post groups waiting for an editor's approval (status pending_approval, the default, oldest first) or returned to their authors (status rejected, with the reason). Nothing of a waiting group is scheduled or published until approve_post_group.",
  input: listApprovalsQuery,
  output: approvalListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => listApprovals(scope, input),
});

export const approvePostGroupTool = defineTool({
  name: "approve_post_group",
  scope: "posts:approve",
  title: "Approve a post group",
  description:
    "Approves a group waiting for approval: its targets become jobs at the group's time. When that time has passed it fails with CONFLICT: give scheduledAt (a new future time, ISO 8601 with offset) or publishNow: true. CONFLICT too when it was already approved or rejected.",
  input: z.strictObject({ postGroupId, ...approvePostGroupBody.shape }),
  output: postGroupAcceptedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (scope, { postGroupId, ...body }) => approvePostGroup(scope, postGroupId, approvePostGroupBody.parse(body)),
});

export const rejectPostGroupTool = defineTool({
  name: "reject_post_group",
  scope: "posts:approve",
  title: "Reject a post group",
  description: "Rejects a group waiting for approval with a reason for its author (emailed, and kept as a comment). It is never published.",
  input: z.strictObject({ postGroupId, ...rejectPostGroupBody.shape }),
  output: postGroupAcceptedSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: (scope, { postGroupId, ...body }) => rejectPostGroup(scope, postGroupId, body),
});

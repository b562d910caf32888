import { z } from "zod";
import { approvePostGroup, rejectPostGroup } from "../../domain/post-groups/decide-approval.ts";
import { listApprovals, listApprovalsQuery } from "../../domain/post-groups/list-approvals.ts";
import { approvePostGroupBody, rejectPostGroupBody } from "../../domain/post-groups/post-groups.schema.ts";
import { approvalSettingsInput, getApprovalSettings, updateApprovalSettings } from "../../domain/workspaces/approval-settings.ts";
import { router, workspaceProcedure } from "../init.ts";

const groupId = z.object({ postGroupId: z.uuid() });

export const approvalsRouter = router({
  list: workspaceProcedure.input(listApprovalsQuery.partial()).query(({ ctx, input }) => listApprovals(ctx.scope, input)),
  approve: workspaceProcedure
    .input(groupId.and(approvePostGroupBody))
    .mutation(({ ctx, input: { postGroupId, ...body } }) => approvePostGroup(ctx.scope, postGroupId, body)),
  reject: workspaceProcedure
    .input(groupId.and(rejectPostGroupBody))
    .mutation(({ ctx, input: { postGroupId, ...body } }) => rejectPostGroup(ctx.scope, postGroupId, body)),
  settings: workspaceProcedure.query(({ ctx }) => getApprovalSettings(ctx.scope)),
  updateSettings: workspaceProcedure.input(approvalSettingsInput).mutation(({ ctx, input }) => updateApprovalSettings(ctx.scope, input)),
});

import { acceptInvitation, invitationPreview } from "../../domain/members/accept-invitation.ts";
import { changeMemberRole, removeMember } from "../../domain/members/change-member.ts";
import { inviteMember, resendInvitation, revokeInvitation } from "../../domain/members/invite-member.ts";
import { listWorkspaceEmails } from "../../domain/members/list-emails.ts";
import { listMembers } from "../../domain/members/list-members.ts";
import {
  acceptInvitationInput,
  changeRoleInput,
  invitationIdInput,
  invitationTokenInput,
  inviteMemberInput,
  removeMemberInput,
} from "../../domain/members/members.schema.ts";
import { publicProcedure, router, workspaceProcedure } from "../init.ts";
import { rememberWorkspace } from "./workspaces.ts";

export const membersRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listMembers(ctx.scope)),
  emails: workspaceProcedure.query(({ ctx }) => listWorkspaceEmails(ctx.scope)),
  invite: workspaceProcedure.input(inviteMemberInput).mutation(({ ctx, input }) => inviteMember(ctx.scope, input)),
  resendInvitation: workspaceProcedure.input(invitationIdInput).mutation(({ ctx, input }) => resendInvitation(ctx.scope, input.invitationId)),
  revokeInvitation: workspaceProcedure.input(invitationIdInput).mutation(({ ctx, input }) => revokeInvitation(ctx.scope, input.invitationId)),
  changeRole: workspaceProcedure.input(changeRoleInput).mutation(({ ctx, input }) => changeMemberRole(ctx.scope, input)),
  remove: workspaceProcedure.input(removeMemberInput).mutation(({ ctx, input }) => removeMember(ctx.scope, input)),
  /** the signed-out invitation page */
  invitation: publicProcedure.input(invitationTokenInput).query(({ input }) => invitationPreview(input.token)),
  acceptInvitation: publicProcedure.input(acceptInvitationInput).mutation(async ({ ctx, input }) => {
    const accepted = await acceptInvitation(input, ctx.address);
    rememberWorkspace(ctx.resHeaders, accepted.workspaceId); // the dashboard opens on the workspace joined
    return accepted;
  }),
});

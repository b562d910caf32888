import { z } from "zod";
import { WORKSPACE_COOKIE } from "../../auth/session.ts";
import { permissionsOf } from "../../domain/access.ts";
import { listUserWorkspaces } from "../../domain/workspaces/list-workspaces.ts";
import { dismissOnboarding, onboardingState } from "../../domain/workspaces/onboarding.ts";
import { createWorkspace, renameWorkspace } from "../../domain/workspaces/manage-workspaces.ts";
import { workspaceNameInput } from "../../domain/workspaces/workspaces.schema.ts";
import { scopeFromSession } from "../../scope.ts";
import { authedProcedure, router, workspaceProcedure } from "../init.ts";

export function rememberWorkspace(headers: Headers, workspaceId: string) {
  headers.append("Set-Cookie", `${WORKSPACE_COOKIE}=${workspaceId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`);
}

export const workspacesRouter = router({
  /** the switcher: every workspace of the user and the current one */
  list: workspaceProcedure.query(async ({ ctx }) => ({
    currentWorkspaceId: ctx.scope.workspaceId,
    role: ctx.scope.role,
    permissions: permissionsOf(ctx.scope),
    workspaces: await listUserWorkspaces(ctx.userId),
  })),
  switch: authedProcedure.input(z.object({ workspaceId: z.uuid() })).mutation(async ({ ctx, input }) => {
    const scope = await scopeFromSession(ctx.userId, input.workspaceId);
    rememberWorkspace(ctx.resHeaders, scope.workspaceId);
    return { workspaceId: scope.workspaceId };
  }),
  create: workspaceProcedure.input(workspaceNameInput).mutation(async ({ ctx, input }) => {
    const workspace = await createWorkspace(ctx.scope, input);
    rememberWorkspace(ctx.resHeaders, workspace.id);
    return { workspaceId: workspace.id };
  }),
  /** the first-run checklist, from the workspace's data */
  onboarding: workspaceProcedure.query(({ ctx }) => onboardingState(ctx.scope)),
  dismissOnboarding: workspaceProcedure.mutation(({ ctx }) => dismissOnboarding(ctx.scope)),
  rename: workspaceProcedure.input(workspaceNameInput).mutation(async ({ ctx, input }) => {
    const workspace = await renameWorkspace(ctx.scope, input);
    return { workspaceId: workspace.id, name: workspace.name };
  }),
});

// `cli bootstrap`: a user, organization, workspace (created or reused) and a new API key.
import { db, type Plan } from "../db.ts";
import { signUp } from "../domain/auth/sign-up.ts";
import { emailSchema } from "../domain/auth/auth.schema.ts";
import { verifyPassword } from "../domain/auth/password.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { setOrganizationPlan } from "../domain/organizations/set-plan.ts";
import { createWorkspace } from "../domain/workspaces/manage-workspaces.ts";
import { AppError } from "../errors.ts";
import { scopeFromSession, systemScope } from "../scope.ts";

export async function bootstrap(input: { email: string; password: string; workspace: string; plan?: Plan; keyName: string }) {
  const email = emailSchema.parse(input.email);
  let user = await db.user.findUnique({ where: { email } });
  let workspaceId: string;
  if (!user) {
    const created = await signUp({ email, password: input.password, workspaceName: input.workspace }, { plan: input.plan });
    user = created.user;
    workspaceId = created.workspace.id;
  } else {
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw new AppError("CONFLICT", `A user ${email} already exists with a different password`);
    }
    const existing = await db.membership.findFirst({
      where: { userId: user.id, workspace: { name: input.workspace } },
      orderBy: { createdAt: "asc" },
    });
    workspaceId = existing ? existing.workspaceId : (await createWorkspace(await scopeFromSession(user.id), { name: input.workspace })).id;
  }
  let scope = await systemScope(workspaceId);
  if (input.plan && scope.plan !== input.plan) {
    await setOrganizationPlan(scope.organizationId, input.plan);
    scope = await systemScope(workspaceId);
  }
  const { key } = await createApiKey(scope, { name: input.keyName });
  return { userId: user.id, workspaceId, apiKey: key };
}

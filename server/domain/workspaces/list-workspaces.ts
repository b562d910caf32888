import { db } from "../../db.ts";
import type { Scope } from "../access.ts";

const lower = (plan: string) => plan.toLowerCase() as "free" | "creator" | "pro" | "business";

/** GET /api/v1/workspaces: the scope's workspace. */
export async function listScopeWorkspaces(scope: Scope) {
  const workspace = await db.workspace.findUniqueOrThrow({
    where: { id: scope.workspaceId },
    include: { organization: { select: { plan: true } } },
  });
  return {
    workspaces: [
      {
        workspaceId: workspace.id,
        name: workspace.name,
        plan: lower(workspace.organization.plan),
        createdAt: workspace.createdAt.toISOString(),
      },
    ],
  };
}

/** Every workspace a signed-in user belongs to (the dashboard's switcher). */
export async function listUserWorkspaces(userId: string) {
  const memberships = await db.membership.findMany({
    where: { userId },
    include: { workspace: { include: { organization: { select: { plan: true, name: true } } } } },
    orderBy: { createdAt: "asc" },
  });
  return memberships.map((m) => ({
    workspaceId: m.workspaceId,
    name: m.workspace.name,
    organizationName: m.workspace.organization.name,
    plan: lower(m.workspace.organization.plan),
    role: m.role,
  }));
}

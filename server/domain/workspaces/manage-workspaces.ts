import { db } from "../../db.ts";
import { actorUserId, assertCan, type Scope } from "../access.ts";
import { workspaceNameInput } from "./workspaces.schema.ts";

/** A new workspace in the scope's organization; its creator becomes its owner. */
export async function createWorkspace(scope: Scope, raw: { name: string }) {
  assertCan(scope, "workspace.own");
  const { name } = workspaceNameInput.parse(raw);
  const userId = actorUserId(scope);
  return db.workspace.create({
    data: {
      organizationId: scope.organizationId,
      name,
      ...(userId ? { memberships: { create: { userId, role: "OWNER" } } } : {}),
    },
  });
}

export async function renameWorkspace(scope: Scope, raw: { name: string }) {
  assertCan(scope, "settings.manage");
  const { name } = workspaceNameInput.parse(raw);
  return db.workspace.update({ where: { id: scope.workspaceId }, data: { name } });
}

// Changing a member's role and removing a member. A workspace always keeps an owner: the owners'
// rows are locked (FOR UPDATE) while one is demoted or removed, so two admins acting at once
// cannot both take away the last one. Only an owner changes an owner or makes one.
import { db, type Role, type Tx } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import { actorUserId, assertCan, type Scope } from "../access.ts";
import type { RoleName } from "./members.schema.ts";
import { roleName, toRole } from "./roles.ts";

export async function changeMemberRole(scope: Scope, input: { userId: string; role: RoleName }) {
  assertCan(scope, "members.manage");
  const role = toRole(input.role);
  return db.$transaction(async (tx) => {
    const member = await lockedMember(tx, scope, input.userId);
    if (member.role === "OWNER" || role === "OWNER") assertCan(scope, "workspace.own");
    if (member.role === "OWNER" && role !== "OWNER") await assertAnotherOwner(tx, scope.workspaceId, input.userId, "demoted");
    await tx.membership.update({ where: { id: member.id }, data: { role } });
    return { userId: input.userId, role: roleName(role) };
  });
}

/** Removes a member; anyone may leave (remove themselves), except the last owner. */
export async function removeMember(scope: Scope, input: { userId: string }) {
  if (input.userId !== actorUserId(scope) || scope.actor.kind !== "user") assertCan(scope, "members.manage");
  return db.$transaction(async (tx) => {
    const member = await lockedMember(tx, scope, input.userId);
    if (member.role === "OWNER") {
      if (input.userId !== actorUserId(scope)) assertCan(scope, "workspace.own");
      await assertAnotherOwner(tx, scope.workspaceId, input.userId, "removed");
    }
    await tx.membership.delete({ where: { id: member.id } });
    return { userId: input.userId, removed: true as const };
  });
}

async function lockedMember(tx: Tx, scope: Scope, userId: string): Promise<{ id: string; role: Role }> {
  // the owners first, then the member: the same lock order for every change
  await tx.$queryRaw`SELECT id FROM "Membership" WHERE "workspaceId" = ${scope.workspaceId}::uuid AND role = 'OWNER' ORDER BY id FOR UPDATE`;
  const [member] = await tx.$queryRaw<
    { id: string; role: Role }[]
  >`SELECT id, role FROM "Membership" WHERE "workspaceId" = ${scope.workspaceId}::uuid AND "userId" = ${userId}::uuid FOR UPDATE`;
  if (!member) throw notFound("Member");
  return member;
}

async function assertAnotherOwner(tx: Tx, workspaceId: string, userId: string, what: string) {
  const others = await tx.membership.count({ where: { workspaceId, role: "OWNER", userId: { not: userId } } });
  if (others === 0) throw new AppError("CONFLICT", `The last owner cannot be ${what}: make another member an owner first`);
}

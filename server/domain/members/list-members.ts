// The workspace's people and open invitations: every member may see them (a viewer reads
// everything); changing them is members.manage.
import { db } from "../../db.ts";
import type { Scope } from "../access.ts";
import { roleName } from "./roles.ts";

export async function listMembers(scope: Scope) {
  const [memberships, invitations] = await Promise.all([
    db.membership.findMany({
      where: { workspaceId: scope.workspaceId },
      include: { user: { select: { email: true, name: true } } },
      orderBy: { createdAt: "asc" },
    }),
    db.invitation.findMany({
      where: { workspaceId: scope.workspaceId, acceptedAt: null, revokedAt: null },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  const emails = await db.emailMessage.findMany({
    where: { workspaceId: scope.workspaceId, kind: "invitation", to: { in: invitations.map((i) => i.email) } },
    orderBy: { createdAt: "desc" },
    select: { to: true, status: true, attempts: true, lastError: true, createdAt: true },
  });
  const now = Date.now();
  return {
    members: memberships.map((m) => ({
      userId: m.userId,
      email: m.user.email,
      name: m.user.name,
      role: roleName(m.role),
      joinedAt: m.createdAt.toISOString(),
    })),
    invitations: invitations.map((i) => {
      const email = emails.find((e) => e.to === i.email);
      return {
        id: i.id,
        email: i.email,
        role: roleName(i.role),
        createdAt: i.createdAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
        expired: i.expiresAt.getTime() <= now,
        delivery: email ? { status: email.status, attempts: email.attempts, lastError: email.lastError } : null,
      };
    }),
  };
}

// A workspace with people in it, for the team tests: its owner's scope, and members of any role
// who joined through a real invitation (the domain's invite and accept, as a person would).
import { db } from "../db.ts";
import { acceptInvitation } from "../domain/members/accept-invitation.ts";
import { inviteMember } from "../domain/members/invite-member.ts";
import type { RoleName } from "../domain/members/members.schema.ts";
import { scopeFromSession } from "../scope.ts";
import { createWorkspaceWithKey, uniqueEmail } from "./fixtures.ts";

export async function team() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const owner = await scopeFromSession(t.user.id, t.workspace.id);
  const member = async (role: RoleName) => {
    const email = uniqueEmail(role);
    const sent = await inviteMember(owner, { email, role });
    await acceptInvitation({ token: sent.url.split("/invitations/")[1]!, password: "password-123" }, "203.0.113.9");
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    return { email, userId: user.id, scope: await scopeFromSession(user.id, t.workspace.id) };
  };
  return { ...t, owner, member };
}

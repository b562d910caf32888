// Invitations: an owner or admin invites by email with a role. The invitation and its email are
// written in one transaction; inviting an address with an open invitation renews it (new link,
// new 7 days, the new role) and sends it again, so one address has one open invitation
// (a unique index decides between concurrent invites). Only an owner may invite an owner.
import { db, withTransaction } from "../../db.ts";
import { AppError, fieldError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../../mail/enqueue-email.ts";
import { actorUserId, assertCan, type Scope } from "../access.ts";
import { newLinkToken } from "../link-token.ts";

const INVITATION_DAYS = 7;
import { inviteMemberInput, type InviteMemberInput, type RoleName } from "./members.schema.ts";
import { roleDescriptions, toRole } from "./roles.ts";

export type InvitationSent = {
  invitation: { id: string; email: string; role: RoleName; expiresAt: string };
  /** the link, shown to the inviter: the only way in when no email could be sent */
  url: string;
  /** "pending": queued for the mail server; "unsent": SMTP_URL is not set, nothing was sent */
  emailStatus: "pending" | "unsent";
};

export async function inviteMember(scope: Scope, raw: InviteMemberInput): Promise<InvitationSent> {
  assertCan(scope, "members.manage");
  const input = inviteMemberInput.parse(raw);
  if (input.role === "owner") assertCan(scope, "workspace.own");
  const member = await db.membership.findFirst({ where: { workspaceId: scope.workspaceId, user: { email: input.email } } });
  if (member)
    throw new AppError("CONFLICT", `${input.email} is already a member of this workspace`, { issues: [{ path: "email", message: "already a member" }] });
  return sendInvitation(scope, input.email, input.role);
}

/** A new link for an open invitation (the old one stops working), sent again. */
export async function resendInvitation(scope: Scope, invitationId: string): Promise<InvitationSent> {
  assertCan(scope, "members.manage");
  const invitation = await db.invitation.findFirst({ where: { id: invitationId, workspaceId: scope.workspaceId, acceptedAt: null, revokedAt: null } });
  if (!invitation) throw notFound("Invitation");
  if (invitation.role === "OWNER") assertCan(scope, "workspace.own");
  return sendInvitation(scope, invitation.email, invitation.role.toLowerCase() as RoleName);
}

export async function revokeInvitation(scope: Scope, invitationId: string): Promise<{ id: string; revoked: true }> {
  assertCan(scope, "members.manage");
  const revoked = await db.invitation.updateMany({
    where: { id: invitationId, workspaceId: scope.workspaceId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (revoked.count === 0) throw notFound("Invitation");
  return { id: invitationId, revoked: true };
}

async function sendInvitation(scope: Scope, email: string, role: RoleName): Promise<InvitationSent> {
  if (!email.includes("@")) throw fieldError("email", "Enter a valid email address");
  const { tokenHash, url } = newLinkToken("invitations");
  const inviterId = actorUserId(scope) ?? null;
  const [workspace, inviter] = await Promise.all([
    db.workspace.findUniqueOrThrow({ where: { id: scope.workspaceId }, select: { name: true } }),
    inviterId ? db.user.findUnique({ where: { id: inviterId }, select: { email: true, name: true } }) : null,
  ]);
  return withTransaction(async (q) => {
    const [row] = await q<{ id: string; expiresAt: Date }>(
      "invitation-upsert",
      `INSERT INTO "Invitation" ("workspaceId", email, role, "tokenHash", "invitedById", "expiresAt", "sentCount")
       VALUES ($1, $2, $3::"Role", $4, $5, now() + make_interval(days => $6), 1)
       ON CONFLICT ("workspaceId", lower(email)) WHERE "acceptedAt" IS NULL AND "revokedAt" IS NULL
       DO UPDATE SET "tokenHash" = EXCLUDED."tokenHash", role = EXCLUDED.role, "expiresAt" = EXCLUDED."expiresAt",
         "invitedById" = EXCLUDED."invitedById", "sentCount" = "Invitation"."sentCount" + 1
       RETURNING id, "expiresAt"`,
      [scope.workspaceId, email, toRole(role), tokenHash, inviterId, INVITATION_DAYS],
    );
    const who = inviter ? inviter.name || inviter.email : "An administrator";
    const queued = await enqueueEmail(q, {
      workspaceId: scope.workspaceId,
      kind: "invitation",
      to: email,
      subject: `${who} invited you to ${workspace.name} on Posteady`,
      heading: `Join ${workspace.name} on Posteady`,
      paragraphs: [
        `${who} invited you to the workspace ${workspace.name} as ${role === "admin" ? "an" : "a"} ${role}: ${roleDescriptions[role].toLowerCase()}.`,
      ],
      action: { label: "Accept the invitation", url },
      note: `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect this invitation, ignore this email.`,
    });
    return { invitation: { id: row!.id, email, role, expiresAt: row!.expiresAt.toISOString() }, url, emailStatus: queued.status };
  });
}

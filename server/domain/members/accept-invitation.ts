// Following an invitation link, signed out: the page shows whose workspace it is and asks for the
// invited address's password (an existing account) or a name and a new password (a new account);
// accepting then signs in with that password. The link is consumed by one UPDATE, in the
// transaction that adds the membership, so it works exactly once.
import { db, Prisma } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { hashPassword } from "../auth/password.ts";
import { verifyPassword } from "../auth/password.ts";
import { assertSignInAttemptsLeft, countFailedSignIn } from "../auth/sign-in-throttle.ts";
import { hashLinkToken } from "../link-token.ts";
import { acceptInvitationInput } from "./members.schema.ts";
import { roleName } from "./roles.ts";

const gone = (why: string) => new AppError("LINK_GONE", why);

export async function invitationPreview(token: string) {
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    include: { workspace: { select: { name: true } } },
  });
  if (!invitation) throw new AppError("NOT_FOUND", "This invitation link is not valid. Ask for a new invitation.");
  assertOpen(invitation);
  const account = await db.user.findUnique({ where: { email: invitation.email }, select: { id: true } });
  return {
    workspaceName: invitation.workspace.name,
    email: invitation.email,
    role: roleName(invitation.role),
    expiresAt: invitation.expiresAt.toISOString(),
    accountExists: !!account,
  };
}

function assertOpen(i: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }) {
  if (i.acceptedAt) throw gone("This invitation has already been accepted. Sign in to open the workspace.");
  if (i.revokedAt) throw gone("This invitation was withdrawn. Ask the person who invited you for a new one.");
  if (i.expiresAt.getTime() <= Date.now()) throw gone("This invitation has expired. Ask the person who invited you to send it again.");
}

/** Joins the workspace; answers the email to sign in with (the caller signs in with the same password). */
export async function acceptInvitation(raw: { token: string; password: string; name?: string }, address: string) {
  const input = acceptInvitationInput.parse(raw);
  const tokenHash = hashLinkToken(input.token);
  const invitation = await db.invitation.findUnique({ where: { tokenHash } });
  if (!invitation) throw new AppError("NOT_FOUND", "This invitation link is not valid. Ask for a new invitation.");
  assertOpen(invitation);
  const existing = await db.user.findUnique({ where: { email: invitation.email } });
  // An existing account proves it is theirs with its password, throttled like sign-in. Its second
  // factor, when on, is asked by the sign-in that follows (joining signs nobody in by itself).
  if (existing) {
    await assertSignInAttemptsLeft(existing.email, address);
    if (!(await verifyPassword(existing.passwordHash, input.password))) {
      await countFailedSignIn(existing.email, address);
      throw new AppError("UNAUTHORIZED", "Wrong password for this account", { issues: [{ path: "password", message: "wrong password" }] });
    }
  }
  const passwordHash = existing ? null : await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const claimed = await tx.invitation.updateMany({
        where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
        data: { acceptedAt: new Date() },
      });
      if (claimed.count === 0) throw gone("This invitation has already been accepted. Sign in to open the workspace.");
      const user = existing ?? (await tx.user.create({ data: { email: invitation.email, name: input.name || null, passwordHash: passwordHash! } }));
      await tx.invitation.update({ where: { id: invitation.id }, data: { acceptedById: user.id } });
      // already a member (added another way meanwhile): keep the role they have
      await tx.membership.upsert({
        where: { workspaceId_userId: { workspaceId: invitation.workspaceId, userId: user.id } },
        create: { workspaceId: invitation.workspaceId, userId: user.id, role: invitation.role },
        update: {},
      });
      return { email: user.email, workspaceId: invitation.workspaceId, newAccount: !existing };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new AppError("CONFLICT", "An account with this email was just created; sign in with it and open the link again");
    }
    throw err;
  }
}

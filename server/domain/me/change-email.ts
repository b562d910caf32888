// Change of sign-in email: confirmed by a link sent to the NEW address (single use, 24 hours);
// until then the account keeps its email. Asking takes the current password, so a borrowed
// session cannot move the account to another mailbox and reset the password from there.
import { db, Prisma, withTransaction } from "../../db.ts";
import { AppError, fieldError } from "../../errors.ts";
import { sendEmailChangeEmail } from "./account-mail.ts";
import { newLinkToken } from "../link-token.ts";
import { consumeEmailedToken, insertEmailedToken } from "./emailed-tokens.ts";
import { confirmEmailChangeInput, requestEmailChangeInput } from "./me.schema.ts";
import { assertCurrentPassword, type Person } from "./person.ts";

export const EMAIL_CHANGE_HOURS = 24;

export async function requestEmailChange(person: Person, raw: { newEmail: string; currentPassword: string }): Promise<{ sentTo: string }> {
  const input = requestEmailChangeInput.parse(raw);
  const user = await assertCurrentPassword(person, input.currentPassword, "currentPassword");
  if (input.newEmail === user.email) throw fieldError("newEmail", "This is already your email");
  if (await db.user.findUnique({ where: { email: input.newEmail }, select: { id: true } })) {
    throw fieldError("newEmail", "An account with this email already exists", "taken");
  }
  const { tokenHash, url } = newLinkToken("confirm-email");
  await withTransaction(async (q) => {
    // only the latest request's link works
    await q("email-change-void", `UPDATE "UserToken" SET "usedAt" = now() WHERE "userId" = $1 AND kind = 'email_change' AND "usedAt" IS NULL`, [user.id]);
    await insertEmailedToken(q, { userId: user.id, kind: "email_change", hash: tokenHash, minutes: EMAIL_CHANGE_HOURS * 60, newEmail: input.newEmail });
    await sendEmailChangeEmail(q, input.newEmail, url);
  });
  return { sentTo: input.newEmail };
}

/** The confirmation link's action: the token is consumed and the email replaced in one transaction. */
export async function confirmEmailChange(raw: { token: string }): Promise<{ email: string }> {
  const input = confirmEmailChangeInput.parse(raw);
  try {
    return await db.$transaction(async (tx) => {
      const token = await consumeEmailedToken(tx, "email_change", input.token);
      if (!token?.newEmail) throw new AppError("NOT_FOUND", "This confirmation link has expired or was already used");
      await tx.user.update({ where: { id: token.userId }, data: { email: token.newEmail } });
      return { email: token.newEmail };
    });
  } catch (err) {
    // another account took the address since the request; the token stays unused (rolled back)
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new AppError("CONFLICT", "Another account uses this email now; the change cannot be made");
    }
    throw err;
  }
}

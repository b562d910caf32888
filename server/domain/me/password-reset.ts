// "Forgot password?": a single-use link by email, valid one hour. The answer is the same, and
// takes about as long, whether or not an account has the address, so the form cannot be used to
// learn who has an account; only the throttle can refuse, and it counts unknown emails too.
import { setTimeout as sleep } from "node:timers/promises";
import { db, withTransaction } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { hashPassword } from "../auth/password.ts";
import { takePasswordResetRequest } from "../auth/sign-in-throttle.ts";
import { sendPasswordResetEmail } from "./account-mail.ts";
import { newLinkToken } from "../link-token.ts";
import { consumeEmailedToken, insertEmailedToken, voidEmailedTokens } from "./emailed-tokens.ts";
import { requestPasswordResetInput, resetPasswordInput } from "./me.schema.ts";
import { revokeSessions } from "./user-sessions.ts";

export const RESET_LINK_MINUTES = 60;
export const RESET_REQUEST_ANSWER = "If an account exists for that address, we sent a link to reset its password. It works once, for one hour.";
// Every answer waits until this long after the request: the write and email for a known address
// take a few milliseconds that an unknown one would not.
const ANSWER_AFTER_MS = 400;

export async function requestPasswordReset(raw: { email: string }, address: string): Promise<{ message: string }> {
  const started = Date.now();
  const { email } = requestPasswordResetInput.parse(raw);
  await takePasswordResetRequest(email, address);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (user) {
    const { tokenHash, url } = newLinkToken("reset-password");
    await withTransaction(async (q) => {
      await insertEmailedToken(q, { userId: user.id, kind: "password_reset", hash: tokenHash, minutes: RESET_LINK_MINUTES });
      await sendPasswordResetEmail(q, user.email, url);
    });
  }
  await sleep(Math.max(0, ANSWER_AFTER_MS - (Date.now() - started)));
  return { message: RESET_REQUEST_ANSWER };
}

/**
 * Sets a new password with a reset link's token. In one transaction: the token is consumed,
 * the password replaced, the person's other reset links voided and every session of theirs
 * signed out (whoever knew the old password is out).
 */
export async function resetPassword(raw: { token: string; newPassword: string }): Promise<void> {
  const input = resetPasswordInput.parse(raw);
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    const token = await consumeEmailedToken(tx, "password_reset", input.token);
    if (!token) throw new AppError("NOT_FOUND", "This reset link has expired or was already used; ask for a new one");
    await tx.user.update({ where: { id: token.userId }, data: { passwordHash } });
    await voidEmailedTokens(tx, token.userId, "password_reset");
    await revokeSessions(token.userId, null, tx);
  });
}

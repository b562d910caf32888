// Change password from the account page: the current password is required, and every other
// session of the person is signed out (this one stays), as are unused reset links.
import { db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { hashPassword } from "../auth/password.ts";
import { voidEmailedTokens } from "./emailed-tokens.ts";
import { changePasswordInput } from "./me.schema.ts";
import { assertCurrentPassword, type Person } from "./person.ts";
import { revokeSessions } from "./user-sessions.ts";

export async function changePassword(person: Person, raw: { currentPassword: string; newPassword: string }): Promise<{ signedOut: number }> {
  const input = changePasswordInput.parse(raw);
  const user = await assertCurrentPassword(person, input.currentPassword, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  return db.$transaction(async (tx) => {
    // conditional on the hash just checked: of two changes racing, the second is refused
    const { count } = await tx.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash } });
    if (count === 0) throw new AppError("CONFLICT", "Your password was changed meanwhile; sign in again");
    await voidEmailedTokens(tx, user.id, "password_reset");
    return { signedOut: await revokeSessions(user.id, person.sessionId, tx) };
  });
}

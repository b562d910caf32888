// The signed-in person asking about their own account: these are not workspace settings, so the
// caller is the user and their session (no Scope, no role), and only the dashboard's tRPC door
// and the public pages reach them; API keys belong to a workspace, not a person.
import { db } from "../../db.ts";
import { fieldError } from "../../errors.ts";
import { verifyPassword } from "../auth/password.ts";
import { assertSignInAttemptsLeft, clearFailedSignIns, countFailedSignIn } from "../auth/sign-in-throttle.ts";

export type Person = { userId: string; sessionId: string; address: string };

/**
 * The person's row, once `password` is their current one. Checked under the sign-in throttle
 * (same counts as signing in with their email from this address), so the account page cannot
 * be used to guess a password; a wrong one is a 422 on `field`.
 */
export async function assertCurrentPassword(person: Person, password: string, field: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: person.userId } });
  await assertSignInAttemptsLeft(user.email, person.address);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await countFailedSignIn(user.email, person.address);
    throw fieldError(field, "This is not your current password", "wrong_password");
  }
  await clearFailedSignIns(user.email, person.address);
  return user;
}

import { db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { verifySecondFactor } from "../me/two-factor.ts";
import { signInInput } from "./auth.schema.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { assertSignInAttemptsLeft, clearFailedSignIns, countFailedSignIn } from "./sign-in-throttle.ts";

// Hash of a random password: unknown emails cost the same time as wrong passwords.
let decoyHash: Promise<string> | undefined;

/**
 * What a sign-in with the right password but no (or a wrong) second factor is refused with; the
 * sign-in form reads these words (next-auth passes the message as `error`) to ask for the code.
 */
export const TWO_FACTOR_REQUIRED = "TwoFactorRequired";
export const TWO_FACTOR_INVALID = "TwoFactorInvalid";

/**
 * The user for an email and password (and, when two-factor is on, a code from the app or a
 * recovery code), or null. `address` is the client's network address: failures (of the password
 * or of the code) are counted per email and address, and refused with RATE_LIMITED past the limit
 * (sign-in-throttle.ts), before anything is checked. The count is cleared only when every factor
 * passed, so knowing the password does not reset the count of code guesses.
 */
export async function verifyCredentials(raw: { email: string; password: string; address: string; code?: string }) {
  const parsed = signInInput.safeParse(raw);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  await assertSignInAttemptsLeft(email, raw.address);
  const user = await db.user.findUnique({ where: { email } });
  const matches = await verifyPassword(user?.passwordHash ?? (await (decoyHash ??= hashPassword(crypto.randomUUID()))), password);
  if (!user || !matches) {
    await countFailedSignIn(email, raw.address);
    return null;
  }
  if (user.totpEnabledAt) {
    const code = raw.code?.trim().slice(0, 40);
    if (!code) throw new AppError("UNAUTHORIZED", TWO_FACTOR_REQUIRED);
    if (!(await verifySecondFactor(user, code))) {
      await countFailedSignIn(email, raw.address);
      throw new AppError("UNAUTHORIZED", TWO_FACTOR_INVALID);
    }
  }
  await clearFailedSignIns(email, raw.address);
  return user;
}

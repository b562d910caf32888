import { db } from "../../db.ts";
import { signInInput } from "./auth.schema.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { assertSignInAttemptsLeft, clearFailedSignIns, countFailedSignIn } from "./sign-in-throttle.ts";

// Hash of a random password: unknown emails cost the same time as wrong passwords.
let decoyHash: Promise<string> | undefined;

/**
 * The user for an email and password, or null. `address` is the client's network address:
 * failures are counted per email and address, and refused with RATE_LIMITED past the limit
 * (sign-in-throttle.ts), before the password is checked.
 */
export async function verifyCredentials(raw: { email: string; password: string; address: string }) {
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
  await clearFailedSignIns(email, raw.address);
  return user;
}

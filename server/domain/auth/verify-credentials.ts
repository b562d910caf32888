import { db } from "../../db.ts";
import { signInInput } from "./auth.schema.ts";
import { hashPassword, verifyPassword } from "./password.ts";

// Hash of a random password: unknown emails cost the same time as wrong passwords.
let decoyHash: Promise<string> | undefined;

/** The user for an email and password, or null. */
export async function verifyCredentials(raw: { email: string; password: string }) {
  const parsed = signInInput.safeParse(raw);
  if (!parsed.success) return null;
  const user = await db.user.findUnique({ where: { email: parsed.data.email } });
  if (!user) {
    await verifyPassword(await (decoyHash ??= hashPassword(crypto.randomUUID())), parsed.data.password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, parsed.data.password)) ? user : null;
}

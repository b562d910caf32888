// Two-factor sign-in with an authenticator app (TOTP, RFC 6238, via `otpauth`): 6 digits, 30 s
// steps, one step of drift either way. The secret is stored sealed with the installation's key
// (token-cipher.ts). Turning it on is two steps: a pending secret (shown as a QR code and as text),
// then a code from the app proves it was scanned; only then is it enabled and recovery codes made.
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { db } from "../../db.ts";
import { AppError, fieldError } from "../../errors.ts";
import { assertSignInAttemptsLeft, clearFailedSignIns, countFailedSignIn } from "../auth/sign-in-throttle.ts";
import { decryptToken, encryptToken } from "../accounts/token-cipher.ts";
import { confirmTwoFactorInput, disableTwoFactorInput } from "./me.schema.ts";
import { assertCurrentPassword, type Person } from "./person.ts";
import { consumeRecoveryCode, recoveryCodesLeft, replaceRecoveryCodes } from "./recovery-codes.ts";

const totpFor = (secretBase32: string, label = "") =>
  new TOTP({ issuer: "Posteady", label, secret: Secret.fromBase32(secretBase32), algorithm: "SHA1", digits: 6, period: 30 });

/**
 * The time step of a valid code for the secret, or null. Window 1: the codes of the previous,
 * current and next 30 s steps are accepted (clocks drift, people type slowly).
 */
function matchingStep(secretBase32: string, code: string, timestamp = Date.now()): number | null {
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** A TOTP code accepted once: the step is recorded only if it is later than the last accepted one. */
async function acceptTotp(userId: string, secretBase32: string, code: string): Promise<boolean> {
  const step = matchingStep(secretBase32, code);
  if (step === null) return false;
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "User" SET "totpLastStep" = ${step}
    WHERE id = ${userId}::uuid AND ("totpLastStep" IS NULL OR "totpLastStep" < ${step})
    RETURNING id`;
  return rows.length === 1;
}

/**
 * The second factor at sign-in (or to turn two-factor off): a 6-digit code from the app, or
 * one of the recovery codes, which then stops working. The caller applies the throttle.
 */
export async function verifySecondFactor(user: { id: string; totpSecretEnc: string | null }, code: string): Promise<boolean> {
  const compact = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(compact)) return user.totpSecretEnc !== null && acceptTotp(user.id, decryptToken(user.totpSecretEnc), compact);
  return consumeRecoveryCode(user.id, code);
}

export async function twoFactorStatus(userId: string): Promise<{ enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpEnabledAt: true } });
  return { enabled: user.totpEnabledAt !== null, enabledAt: user.totpEnabledAt, recoveryCodesLeft: user.totpEnabledAt ? await recoveryCodesLeft(userId) : 0 };
}

/** Step one: a new pending secret (replacing an earlier pending one), as text, otpauth URI and QR code. */
export async function startTwoFactor(person: Person): Promise<{ secret: string; uri: string; qrCodeDataUrl: string }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: person.userId }, select: { email: true, totpEnabledAt: true } });
  if (user.totpEnabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is already on");
  const secret = new Secret({ size: 20 }).base32;
  const { count } = await db.user.updateMany({
    where: { id: person.userId, totpEnabledAt: null },
    data: { totpSecretEnc: encryptToken(secret), totpLastStep: null },
  });
  if (count === 0) throw new AppError("CONFLICT", "Two-factor sign-in is already on");
  const uri = totpFor(secret, user.email).toString();
  return { secret, uri, qrCodeDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** Step two: a code from the app turns it on; answers the ten recovery codes, shown this once. */
export async function confirmTwoFactor(person: Person, raw: { code: string }): Promise<{ recoveryCodes: string[] }> {
  const { code } = confirmTwoFactorInput.parse(raw);
  const user = await db.user.findUniqueOrThrow({ where: { id: person.userId } });
  if (user.totpEnabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is already on");
  if (!user.totpSecretEnc) throw new AppError("CONFLICT", "Start turning on two-factor sign-in first");
  await assertSignInAttemptsLeft(user.email, person.address);
  const step = matchingStep(decryptToken(user.totpSecretEnc), code.replace(/\s/g, ""));
  if (step === null) {
    await countFailedSignIn(user.email, person.address);
    throw fieldError("code", "This code does not match; check the app's clock and try the current code", "wrong_code");
  }
  await clearFailedSignIns(user.email, person.address);
  return db.$transaction(async (tx) => {
    // conditional on the secret the code was checked against: a restart in another tab meanwhile refuses this one
    const { count } = await tx.user.updateMany({
      where: { id: user.id, totpEnabledAt: null, totpSecretEnc: user.totpSecretEnc },
      data: { totpEnabledAt: new Date(), totpLastStep: step },
    });
    if (count === 0) throw new AppError("CONFLICT", "Two-factor setup changed meanwhile; start again");
    return { recoveryCodes: await replaceRecoveryCodes(tx, user.id) };
  });
}

/** Turns it off with a current code (or recovery code) or the password; the secret and recovery codes are deleted. */
export async function disableTwoFactor(person: Person, raw: { code?: string; password?: string }): Promise<void> {
  const input = disableTwoFactorInput.parse(raw);
  const user = await db.user.findUniqueOrThrow({ where: { id: person.userId } });
  if (!user.totpEnabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is not on");
  if (input.password !== undefined) await assertCurrentPassword(person, input.password, "password");
  else {
    await assertSignInAttemptsLeft(user.email, person.address);
    if (!(await verifySecondFactor(user, input.code!))) {
      await countFailedSignIn(user.email, person.address);
      throw fieldError("code", "This code does not match", "wrong_code");
    }
    await clearFailedSignIns(user.email, person.address);
  }
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null } }),
    db.recoveryCode.deleteMany({ where: { userId: user.id } }),
  ]);
}

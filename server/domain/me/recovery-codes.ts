// Recovery codes for two-factor sign-in: ten, shown once when two-factor is turned on; only
// their sha256 is stored (each is 50 random bits, so a fast hash is enough). A code is consumed by
// one conditional UPDATE, so two sign-ins racing with the same code cannot both pass.
import crypto from "node:crypto";
import type { Prisma } from "../../db.ts";
import { db } from "../../db.ts";

export const RECOVERY_CODE_COUNT = 10;
// no 0/o, 1/l/i: codes are read off paper
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const hashCode = (code: string) => crypto.createHash("sha256").update(normalize(code)).digest("hex");

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** Replaces the person's recovery codes with ten new ones; answers them (the only time they are readable). */
export async function replaceRecoveryCodes(tx: Prisma.TransactionClient, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashCode(code) })) });
  return codes;
}

/** True once, for an unused recovery code of the person: it is marked used in the same statement. */
export async function consumeRecoveryCode(userId: string, code: string): Promise<boolean> {
  const normalized = normalize(code);
  if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "RecoveryCode" SET "usedAt" = now()
    WHERE "userId" = ${userId}::uuid AND "codeHash" = ${hashCode(normalized)} AND "usedAt" IS NULL
    RETURNING id`;
  return rows.length === 1;
}

export async function recoveryCodesLeft(userId: string): Promise<number> {
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}

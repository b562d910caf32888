// Single-use tokens sent by email (UserToken: password_reset, email_change). The token itself is
// only in the email; the table keeps its sha256, so a copy of the database opens nothing. One
// UPDATE … WHERE usedAt IS NULL AND expiresAt > now() RETURNING consumes it: of two clicks racing,
// exactly one gets the row.
import crypto from "node:crypto";
import { hashLinkToken, isWellFormedLinkToken } from "../link-token.ts";
import type { Prisma, TxSql } from "../../db.ts";

export type EmailedTokenKind = "password_reset" | "email_change";

/** Stores a new token's hash, in the transaction that writes its email. */
export async function insertEmailedToken(
  q: TxSql,
  t: { userId: string; kind: EmailedTokenKind; hash: string; minutes: number; newEmail?: string },
): Promise<void> {
  await q(
    "emailed-token-insert",
    `INSERT INTO "UserToken" (id, "userId", kind, "tokenHash", "newEmail", "expiresAt") VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6::int))`,
    [crypto.randomUUID(), t.userId, t.kind, t.hash, t.newEmail ?? null, t.minutes],
  );
}

/** Marks the token used and answers its row, or null when it is unknown, used, expired or of another kind. */
export async function consumeEmailedToken(
  tx: Prisma.TransactionClient,
  kind: EmailedTokenKind,
  token: string,
): Promise<{ userId: string; newEmail: string | null } | null> {
  if (!isWellFormedLinkToken(token)) return null;
  const rows = await tx.$queryRaw<{ userId: string; newEmail: string | null }[]>`
    UPDATE "UserToken" SET "usedAt" = now()
    WHERE "tokenHash" = ${hashLinkToken(token)} AND kind = ${kind} AND "usedAt" IS NULL AND "expiresAt" > now()
    RETURNING "userId"::text AS "userId", "newEmail"`;
  return rows[0] ?? null;
}

/** Ends the person's other unused tokens of a kind (a new password makes older reset links void). */
export async function voidEmailedTokens(tx: Prisma.TransactionClient, userId: string, kind: EmailedTokenKind): Promise<void> {
  await tx.userToken.updateMany({ where: { userId, kind, usedAt: null }, data: { usedAt: new Date() } });
}

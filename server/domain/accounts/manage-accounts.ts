// Finding and disconnecting the connected accounts of a workspace.
import { db } from "../../db.ts";
import { notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { encryptToken } from "./token-cipher.ts";

/** A connected (not disconnected) account of the scope's workspace, or 404. */
export async function findAccountOrThrow(scope: Scope, accountId: string) {
  const account = isUuid(accountId)
    ? await db.connectedAccount.findFirst({ where: { id: accountId, workspaceId: scope.workspaceId, disconnectedAt: null } })
    : null;
  if (!account) throw notFound("Account");
  return account;
}

/** Forgets the tokens; the row stays (without them) so jobs and synced posts keep their history. */
export async function disconnectAccount(scope: Scope, accountId: string) {
  assertCan(scope, "accounts.manage");
  const account = await findAccountOrThrow(scope, accountId);
  await db.connectedAccount.update({
    where: { id: account.id },
    data: { disconnectedAt: new Date(), accessTokenEnc: encryptToken(""), refreshTokenEnc: null, tokenExpiresAt: null },
  });
  return { accountId: account.id, disconnected: true };
}

import { db } from "../../db.ts";
import { notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { presentApiKey } from "./present-api-key.ts";

/** Revokes a key of the scope's workspace. Revoking twice keeps the first revocation time. */
export async function revokeApiKey(scope: Scope, id: string) {
  assertCan(scope, "keys.manage");
  await db.apiKey.updateMany({
    where: { id, workspaceId: scope.workspaceId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  const key = await db.apiKey.findFirst({ where: { id, workspaceId: scope.workspaceId } });
  if (!key) throw notFound("API key");
  return presentApiKey(key);
}

import { db } from "../../db.ts";
import { assertCan, type Scope } from "../access.ts";
import { presentApiKey } from "./present-api-key.ts";

export async function listApiKeys(scope: Scope) {
  assertCan(scope, "keys.manage");
  const keys = await db.apiKey.findMany({
    where: { workspaceId: scope.workspaceId },
    orderBy: { createdAt: "desc" },
  });
  const now = new Date();
  return keys.map((k) => presentApiKey(k, now));
}

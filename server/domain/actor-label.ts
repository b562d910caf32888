// How a caller is named to people (approvals, comments, the audit log): a member by their email,
// an API key by its name and prefix (never the key), the system as "system".
import { db } from "../db.ts";
import type { Scope } from "./access.ts";

export async function actorLabel(scope: Scope): Promise<string> {
  const { actor } = scope;
  if (actor.kind === "system") return "system";
  if (actor.kind === "apiKey") {
    const key = await db.apiKey.findUnique({ where: { id: actor.apiKeyId }, select: { name: true, prefix: true } });
    return key ? `API key ${key.name} (${key.prefix}…)` : "API key";
  }
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { email: true } });
  return user?.email ?? "a former member";
}

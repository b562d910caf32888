// Looks up a presented key. Used only by server/scope.ts, which caches the answer briefly.
import { db, type Plan } from "../../db.ts";
import { hashApiKey, isWellFormedApiKey } from "./key-format.ts";
import { storedKeyScopes, type KeyScope } from "./key-scopes.ts";

export type ApiKeyIdentity = {
  apiKeyId: string;
  userId: string;
  workspaceId: string;
  organizationId: string;
  plan: Plan;
  expiresAt: Date | null;
  revoked: boolean;
  scopes: KeyScope[];
};

export async function findApiKeyIdentity(key: string): Promise<ApiKeyIdentity | null> {
  if (!isWellFormedApiKey(key)) return null;
  const row = await db.apiKey.findUnique({
    where: { hash: hashApiKey(key) },
    select: {
      id: true,
      createdById: true,
      workspaceId: true,
      expiresAt: true,
      revokedAt: true,
      scopes: true,
      workspace: { select: { organizationId: true, organization: { select: { plan: true } } } },
    },
  });
  if (!row) return null;
  return {
    apiKeyId: row.id,
    userId: row.createdById,
    workspaceId: row.workspaceId,
    organizationId: row.workspace.organizationId,
    plan: row.workspace.organization.plan,
    expiresAt: row.expiresAt,
    revoked: row.revokedAt !== null,
    scopes: storedKeyScopes(row.scopes),
  };
}

const TOUCH_INTERVAL_MS = 60_000;
const lastTouched = new Map<string, number>();

/** Records use of a key, at most once a minute per key and process (one write, not one per request). */
export function touchApiKey(apiKeyId: string): void {
  const now = Date.now();
  if ((lastTouched.get(apiKeyId) ?? 0) > now - TOUCH_INTERVAL_MS) return;
  lastTouched.set(apiKeyId, now);
  if (lastTouched.size > 50_000) lastTouched.clear();
  db.apiKey.updateMany({ where: { id: apiKeyId }, data: { lastUsedAt: new Date(now) } }).catch(() => lastTouched.delete(apiKeyId));
}

import type { ApiKey } from "../../db.ts";
import type { ApiKeySummary } from "./api-keys.schema.ts";
import { storedKeyScopes } from "./key-scopes.ts";

export function presentApiKey(key: ApiKey, now = new Date()): ApiKeySummary {
  const status = key.revokedAt ? "revoked" : key.expiresAt && key.expiresAt <= now ? "expired" : "active";
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    last4: key.last4,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    status,
    scopes: storedKeyScopes(key.scopes),
  };
}

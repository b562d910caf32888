import { z } from "zod";
import { KEY_SCOPES, keyScopeSchema } from "./key-scopes.ts";

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, "Give the key a name").max(100),
  /** optional expiry; must be in the future */
  expiresAt: z.coerce.date().optional(),
  /** what the key may do; omitted, every scope */
  scopes: z
    .array(keyScopeSchema)
    .min(1, "Choose at least one scope")
    .refine((s) => new Set(s).size === s.length, "Each scope may be listed once")
    .default([...KEY_SCOPES]),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

export const apiKeySummary = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  last4: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  status: z.enum(["active", "expired", "revoked"]),
  scopes: z.array(keyScopeSchema),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

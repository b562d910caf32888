import { z } from "zod";

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, "Give the key a name").max(100),
  /** optional expiry; must be in the future */
  expiresAt: z.coerce.date().optional(),
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
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

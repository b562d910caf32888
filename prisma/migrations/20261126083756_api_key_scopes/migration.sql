-- Scoped API keys (docs/api-guide.md, "Scopes"). Existing keys get every scope, as before.
ALTER TABLE "ApiKey" ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY['accounts:read', 'media:read', 'media:write', 'posts:read', 'posts:write', 'carousels:read', 'carousels:write', 'webhooks:read', 'webhooks:write']::TEXT[];

-- A key holds at least one scope, each a known one: an unknown name can never grant anything.
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_scopes_known" CHECK (
  "scopes" IS NOT NULL AND cardinality("scopes") > 0
  AND "scopes" <@ ARRAY['accounts:read', 'media:read', 'media:write', 'posts:read', 'posts:write', 'carousels:read', 'carousels:write', 'webhooks:read', 'webhooks:write']::TEXT[]
);

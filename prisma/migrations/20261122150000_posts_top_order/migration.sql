-- GET /api/v1/posts reads live posts only (NOT deleted) of a set of accounts, within a range of
-- postedAt. Partial indexes that carry accountId answer the counts from the index alone, and the top
-- order is views, then likes, nulls last (unavailable is not zero), newest first on ties.
-- Prisma's schema cannot declare partial indexes or NULLS LAST, so these live here only.
CREATE INDEX "SyncedPost_live_recent_idx" ON "SyncedPost" ("workspaceId", "postedAt" DESC, "accountId") WHERE NOT "deleted";
CREATE INDEX "SyncedPost_live_provider_recent_idx" ON "SyncedPost" ("workspaceId", "provider", "postedAt" DESC, "accountId") WHERE NOT "deleted";
CREATE INDEX "SyncedPost_live_top_idx" ON "SyncedPost" ("workspaceId", "views" DESC NULLS LAST, "likes" DESC NULLS LAST, "postedAt" DESC, "id" DESC) WHERE NOT "deleted";

-- Issue 49 point 6: RSS and Atom feeds. A feed is fetched when due (nextFetchAt), by the one
-- worker that claimed it (claimedUntil, a lease taken under FOR UPDATE SKIP LOCKED).
CREATE TABLE "Feed" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "accountIds" UUID[] NOT NULL,
    "mode" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "etag" TEXT,
    "lastModified" TEXT,
    "nextFetchAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" TIMESTAMPTZ(3),
    "lastFetchAt" TIMESTAMPTZ(3),
    "lastFetchStatus" TEXT,
    "lastFetchNewItems" INTEGER,
    "lastFetchError" TEXT,
    "firstFetchedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Feed_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Feed_mode_check" CHECK ("mode" IN ('draft', 'queue')),
    CONSTRAINT "Feed_lastFetchStatus_check" CHECK ("lastFetchStatus" IN ('ok', 'not_modified', 'error'))
);
CREATE INDEX "Feed_workspaceId_createdAt_idx" ON "Feed"("workspaceId", "createdAt");
CREATE INDEX "Feed_nextFetchAt_idx" ON "Feed"("nextFetchAt");
ALTER TABLE "Feed" ADD CONSTRAINT "Feed_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every item a feed has shown, by guid (else link): the primary key makes each item's draft or
-- post group happen once. status: seen (there before the subscription, never posted), pending
-- (its post group is being created under requestId), posted, failed (error says why). body is the
-- group's request as JSON text, kept byte for byte so a retry has the same fingerprint.
CREATE TABLE "FeedItem" (
    "feedId" UUID NOT NULL,
    "itemKey" TEXT NOT NULL,
    "workspaceId" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "title" TEXT,
    "link" TEXT,
    "publishedAt" TIMESTAMPTZ(3),
    "requestId" UUID,
    "body" TEXT,
    "draftId" UUID,
    "postGroupId" UUID,
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FeedItem_pkey" PRIMARY KEY ("feedId", "itemKey"),
    CONSTRAINT "FeedItem_status_check" CHECK ("status" IN ('seen', 'pending', 'posted', 'failed'))
);
CREATE INDEX "FeedItem_pending_idx" ON "FeedItem"("feedId") WHERE "status" = 'pending';
ALTER TABLE "FeedItem" ADD CONSTRAINT "FeedItem_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "Feed"("id") ON DELETE CASCADE ON UPDATE CASCADE;

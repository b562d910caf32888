-- Issue 49 point 5: bulk imports. An import is accepted whole (every row checked first) and its
-- rows become post groups in the worker, each under a requestId derived from the import's, so a
-- run that dies resumes without creating a row twice. Function bodies are U& strings that write
-- the statement separator as \003B (see 20261126090000_webhooks).
CREATE TABLE "Import" (
    "id" UUID NOT NULL,
    "workspaceId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdById" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "rowCount" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "leaseExpiresAt" TIMESTAMPTZ(3),
    "errorMessage" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMPTZ(3),
    CONSTRAINT "Import_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Import_status_check" CHECK ("status" IN ('queued', 'processing', 'completed', 'failed'))
);
CREATE UNIQUE INDEX "Import_workspaceId_requestId_key" ON "Import"("workspaceId", "requestId");
CREATE INDEX "Import_status_leaseExpiresAt_idx" ON "Import"("status", "leaseExpiresAt");
ALTER TABLE "Import" ADD CONSTRAINT "Import_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "ImportRow" (
    "importId" UUID NOT NULL,
    "row" INTEGER NOT NULL,
    -- the row as checked: accountIds, content with media URLs, scheduledAt or queue
    "input" JSONB NOT NULL,
    "postGroupId" UUID,
    -- why the row made no group, when it failed at creation (a media URL that did not import)
    "error" JSONB,
    CONSTRAINT "ImportRow_pkey" PRIMARY KEY ("importId", "row")
);
ALTER TABLE "ImportRow" ADD CONSTRAINT "ImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "Import"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- import.completed and import.failed when an import ends.
CREATE FUNCTION posteady_import_events() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  kind TEXT := ''import.'' || NEW."status"\003B
BEGIN
  IF NEW."status" IN (''completed'', ''failed'') AND NEW."status" IS DISTINCT FROM OLD."status"
     AND cardinality(posteady_webhook_listened(NEW."workspaceId", ARRAY[kind])) > 0 THEN
    PERFORM posteady_webhook_emit(NEW."workspaceId", kind, to_jsonb(NEW) - ''fingerprint'')\003B
  END IF\003B
  RETURN NULL\003B
END ';
CREATE TRIGGER "Import_webhook_events" AFTER UPDATE OF "status" ON "Import"
  FOR EACH ROW EXECUTE FUNCTION posteady_import_events();

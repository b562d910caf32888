-- Prisma's migration runner splits scripts at every semicolon, so function bodies are U& strings
-- that write it as \003B (as in 20261122170000_posts_day_counts).
-- Webhooks (docs/architecture.md, "Webhook events are written by triggers"): endpoints, the
-- events written in the same transaction as the change they report (an outbox), one delivery
-- per event and endpoint, and each delivery's attempts.
CREATE TABLE "Webhook" (
  "id" UUID NOT NULL,
  "workspaceId" UUID NOT NULL REFERENCES "Workspace"("id") ON DELETE CASCADE,
  "url" TEXT NOT NULL,
  "description" TEXT NOT NULL DEFAULT '',
  "events" TEXT[] NOT NULL,
  "secretEnc" TEXT NOT NULL,
  "enabled" BOOLEAN NOT NULL DEFAULT true,
  "disabledReason" TEXT,
  "failingSince" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "Webhook_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Webhook_workspaceId_idx" ON "Webhook"("workspaceId");

CREATE TABLE "WebhookEvent" (
  "id" UUID NOT NULL,
  "workspaceId" UUID NOT NULL REFERENCES "Workspace"("id") ON DELETE CASCADE,
  "type" TEXT NOT NULL,
  -- the row the event reports, as it was in the transaction that changed it
  "resource" JSONB NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WebhookDelivery" (
  "id" UUID NOT NULL,
  "eventId" UUID NOT NULL REFERENCES "WebhookEvent"("id") ON DELETE CASCADE,
  "webhookId" UUID NOT NULL REFERENCES "Webhook"("id") ON DELETE CASCADE,
  "status" TEXT NOT NULL DEFAULT 'pending',
  "attempts" INTEGER NOT NULL DEFAULT 0,
  -- pending: when it is due: while an attempt runs, when that attempt counts as lost (its worker died)
  "nextAttemptAt" TIMESTAMPTZ(3),
  "lastStatusCode" INTEGER,
  "lastError" TEXT,
  "deliveredAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "WebhookDelivery_status_check" CHECK ("status" IN ('pending', 'delivered', 'failed'))
);
CREATE INDEX "WebhookDelivery_due_idx" ON "WebhookDelivery"("nextAttemptAt") WHERE "status" = 'pending';
CREATE INDEX "WebhookDelivery_webhookId_createdAt_idx" ON "WebhookDelivery"("webhookId", "createdAt" DESC);
CREATE INDEX "WebhookDelivery_eventId_idx" ON "WebhookDelivery"("eventId");

CREATE TABLE "WebhookAttempt" (
  "id" UUID NOT NULL,
  "deliveryId" UUID NOT NULL REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE,
  "attemptedAt" TIMESTAMPTZ(3) NOT NULL,
  "durationMs" INTEGER NOT NULL,
  "statusCode" INTEGER,
  "error" TEXT,
  -- at most 1 KiB of what the endpoint answered
  "responseBody" TEXT,
  CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "WebhookAttempt_deliveryId_idx" ON "WebhookAttempt"("deliveryId", "attemptedAt");

-- Writes an event of `kind` for the workspace, with one delivery per enabled endpoint subscribed
-- to it, in the caller's transaction. Nothing is written when no endpoint listens.
CREATE FUNCTION posteady_webhook_emit(ws UUID, kind TEXT, resource JSONB) RETURNS void LANGUAGE plpgsql AS U&'
DECLARE
  event_id UUID := gen_random_uuid()\003B
BEGIN
  INSERT INTO "WebhookEvent" ("id", "workspaceId", "type", "resource") VALUES (event_id, ws, kind, resource)\003B
  INSERT INTO "WebhookDelivery" ("id", "eventId", "webhookId", "nextAttemptAt")
    SELECT gen_random_uuid(), event_id, w."id", now() FROM "Webhook" w
     WHERE w."workspaceId" = ws AND w."enabled" AND (kind = ANY(w."events") OR ''*'' = ANY(w."events"))\003B
END ';

CREATE FUNCTION posteady_webhook_listened(ws UUID, kinds TEXT[]) RETURNS TEXT[] LANGUAGE sql STABLE AS U&'
  SELECT coalesce(array_agg(k), ''{}'') FROM unnest(kinds) k
   WHERE EXISTS (SELECT FROM "Webhook" w WHERE w."workspaceId" = ws AND w."enabled" AND (k = ANY(w."events") OR ''*'' = ANY(w."events")))
';

-- Publish jobs: publish_job.<status> on every change of status (scheduled excepted: a new schedule
-- is scheduled_post.created), and the scheduled post's own events.
CREATE FUNCTION posteady_publish_job_events() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  kinds TEXT[] := ''{}''\003B
  k TEXT\003B
  snapshot JSONB\003B
BEGIN
  IF TG_OP = ''INSERT'' THEN
    IF NEW."status" <> ''scheduled'' THEN kinds := kinds || (''publish_job.'' || NEW."status"::TEXT)\003B END IF\003B
    IF NEW."scheduledPostId" IS NOT NULL THEN kinds := kinds || ''scheduled_post.created''::TEXT\003B END IF\003B
  ELSE
    IF NEW."status" IS DISTINCT FROM OLD."status" AND NEW."status" <> ''scheduled'' THEN kinds := kinds || (''publish_job.'' || NEW."status"::TEXT)\003B END IF\003B
    IF NEW."scheduledPostId" IS NOT NULL AND NEW."scheduledAt" IS DISTINCT FROM OLD."scheduledAt" THEN kinds := kinds || ''scheduled_post.rescheduled''::TEXT\003B END IF\003B
    IF NEW."scheduledPostId" IS NOT NULL AND NEW."status" = ''canceled'' AND OLD."status" <> ''canceled'' THEN kinds := kinds || ''scheduled_post.canceled''::TEXT\003B END IF\003B
  END IF\003B
  kinds := posteady_webhook_listened(NEW."workspaceId", kinds)\003B
  IF cardinality(kinds) = 0 THEN RETURN NULL\003B END IF\003B
  snapshot := (to_jsonb(NEW) - ''progress'') || jsonb_build_object(''username'', (SELECT "username" FROM "ConnectedAccount" WHERE "id" = NEW."accountId"))\003B
  FOREACH k IN ARRAY kinds LOOP PERFORM posteady_webhook_emit(NEW."workspaceId", k, snapshot)\003B END LOOP\003B
  RETURN NULL\003B
END ';
CREATE TRIGGER "PublishJob_webhook_events" AFTER INSERT OR UPDATE OF "status", "scheduledAt" ON "PublishJob"
  FOR EACH ROW EXECUTE FUNCTION posteady_publish_job_events();

-- Accounts: connected (new, reconnected, or back from needing reconnection), needs_reconnect,
-- disconnected, and posts.synced when a sync ends.
CREATE FUNCTION posteady_account_events() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  kinds TEXT[] := ''{}''\003B
  k TEXT\003B
  snapshot JSONB\003B
BEGIN
  IF TG_OP = ''INSERT'' THEN
    kinds := kinds || ''account.connected''::TEXT\003B
  ELSE
    IF (OLD."disconnectedAt" IS NOT NULL AND NEW."disconnectedAt" IS NULL) OR (OLD."needsReconnect" AND NOT NEW."needsReconnect" AND NEW."disconnectedAt" IS NULL) THEN
      kinds := kinds || ''account.connected''::TEXT\003B
    END IF\003B
    IF NEW."needsReconnect" AND NOT OLD."needsReconnect" THEN kinds := kinds || ''account.needs_reconnect''::TEXT\003B END IF\003B
    IF NEW."disconnectedAt" IS NOT NULL AND OLD."disconnectedAt" IS NULL THEN kinds := kinds || ''account.disconnected''::TEXT\003B END IF\003B
    IF NEW."lastSyncedAt" IS NOT NULL AND NEW."lastSyncedAt" IS DISTINCT FROM OLD."lastSyncedAt" THEN kinds := kinds || ''posts.synced''::TEXT\003B END IF\003B
  END IF\003B
  kinds := posteady_webhook_listened(NEW."workspaceId", kinds)\003B
  IF cardinality(kinds) = 0 THEN RETURN NULL\003B END IF\003B
  snapshot := to_jsonb(NEW) - ''accessTokenEnc'' - ''refreshTokenEnc''\003B
  FOREACH k IN ARRAY kinds LOOP PERFORM posteady_webhook_emit(NEW."workspaceId", k, snapshot)\003B END LOOP\003B
  RETURN NULL\003B
END ';
CREATE TRIGGER "ConnectedAccount_webhook_events" AFTER INSERT OR UPDATE OF "needsReconnect", "disconnectedAt", "lastSyncedAt" ON "ConnectedAccount"
  FOR EACH ROW EXECUTE FUNCTION posteady_account_events();

-- Media: media.confirmed when an item becomes a library item.
CREATE FUNCTION posteady_media_events() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF NEW."status" = ''CONFIRMED'' AND (TG_OP = ''INSERT'' OR OLD."status" <> ''CONFIRMED'')
     AND cardinality(posteady_webhook_listened(NEW."workspaceId", ARRAY[''media.confirmed''])) > 0 THEN
    PERFORM posteady_webhook_emit(NEW."workspaceId", ''media.confirmed'', to_jsonb(NEW))\003B
  END IF\003B
  RETURN NULL\003B
END ';
CREATE TRIGGER "MediaItem_webhook_events" AFTER INSERT OR UPDATE OF "status" ON "MediaItem"
  FOR EACH ROW EXECUTE FUNCTION posteady_media_events();

-- Carousels: carousel.completed and carousel.failed.
CREATE FUNCTION posteady_carousel_events() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  kind TEXT := ''carousel.'' || NEW."status"::TEXT\003B
BEGIN
  IF NEW."status" IN (''completed'', ''failed'') AND NEW."status" IS DISTINCT FROM OLD."status"
     AND cardinality(posteady_webhook_listened(NEW."workspaceId", ARRAY[kind])) > 0 THEN
    PERFORM posteady_webhook_emit(NEW."workspaceId", kind, to_jsonb(NEW) - ''slides'' - ''design'')\003B
  END IF\003B
  RETURN NULL\003B
END ';
CREATE TRIGGER "Carousel_webhook_events" AFTER UPDATE OF "status" ON "Carousel"
  FOR EACH ROW EXECUTE FUNCTION posteady_carousel_events();

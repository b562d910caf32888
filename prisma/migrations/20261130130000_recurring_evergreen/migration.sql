-- Recurring and evergreen post groups (issue 49).
-- A recurring group keeps its rule and each target's payload, and its occurrences are jobs
-- materialized ahead of time (occurrenceAt, a derived requestId each). An evergreen group is
-- published again into free queue slots of accounts whose schedule turns evergreen on.
ALTER TABLE "PostGroup" ADD COLUMN "repeat" JSONB,
  ADD COLUMN "evergreen" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "targetPayloads" JSONB,
  ADD COLUMN "seriesUntil" TIMESTAMPTZ(3),
  ADD COLUMN "seriesEndedAt" TIMESTAMPTZ(3);

ALTER TABLE "PublishJob" ADD COLUMN "occurrenceAt" TIMESTAMPTZ(3);

ALTER TABLE "PostingSchedule" ADD COLUMN "evergreenIntervalDays" INTEGER;

CREATE INDEX "PostGroup_series_open_idx" ON "PostGroup" ("seriesUntil") WHERE "repeat" IS NOT NULL AND "seriesEndedAt" IS NULL;
CREATE INDEX "PostGroup_evergreen_idx" ON "PostGroup" ("workspaceId") WHERE "evergreen";

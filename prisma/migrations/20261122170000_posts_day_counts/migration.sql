-- CreateTable
CREATE TABLE "SyncedPostDayCount" (
    "accountId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "live" INTEGER NOT NULL,

    CONSTRAINT "SyncedPostDayCount_pkey" PRIMARY KEY ("accountId","day")
);


-- Statement triggers keep the counts: each statement adds or takes away its rows per account and
-- UTC day in one upsert (a sync stores 1,000 posts per statement). Prisma's migration runner splits
-- scripts at every semicolon, so the function bodies are U& strings that write it as \003B.
CREATE FUNCTION "SyncedPost_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  INSERT INTO "SyncedPostDayCount" AS c ("accountId", day, live)
  SELECT "accountId", ("postedAt" AT TIME ZONE ''UTC'')::date, count(*) FROM new_rows WHERE NOT deleted GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("accountId", day) DO UPDATE SET live = c.live + EXCLUDED.live\003B
  RETURN NULL\003B
END';

CREATE FUNCTION "SyncedPost_count_updated"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  INSERT INTO "SyncedPostDayCount" AS c ("accountId", day, live)
  SELECT "accountId", day, sum(d) FROM (
    SELECT "accountId", ("postedAt" AT TIME ZONE ''UTC'')::date AS day, -1 AS d FROM old_rows WHERE NOT deleted
    UNION ALL
    SELECT "accountId", ("postedAt" AT TIME ZONE ''UTC'')::date, 1 FROM new_rows WHERE NOT deleted
  ) t GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT ("accountId", day) DO UPDATE SET live = c.live + EXCLUDED.live\003B
  RETURN NULL\003B
END';

-- (Rows are deleted with their account or workspace: the emptied days go too.)
CREATE FUNCTION "SyncedPost_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  INSERT INTO "SyncedPostDayCount" AS c ("accountId", day, live)
  SELECT "accountId", ("postedAt" AT TIME ZONE ''UTC'')::date, -count(*) FROM old_rows WHERE NOT deleted GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("accountId", day) DO UPDATE SET live = c.live + EXCLUDED.live\003B
  DELETE FROM "SyncedPostDayCount" c USING (SELECT DISTINCT "accountId" FROM old_rows) o WHERE c."accountId" = o."accountId" AND c.live = 0\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "SyncedPost_count_inserted" AFTER INSERT ON "SyncedPost" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "SyncedPost_count_inserted"();
CREATE TRIGGER "SyncedPost_count_updated" AFTER UPDATE ON "SyncedPost" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "SyncedPost_count_updated"();
CREATE TRIGGER "SyncedPost_count_deleted" AFTER DELETE ON "SyncedPost" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "SyncedPost_count_deleted"();

-- The posts stored before this migration.
INSERT INTO "SyncedPostDayCount" ("accountId", day, live)
SELECT "accountId", ("postedAt" AT TIME ZONE 'UTC')::date, count(*) FROM "SyncedPost" WHERE NOT deleted GROUP BY 1, 2;

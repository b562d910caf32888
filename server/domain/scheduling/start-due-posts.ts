// The scheduler's part: at its time a scheduled post leaves `scheduled` for the publishing queue
// (`queued`, as a post published now), and its job records how late that was (startLateMs).
// Workers take it from there through the queue entry written when it was accepted (run at the
// same time), and their claim is conditional, so a post never starts twice. Every worker process
// runs this; SKIP LOCKED lets them share a burst without waiting on each other or on a claim.
//
// Then the posts just started take their places in their accounts' lanes (lineUp): each
// account's first keeps its queue entry, and the rest wait in line without theirs, so a burst costs
// one trip through the queue per account rather than per post. That is a second statement, after
// every batch has started, so lining up one batch does not make the next one later. A post a
// worker claimed in between is left as it is, and one that a crash left out of line runs from its
// entry: lining up saves work, it never decides whether a post runs.
import { sql } from "../../db.ts";
import { lineUp } from "../publishing/engine/account-lane.ts";
import { removePublishEntries } from "../publishing/engine/publish-queue.ts";

/** Starts every due post, `batch` at a time, and lines them up; answers how many started. */
export async function startDuePosts(batch = 5_000): Promise<number> {
  const started: string[] = [];
  for (;;) {
    const rows = await sql<{ id: string }>(
      "schedule-start-due",
      `WITH due AS (
         SELECT id FROM "PublishJob" WHERE status = 'scheduled' AND "scheduledAt" <= now() ORDER BY "scheduledAt" LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       UPDATE "PublishJob" j SET status = 'queued', "updatedAt" = now(),
              "startLateMs" = COALESCE(j."startLateMs", GREATEST(0, (extract(epoch FROM now() - j."scheduledAt") * 1000)::int))
         FROM due WHERE j.id = due.id
       RETURNING j.id`,
      [batch],
    );
    for (const row of rows) started.push(row.id);
    if (rows.length < batch) break;
  }
  for (let i = 0; i < started.length; i += batch) await lineUpStarted(started.slice(i, i + batch));
  return started.length;
}

async function lineUpStarted(jobIds: string[]): Promise<void> {
  await sql(
    "schedule-line-up",
    `WITH started AS (
       SELECT id, "accountId", "scheduledAt", "createdAt" FROM "PublishJob" WHERE id = ANY($1::uuid[]) AND status = 'queued' FOR UPDATE SKIP LOCKED
     ), ${lineUp("started")}, in_line AS MATERIALIZED (
       SELECT count(*) FROM ${removePublishEntries(`ARRAY(SELECT id FROM started WHERE id NOT IN (SELECT holder FROM lined_up))`)}
     )
     SELECT count(*) FROM in_line`,
    [jobIds],
  );
}

// The scheduler's part: at its time a scheduled post leaves `scheduled` for the publishing queue
// (`queued`, as a post published now), and its job records how late that was (startLateMs).
// In the same statement the due posts take their places in their accounts' lanes (LINES_AT_START):
// each account's first runs from the queue entry written when it was accepted (run at the same
// time), and the rest wait in line without theirs, so a burst costs one trip through the queue
// per account rather than per post. Workers' claims are conditional, so a post never starts
// twice. Every worker process runs this; SKIP LOCKED lets them share a burst without waiting on
// each other or on a claim.
import { sql } from "../../db.ts";
import { LINES_AT_START } from "../publishing/engine/account-lane.ts";
import { removePublishEntries } from "../publishing/engine/publish-queue.ts";

export async function startDuePosts(limit = 5_000): Promise<number> {
  const [row] = await sql<{ started: number }>(
    "schedule-start-due",
    `WITH due AS (
       SELECT id FROM "PublishJob" WHERE status = 'scheduled' AND "scheduledAt" <= now() ORDER BY "scheduledAt" LIMIT $1 FOR UPDATE SKIP LOCKED
     ), started AS (
       UPDATE "PublishJob" j SET status = 'queued', "updatedAt" = now(),
              "startLateMs" = COALESCE(j."startLateMs", GREATEST(0, (extract(epoch FROM now() - j."scheduledAt") * 1000)::int))
         FROM due WHERE j.id = due.id
       RETURNING j.id, j."accountId", j."scheduledAt", j."createdAt"
     ), ${LINES_AT_START}, in_line AS MATERIALIZED (
       SELECT count(*) FROM ${removePublishEntries(`ARRAY(SELECT id FROM started WHERE id NOT IN (SELECT holder FROM lines_at_start))`)}
     )
     SELECT count(*)::int AS started FROM started, in_line`,
    [limit],
  );
  return row!.started;
}

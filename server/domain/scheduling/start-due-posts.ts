// The scheduler's part: at its time a scheduled post leaves `scheduled` for the publishing queue
// (`queued`, as a post published now), and its job records how late that was (startLateMs).
// Workers take it from there through the queue entry written when it was accepted (run at the
// same time), and their claim is conditional, so a post never starts twice. Every worker process
// runs this; SKIP LOCKED lets them share a burst without waiting on each other or on a claim.
import { sql } from "../../db.ts";

export async function startDuePosts(limit = 5_000): Promise<number> {
  const [row] = await sql<{ started: number }>(
    "schedule-start-due",
    `WITH due AS (
       SELECT id FROM "PublishJob" WHERE status = 'scheduled' AND "scheduledAt" <= now() ORDER BY "scheduledAt" LIMIT $1 FOR UPDATE SKIP LOCKED
     ), started AS (
       UPDATE "PublishJob" j SET status = 'queued', "updatedAt" = now(),
              "startLateMs" = COALESCE(j."startLateMs", GREATEST(0, (extract(epoch FROM now() - j."scheduledAt") * 1000)::int))
         FROM due WHERE j.id = due.id
       RETURNING 1
     )
     SELECT count(*)::int AS started FROM started`,
    [limit],
  );
  return row!.started;
}

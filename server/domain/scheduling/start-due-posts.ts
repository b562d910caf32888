// The scheduler's part: at its time a scheduled post leaves `scheduled` for the publishing queue
// (`queued`, as a post published now), and its job records how late that was (startLateMs); a
// job waiting for a later look or a retry is woken at its `wakeAt`. Either is then ready, for the
// next claim (../publishing/engine/dispatcher.ts). Every worker process runs this; SKIP LOCKED
// lets them share a burst without waiting on each other or on a claim. It also answers how soon
// the next post falls due or job wakes, so the clock can look again at that moment.
// A queue item of a paused account (issue 49) is left waiting: resuming gives it a new slot.
// Lateness is measured by clock_timestamp(): a row that became due while this statement waited on
// its lock is re-checked against the statement's older now(), which would make it look early.
import { sql } from "../../db.ts";

/** Starts every due post and wakes every waiting job whose time came, `batch` at a time; answers in how many ms the next is due (null: none). */
export async function startDuePosts(batch = 5_000): Promise<number | null> {
  for (;;) {
    const [row] = await sql<{ started: number; woken: number; nextInMs: number | null }>(
      "schedule-start-due",
      `WITH due AS (
         SELECT id FROM "PublishJob" j WHERE status = 'scheduled' AND "scheduledAt" <= now()
            AND NOT (j."inQueue" AND EXISTS (SELECT FROM "PostingSchedule" s WHERE s."accountId" = j."accountId" AND s.paused))
          ORDER BY "scheduledAt" LIMIT $1 FOR UPDATE SKIP LOCKED
       ), started AS (
         UPDATE "PublishJob" j SET status = 'queued', "updatedAt" = now(),
                "startLateMs" = COALESCE(j."startLateMs", GREATEST(0, (extract(epoch FROM clock_timestamp() - j."scheduledAt") * 1000)::int))
           FROM due WHERE j.id = due.id
         RETURNING j.id
       ), waking AS (
         SELECT id FROM "PublishJob" WHERE "wakeAt" <= now() ORDER BY "wakeAt" LIMIT $1 FOR UPDATE SKIP LOCKED
       ), woken AS (
         UPDATE "PublishJob" j SET "wakeAt" = NULL FROM waking WHERE j.id = waking.id RETURNING j.id
       )
       SELECT (SELECT count(*) FROM started)::int AS started, (SELECT count(*) FROM woken)::int AS woken,
              ceil(extract(epoch FROM least((SELECT min("scheduledAt") FROM "PublishJob" WHERE status = 'scheduled' AND "scheduledAt" > now()),
                                            (SELECT min("wakeAt") FROM "PublishJob" WHERE "wakeAt" > now())) - now()) * 1000)::int AS "nextInMs"`,
      [batch],
    );
    if (row!.started < batch && row!.woken < batch) return row!.nextInMs;
  }
}

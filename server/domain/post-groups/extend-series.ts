// Recurring groups' later occurrences: each series is materialized up to 60 days ahead (at most
// 100 occurrences at a time); the worker's `extend-series` task moves that horizon on. One series
// at a time under its row lock, skipping a row another worker holds, so several workers share the
// work and never add an occurrence twice (each occurrence's requestId is derived, see add-jobs.ts).
import { withTransaction } from "../../db.ts";
import { addJobs, type TargetPayload } from "./add-jobs.ts";
import { occurrenceRequestId } from "./create-post-group.ts";
import { occurrences, SERIES_BATCH, SERIES_HORIZON_DAYS, type RepeatRule } from "./repeat-rule.ts";

type SeriesRow = { id: string; workspaceId: string; requestId: string; repeat: RepeatRule; targetPayloads: TargetPayload[]; seriesUntil: Date };

/** Extends every series whose horizon is short; answers how many jobs were added. */
export async function extendSeries(now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + SERIES_HORIZON_DAYS * 86_400_000);
  let added = 0;
  for (;;) {
    const step = await withTransaction(async (q) => {
      const [group] = await q<SeriesRow>(
        "series-due",
        `SELECT id, "workspaceId", "requestId", repeat, "targetPayloads", "seriesUntil" FROM "PostGroup"
          WHERE repeat IS NOT NULL AND "seriesEndedAt" IS NULL AND "seriesUntil" < $1
          ORDER BY "seriesUntil" LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [horizon],
      );
      if (!group) return null;
      // from the later of the horizon so far and now: occurrences missed while no worker ran are not published late
      const from = new Date(Math.max(group.seriesUntil.getTime(), now.getTime()));
      const times = occurrences(group.repeat, from, horizon, SERIES_BATCH);
      let until = times.length === SERIES_BATCH ? times.at(-1)! : horizon;
      // a rule that has ended (COUNT, UNTIL) is not looked at again
      if (times.length < SERIES_BATCH && occurrences(group.repeat, horizon, new Date(horizon.getTime() + 100 * 366 * 86_400_000), 1).length === 0)
        until = new Date(8.64e15);
      const jobs = group.targetPayloads.flatMap((t) =>
        times.map((at) => ({
          ...t,
          postGroupId: group.id,
          at,
          timezone: group.repeat.timezone,
          requestId: occurrenceRequestId(group.requestId, t.accountId, at),
          inQueue: false,
          occurrenceAt: at,
        })),
      );
      const ids = await addJobs(q, group.workspaceId, jobs);
      await q("series-advance", `UPDATE "PostGroup" SET "seriesUntil" = $2 WHERE id = $1`, [group.id, until]);
      return ids.length;
    });
    if (step === null) return added;
    added += step;
  }
}

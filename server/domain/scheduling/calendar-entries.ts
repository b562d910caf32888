// The dashboard calendar: every post of the workspace in a time range, scheduled ones at their
// scheduled time and immediate ones when they were published (or attempted).
import { z } from "zod";
import { sql, type PublishJob } from "../../db.ts";
import type { Scope } from "../access.ts";
import { summaryOf } from "../publishing/present-job.ts";
import { CANCELLABLE_STATUSES, MOVABLE_STATUSES } from "./schedule-rules.ts";

export const calendarQuery = z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) });

type Row = PublishJob & { username: string; at: Date };

export async function calendarEntries(scope: Scope, query: z.infer<typeof calendarQuery>) {
  const rows = await sql<Row>(
    "calendar-entries",
    `SELECT * FROM (
       SELECT j.*, a.username, COALESCE(j."scheduledAt", j."finishedAt", j."createdAt") AS at
         FROM "PublishJob" j JOIN "ConnectedAccount" a ON a.id = j."accountId"
        WHERE j."workspaceId" = $1
     ) t WHERE at >= $2::timestamptz AND at < $3::timestamptz ORDER BY at, id LIMIT 2000`,
    [scope.workspaceId, query.from, query.to],
  );
  return rows.map((j) => ({
    jobId: j.id,
    scheduledPostId: j.scheduledPostId,
    provider: j.provider,
    username: j.username,
    status: j.status,
    at: j.at.toISOString(),
    scheduled: j.scheduledAt !== null,
    timezone: j.timezone,
    summary: summaryOf(j.payload),
    permalink: j.permalink,
    error: j.errorCode ? { code: j.errorCode, message: j.errorMessage ?? "" } : null,
    startedLateMs: j.startLateMs,
    movable: j.scheduledPostId !== null && MOVABLE_STATUSES.includes(j.status),
    cancellable: j.scheduledPostId !== null && CANCELLABLE_STATUSES.includes(j.status),
  }));
}
export type CalendarEntry = Awaited<ReturnType<typeof calendarEntries>>[number];

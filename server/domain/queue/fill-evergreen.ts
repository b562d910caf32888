// Evergreen (issue 49): for each account whose posting schedule has evergreen on, a free slot in
// the next 24 hours is filled by the evergreen post group it published least recently, and not
// within the schedule's interval. A refill is a queue item of its own (moved, shuffled and
// canceled as any other), added under the account's queue lock with a requestId derived from the
// group, the account and the slot, so two workers, or a run retried after a crash, add it once.
import { sql, withTransaction } from "../../db.ts";
import { derivedUuid } from "../ids.ts";
import { addJobs } from "../post-groups/add-jobs.ts";
import { takenMinutes, type StoredSchedule } from "./queue-store.ts";
import { freeSlots, normalizeSlots, type Slot } from "./slot-times.ts";

const DAY = 86_400_000;

/** Fills the coming day's free slots of every account with evergreen on; answers how many posts were added. */
export async function fillEvergreen(now = new Date()): Promise<number> {
  const accounts = await sql<{ accountId: string }>(
    "evergreen-accounts",
    `SELECT s."accountId" FROM "PostingSchedule" s JOIN "ConnectedAccount" a ON a.id = s."accountId" AND a."disconnectedAt" IS NULL
      WHERE s."evergreenIntervalDays" IS NOT NULL AND NOT s.paused AND s.slots <> '[]'::jsonb
        AND EXISTS (SELECT FROM "PostGroup" g WHERE g."workspaceId" = s."workspaceId" AND g.evergreen)`,
    [],
  );
  let added = 0;
  for (const { accountId } of accounts) added += await fillAccount(accountId, now);
  return added;
}

async function fillAccount(accountId: string, now: Date): Promise<number> {
  return withTransaction(async (q) => {
    // the account's queue lock; one held by an add or a move now is left to the next run
    const [row] = await q<{ workspaceId: string; timezone: string; slots: Slot[]; paused: boolean; evergreenIntervalDays: number }>(
      "evergreen-lock-schedule",
      `SELECT "workspaceId", timezone, slots, paused, "evergreenIntervalDays" FROM "PostingSchedule"
        WHERE "accountId" = $1 AND "evergreenIntervalDays" IS NOT NULL AND NOT paused FOR UPDATE SKIP LOCKED`,
      [accountId],
    );
    if (!row) return 0;
    const schedule: StoredSchedule = { accountId, timezone: row.timezone, slots: normalizeSlots(row.slots), paused: row.paused };
    const free = freeSlots(schedule, now, 7 * 24, await takenMinutes(q, accountId, true)).filter((at) => at.getTime() <= now.getTime() + DAY);
    if (free.length === 0) return 0;
    const groups = await q<{ id: string; requestId: string; provider: string; payload: unknown }>(
      "evergreen-candidates",
      `SELECT g.id, g."requestId", p.provider, p.payload FROM "PostGroup" g
         CROSS JOIN LATERAL jsonb_to_recordset(g."targetPayloads") AS p("accountId" uuid, provider text, payload jsonb)
         CROSS JOIN LATERAL (SELECT max(j."finishedAt") AS at FROM "PublishJob" j WHERE j."postGroupId" = g.id AND j."accountId" = $1 AND j.status = 'published') last
        WHERE g."workspaceId" = $2 AND g.evergreen AND p."accountId" = $1
          AND last.at IS NOT NULL AND last.at < $3::timestamptz - make_interval(days => $4)
          AND NOT EXISTS (SELECT FROM "PublishJob" j WHERE j."postGroupId" = g.id AND j."accountId" = $1 AND j.status IN ('scheduled', 'queued', 'processing'))
        ORDER BY last.at, g."createdAt", g.id LIMIT $5`,
      [accountId, row.workspaceId, now, row.evergreenIntervalDays, free.length],
    );
    const ids = await addJobs(
      q,
      row.workspaceId,
      groups.map((g, i) => ({
        postGroupId: g.id,
        accountId,
        provider: g.provider,
        payload: g.payload,
        at: free[i]!,
        timezone: row.timezone,
        requestId: derivedUuid("evergreen", g.requestId, accountId, free[i]!.toISOString()),
        inQueue: true,
        occurrenceAt: null,
      })),
    );
    return ids.length;
  });
}

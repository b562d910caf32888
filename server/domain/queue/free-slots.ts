// The queue's free slots in a time range, for the calendar's week view: each running queue's slot
// instants from now on that no post holds (a queued post, or one scheduled at that minute). A
// paused queue offers none, since nothing of it would publish there.
import { z } from "zod";
import { sql, type Provider } from "../../db.ts";
import type { Scope } from "../access.ts";
import { takenMinutes, type StoredSchedule } from "./queue-store.ts";
import { slotInstants, normalizeSlots, type Slot } from "./slot-times.ts";

export const freeSlotsQuery = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  accountIds: z.array(z.uuid()).max(200).optional(),
});

/** A bound per account on a runaway range (a week of hourly slots is 168). */
const MAX_PER_ACCOUNT = 500;

export type FreeSlot = { accountId: string; provider: Provider; username: string; at: string };

export async function freeSlotTimes(scope: Scope, query: z.infer<typeof freeSlotsQuery>): Promise<FreeSlot[]> {
  const from = new Date(Math.max(Date.parse(query.from), Date.now()));
  const to = new Date(query.to);
  if (to <= from) return [];
  const rows = await sql<StoredSchedule & { provider: Provider; username: string }>(
    "queue-free-slot-schedules",
    `SELECT s."accountId", s.timezone, s.slots, s.paused, a.provider, a.username FROM "PostingSchedule" s
       JOIN "ConnectedAccount" a ON a.id = s."accountId" AND a."disconnectedAt" IS NULL
      WHERE s."workspaceId" = $1 AND NOT s.paused AND ($2::uuid[] IS NULL OR s."accountId" = ANY($2::uuid[]))
      ORDER BY a.provider, a.username`,
    [scope.workspaceId, query.accountIds ?? null],
  );
  const found: FreeSlot[] = [];
  for (const row of rows) {
    const slots = normalizeSlots(row.slots as Slot[]);
    if (slots.length === 0) continue;
    const taken = await takenMinutes(sql, row.accountId, true);
    let n = 0;
    // slotInstants answers strictly after its start: one millisecond earlier includes a slot at `from`
    for (const at of slotInstants({ timezone: row.timezone, slots }, new Date(from.getTime() - 1))) {
      if (at >= to || n >= MAX_PER_ACCOUNT) break;
      n++;
      if (!taken.has(at.getTime())) found.push({ accountId: row.accountId, provider: row.provider, username: row.username, at: at.toISOString() });
    }
  }
  return found.sort((a, b) => a.at.localeCompare(b.at));
}

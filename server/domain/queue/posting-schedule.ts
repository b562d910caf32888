// GET and PUT /api/v1/accounts/{id}/posting-schedule. A change (new slots, a new zone, a pause or
// a resume) never publishes a queued post early nor drops one: under the account's queue lock,
// the waiting items flow, in their order, into the next free slots of the new schedule from now
// (slots already past are not used). While paused they keep those times but the scheduler leaves
// them alone (start-due-posts.ts); resuming places them again from the moment of the resume.
import { fieldError } from "../../errors.ts";
import { withTransaction, type TxSql } from "../../db.ts";
import { assertCan, type Scope } from "../access.ts";
import type { PostingScheduleBody, PostingScheduleView } from "./queue.schema.ts";
import { assignTimes, findAccount, lockQueueItems, lockSchedules, readSchedules, takenMinutes, type StoredSchedule } from "./queue-store.ts";
import { freeSlots, normalizeSlots } from "./slot-times.ts";

export async function getPostingSchedule(scope: Scope, accountId: string): Promise<PostingScheduleView> {
  await findAccount(scope, accountId);
  const schedule = (await readSchedules(scope.workspaceId, [accountId])).get(accountId);
  return present(accountId, schedule);
}

export async function putPostingSchedule(scope: Scope, accountId: string, body: PostingScheduleBody): Promise<PostingScheduleView> {
  assertCan(scope, "content.publish");
  await findAccount(scope, accountId);
  if (body.accountId !== undefined && body.accountId !== accountId) throw fieldError("accountId", "is not the account of the path", "invalid");
  const slots = normalizeSlots(body.slots);
  const schedule: StoredSchedule = { accountId, timezone: body.timezone, slots, paused: body.paused ?? false };
  // omitted: as it was (a client that predates evergreen does not turn it off)
  const evergreen = body.evergreen === undefined ? null : (body.evergreen?.minIntervalDays ?? -1);
  await withTransaction(async (q) => {
    await q(
      "queue-upsert-schedule",
      `INSERT INTO "PostingSchedule" ("accountId", "workspaceId", timezone, slots, paused, "updatedAt") VALUES ($1, $2, $3, $4::jsonb, $5, now())
       ON CONFLICT ("accountId") DO NOTHING`,
      [accountId, scope.workspaceId, schedule.timezone, JSON.stringify(slots), schedule.paused],
    );
    await lockSchedules(q, scope.workspaceId, [accountId]);
    const [saved] = await q<{ evergreenIntervalDays: number | null }>(
      "queue-update-schedule",
      `UPDATE "PostingSchedule" SET timezone = $3, slots = $4::jsonb, paused = $5,
              "evergreenIntervalDays" = CASE WHEN $6::int IS NULL THEN "evergreenIntervalDays" WHEN $6::int < 0 THEN NULL ELSE $6::int END, "updatedAt" = now()
        WHERE "accountId" = $1 AND "workspaceId" = $2 RETURNING "evergreenIntervalDays"`,
      [accountId, scope.workspaceId, schedule.timezone, JSON.stringify(slots), schedule.paused, evergreen],
    );
    schedule.evergreenIntervalDays = saved!.evergreenIntervalDays;
    await reflowQueue(q, scope.workspaceId, schedule);
  });
  return present(accountId, schedule);
}

/** The waiting items, in order, into the next free slots from now. Called under the account's queue lock. */
async function reflowQueue(q: TxSql, workspaceId: string, schedule: StoredSchedule): Promise<void> {
  const items = await lockQueueItems(q, workspaceId, schedule.accountId);
  if (items.length === 0) return;
  if (schedule.slots.length === 0) {
    // paused, they may wait where they are; otherwise they would publish at times no slot has
    if (schedule.paused) return;
    throw fieldError("slots", `must hold at least one slot while ${items.length} queued post(s) wait; pause the queue or cancel them first`, "too_small");
  }
  const taken = await takenMinutes(q, schedule.accountId, false);
  await assignTimes(q, items, freeSlots(schedule, new Date(), items.length, taken));
}

function present(accountId: string, schedule: StoredSchedule | undefined): PostingScheduleView {
  if (!schedule) return { accountId, timezone: "UTC", slots: [], paused: false, evergreen: null };
  const days = schedule.evergreenIntervalDays;
  return { accountId, timezone: schedule.timezone, slots: [...schedule.slots], paused: schedule.paused, evergreen: days ? { minIntervalDays: days } : null };
}

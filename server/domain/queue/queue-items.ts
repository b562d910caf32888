// The queue of one account: its waiting items (scheduled posts whose time is one of its slots),
// the next free slot, and reordering. A move or a shuffle keeps the slot times where they are
// and changes which post sits in each, under the account's queue lock.
import crypto from "node:crypto";
import { sql, withTransaction, type PublishJob } from "../../db.ts";
import { AppError, fieldError, notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { summaryOf } from "../publishing/present-job.ts";
import type { NextSlotView, QueueView } from "./queue.schema.ts";
import { assignTimes, findAccount, lockQueueItems, lockSchedules, readSchedules, takenMinutes, type QueueItemRow } from "./queue-store.ts";
import { freeSlots } from "./slot-times.ts";

export async function getQueue(scope: Scope, accountId: string): Promise<QueueView> {
  await findAccount(scope, accountId);
  const jobs = await sql<PublishJob>(
    "queue-items",
    `SELECT * FROM "PublishJob" WHERE "accountId" = $1 AND "workspaceId" = $2 AND "inQueue" AND status = 'scheduled'
      ORDER BY "scheduledAt", "createdAt", id`,
    [accountId, scope.workspaceId],
  );
  const recurring = await sql<PublishJob>(
    "queue-recurring",
    `SELECT * FROM "PublishJob" WHERE "accountId" = $1 AND "workspaceId" = $2 AND "occurrenceAt" IS NOT NULL AND status = 'scheduled'
      ORDER BY "scheduledAt", id LIMIT 20`,
    [accountId, scope.workspaceId],
  );
  return {
    recurring: recurring.map((j) => ({
      scheduledPostId: j.scheduledPostId!,
      jobId: j.id,
      postGroupId: j.postGroupId!,
      scheduledAt: j.scheduledAt!.toISOString(),
      text: summaryOf(j.payload),
    })),
    items: jobs.map((j, i) => ({
      position: i + 1,
      scheduledPostId: j.scheduledPostId!,
      jobId: j.id,
      postGroupId: j.postGroupId,
      accountId: j.accountId,
      provider: j.provider,
      scheduledAt: j.scheduledAt!.toISOString(),
      text: summaryOf(j.payload),
    })),
  };
}

export async function getNextSlot(scope: Scope, accountId: string): Promise<NextSlotView> {
  await findAccount(scope, accountId);
  const schedule = (await readSchedules(scope.workspaceId, [accountId])).get(accountId);
  if (!schedule) return { accountId, slotAt: null };
  const [slot] = freeSlots(schedule, new Date(), 1, await takenMinutes(sql, accountId, true));
  return { accountId, slotAt: slot?.toISOString() ?? null };
}

export async function moveQueueItem(scope: Scope, scheduledPostId: string, position: number): Promise<QueueView> {
  assertCan(scope, "content.publish");
  const accountId = await accountOfItem(scope, scheduledPostId);
  await reorder(scope, accountId, (items) => {
    const from = items.findIndex((i) => i.scheduledPostId === scheduledPostId);
    // started since it was read: no longer the queue's to move
    if (from < 0) throw new AppError("CONFLICT", "This post is no longer waiting in the queue (its publishing has started or it was canceled)");
    if (position > items.length) throw fieldError("position", `must be at most ${items.length}, the length of the account's queue`, "too_big");
    const order = [...items];
    const [item] = order.splice(from, 1);
    order.splice(position - 1, 0, item!);
    return order;
  });
  return getQueue(scope, accountId);
}

export async function shuffleQueue(scope: Scope, accountId: string): Promise<QueueView> {
  assertCan(scope, "content.publish");
  await findAccount(scope, accountId);
  await reorder(scope, accountId, (items) => {
    const order = [...items];
    for (let i = order.length - 1; i > 0; i--) {
      const j = crypto.randomInt(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return order;
  });
  return getQueue(scope, accountId);
}

/** The slot times in order stay; the items take them in the new order. */
async function reorder(scope: Scope, accountId: string, order: (items: QueueItemRow[]) => QueueItemRow[]): Promise<void> {
  await withTransaction(async (q) => {
    await lockSchedules(q, scope.workspaceId, [accountId]);
    const items = await lockQueueItems(q, scope.workspaceId, accountId);
    const reordered = order(items);
    await assignTimes(
      q,
      reordered,
      items.map((i) => i.scheduledAt),
    );
  });
}

async function accountOfItem(scope: Scope, scheduledPostId: string): Promise<string> {
  const [job] = isUuid(scheduledPostId)
    ? await sql<{ accountId: string; inQueue: boolean; status: string }>(
        "queue-item-account",
        `SELECT "accountId", "inQueue", status FROM "PublishJob" WHERE "scheduledPostId" = $1 AND "workspaceId" = $2`,
        [scheduledPostId, scope.workspaceId],
      )
    : [];
  if (!job) throw notFound("Scheduled post");
  if (!job.inQueue) throw new AppError("CONFLICT", "This scheduled post is not in a queue: it has an exact time of its own");
  if (job.status !== "scheduled") throw new AppError("CONFLICT", `This post is no longer waiting in the queue (status ${job.status})`);
  return job.accountId;
}

/**
 * "Post next now": the first waiting item leaves the queue with its time set to now, so the clock
 * starts it at its next look; the others move up into the earlier slot times (the last slot is
 * freed). Its time changes as a reschedule does (the trigger records scheduled_post.rescheduled).
 */
export async function publishNextNow(scope: Scope, accountId: string): Promise<QueueView> {
  assertCan(scope, "content.publish");
  await findAccount(scope, accountId);
  await withTransaction(async (q) => {
    await lockSchedules(q, scope.workspaceId, [accountId]);
    const items = await lockQueueItems(q, scope.workspaceId, accountId);
    const [first, ...rest] = items;
    if (!first) throw new AppError("CONFLICT", "The queue of this account is empty: there is no post to publish now. Add posts with queue: true first.");
    await q(
      "queue-publish-next",
      `WITH j AS (
         UPDATE "PublishJob" SET "scheduledAt" = now(), "inQueue" = false, "updatedAt" = now()
          WHERE id = $1 AND "inQueue" AND status = 'scheduled'
          RETURNING "scheduledPostId", "scheduledAt"
       )
       UPDATE "ScheduledPost" s SET "scheduledAt" = j."scheduledAt", "updatedAt" = now() FROM j WHERE s.id = j."scheduledPostId"`,
      [first.id],
    );
    await assignTimes(
      q,
      rest,
      items.slice(0, rest.length).map((i) => i.scheduledAt),
    );
  });
  return getQueue(scope, accountId);
}

// The queue's statements, shared by adds, moves, shuffles and schedule changes. Every write runs
// in one transaction that first locks the account's PostingSchedule row (SELECT … FOR UPDATE):
// that row is the account's queue lock, so two adds, or an add and a move, never read the same
// free slot. The exclusion constraint PublishJob_one_queue_item_per_slot backs it in the table.
import { sql, type TxSql } from "../../db.ts";
import { notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { normalizeSlots, type Slot, type WeeklySchedule } from "./slot-times.ts";

export type StoredSchedule = WeeklySchedule & { accountId: string; paused: boolean; evergreenIntervalDays?: number | null };
export type QueueItemRow = { id: string; scheduledPostId: string; scheduledAt: Date };

/** The account of the workspace (connected), or 404. */
export async function findAccount(scope: Scope, accountId: string): Promise<{ id: string; provider: string }> {
  const [account] = isUuid(accountId)
    ? await sql<{ id: string; provider: string }>(
        "queue-account",
        `SELECT id, provider FROM "ConnectedAccount" WHERE id = $1 AND "workspaceId" = $2 AND "disconnectedAt" IS NULL`,
        [accountId, scope.workspaceId],
      )
    : [];
  if (!account) throw notFound("Account");
  return account;
}

/** The accounts' schedules, locked for this transaction in one order (no deadlock between two multi-account adds). */
export async function lockSchedules(q: TxSql, workspaceId: string, accountIds: string[]): Promise<Map<string, StoredSchedule>> {
  const rows = await q<{ accountId: string; timezone: string; slots: Slot[]; paused: boolean }>(
    "queue-lock-schedules",
    `SELECT "accountId", timezone, slots, paused FROM "PostingSchedule"
      WHERE "accountId" = ANY($1::uuid[]) AND "workspaceId" = $2 ORDER BY "accountId" FOR UPDATE`,
    [accountIds, workspaceId],
  );
  return new Map(rows.map((r) => [r.accountId, { ...r, slots: normalizeSlots(r.slots) }]));
}

export async function readSchedules(workspaceId: string, accountIds: string[]): Promise<Map<string, StoredSchedule>> {
  const rows = await sql<{ accountId: string; timezone: string; slots: Slot[]; paused: boolean; evergreenIntervalDays: number | null }>(
    "queue-read-schedules",
    `SELECT "accountId", timezone, slots, paused, "evergreenIntervalDays" FROM "PostingSchedule" WHERE "accountId" = ANY($1::uuid[]) AND "workspaceId" = $2`,
    [accountIds, workspaceId],
  );
  return new Map(rows.map((r) => [r.accountId, { ...r, slots: normalizeSlots(r.slots) }]));
}

/**
 * The minutes (epoch ms) the account's posts hold from now on: a slot holds one post, and an
 * exact-time scheduled post in a slot's minute holds it. `withQueue: false` leaves out the
 * waiting queue items (a reflow places those again).
 */
export async function takenMinutes(q: TxSql, accountId: string, withQueue: boolean): Promise<Set<number>> {
  const rows = await q<{ at: number }>(
    "queue-taken-minutes",
    `SELECT DISTINCT extract(epoch FROM date_trunc('minute', "scheduledAt"))::float8 * 1000 AS at FROM "PublishJob"
      WHERE "accountId" = $1 AND "scheduledAt" > now() AND status <> 'canceled' AND ($2 OR NOT ("inQueue" AND status = 'scheduled'))`,
    [accountId, withQueue],
  );
  return new Set(rows.map((r) => Number(r.at)));
}

/** The account's waiting queue items in queue order, locked (a worker's start skips or waits for them). */
export async function lockQueueItems(q: TxSql, workspaceId: string, accountId: string): Promise<QueueItemRow[]> {
  return q<QueueItemRow>(
    "queue-lock-items",
    `SELECT id, "scheduledPostId", "scheduledAt" FROM "PublishJob"
      WHERE "accountId" = $1 AND "workspaceId" = $2 AND "inQueue" AND status = 'scheduled'
      ORDER BY "scheduledAt", "createdAt", id FOR UPDATE`,
    [accountId, workspaceId],
  );
}

/** Gives each item its time (job and scheduled post together); only items still waiting change. */
export async function assignTimes(q: TxSql, items: QueueItemRow[], times: Date[]): Promise<void> {
  if (items.length === 0) return;
  await q(
    "queue-assign-times",
    `WITH input AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[]) AS t(job_id, at)),
     j AS (
       UPDATE "PublishJob" p SET "scheduledAt" = input.at, "updatedAt" = now() FROM input
        WHERE p.id = input.job_id AND p."inQueue" AND p.status = 'scheduled'
        RETURNING p."scheduledPostId", p."scheduledAt"
     )
     UPDATE "ScheduledPost" s SET "scheduledAt" = j."scheduledAt", "updatedAt" = now() FROM j WHERE s.id = j."scheduledPostId"`,
    [items.map((i) => i.id), times],
  );
}

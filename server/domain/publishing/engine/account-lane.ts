// An account's publishing lane: its jobs publish one at a time, and a job that finds its account
// busy waits in the lane's line instead of in the queue. The lane is one row per account (holder,
// line of waiters) changed only by single UPDATEs, which PostgreSQL applies to the row's latest
// version under its lock: a claim and a hand-off racing each other always agree on who holds it.
//
// Why not the queue's named queues: graphile-worker's look-up locks every free named queue while
// it searches, so look-ups that overlap find nothing and their workers idle until the next poll.
// Here the queue sees plain jobs; only a collision costs a second trip through the queue.
//
// Every way out of a run hands the lane on in the statement that records the run's end (finish,
// release for a later retry); a hand-off adds the next waiter's queue entry in that statement too.
// A run's end may instead give the lane to the account's next job, for the same worker to run next
// (endRunInLane): the first in line, or with nobody in line, the account's oldest ready job.
// A job accepted while its account's lane is held joins the line at once, and scheduled posts
// falling due join their accounts' lines together (lineUp), so a burst of an account's posts
// takes one trip through the queue, not one per post.
// A run that dies keeps its lane until its lease lapses; the watchdog then passes it on (sweepLanes).
import { sql } from "../../../db.ts";
import { leaseSeconds } from "./lease.ts";
import { addPublishEntry } from "./publish-queue.ts";

const lease = () => `make_interval(secs => ${leaseSeconds()})`;

/** SQL condition: job `j` is ready to run now (queued, or scheduled and due). */
function readyNow(j: string): string {
  return `(${j}.status = 'queued' OR (${j}.status = 'scheduled' AND ${j}."scheduledAt" <= now()))`;
}

/** SQL sort key of an account's ready jobs, oldest first: their time, then their acceptance. */
function readyOrder(j: string): string {
  return `COALESCE(${j}."scheduledAt", ${j}."createdAt"), ${j}."createdAt"`;
}

/**
 * CTE `older`: a ready job of the account of job `$1` (selected with its account, "scheduledAt" and
 * "createdAt" by a preceding CTE `target`) that is older than it and not yet in the account's lane
 * (neither holding it nor in its line), unless the lane is reserved for `$1`. Such a job goes
 * first, so that posts of one account falling due together keep their order when workers reach
 * their queue entries before the scheduler lines them up (or, after an outage, before it has run).
 */
export const OLDER_NOT_IN_LANE = `older AS (
       SELECT o.id FROM target t
         JOIN "PublishJob" o ON o."accountId" = t."accountId" AND o.id <> t.id
         LEFT JOIN "PublishLane" l ON l."accountId" = t."accountId"
        WHERE ${readyNow("o")} AND (${readyOrder("o")}) < (${readyOrder("t")})
          AND l.holder IS DISTINCT FROM t.id
          AND o.id IS DISTINCT FROM l.holder AND o.id <> ALL(COALESCE(l.waiters, '{}'))
        LIMIT 1
     )`;

/**
 * An upsert taking the lane of the job `$1` (selected with its account by a preceding CTE
 * `target`), or putting the job in its line; nothing while CTE `older` (OLDER_NOT_IN_LANE) names a
 * job to go first. Free: nobody holds it, the job itself does (a reservation, or its own earlier
 * run), or the holder's lease lapsed. RETURNING `granted`.
 */
export const takeLane = () => `
  INSERT INTO "PublishLane" AS l ("accountId", holder, running, "heldUntil", waiters)
  SELECT target."accountId", $1::uuid, true, now() + ${lease()}, '{}' FROM target WHERE NOT EXISTS (SELECT FROM older)
  ON CONFLICT ("accountId") DO UPDATE SET
    holder = CASE WHEN ${free("EXCLUDED.holder")} THEN EXCLUDED.holder ELSE l.holder END,
    running = ${free("EXCLUDED.holder")} OR l.running,
    "heldUntil" = CASE WHEN ${free("EXCLUDED.holder")} THEN EXCLUDED."heldUntil" ELSE l."heldUntil" END,
    waiters = CASE WHEN ${free("EXCLUDED.holder")} THEN array_remove(l.waiters, EXCLUDED.holder)
                   WHEN EXCLUDED.holder = ANY(l.waiters) THEN l.waiters
                   ELSE l.waiters || EXCLUDED.holder END
  RETURNING l.holder = $1::uuid AS granted`;

function free(job: string): string {
  return `(l.holder IS NULL OR l.holder = ${job} OR l."heldUntil" < now())`;
}

/**
 * CTEs handing the lanes matching `where` (over alias `l`) on. To the job SQL expression `to` names,
 * running, when it names one (the caller claims it: `handed.next` where `handed.running`; it leaves
 * the line if it was first in it, and the others stay); otherwise to their first waiter, reserved
 * for it while its queue entry (added here, in `enqueued`, at SQL expression `priority`) comes round.
 * The statement's final SELECT must read `enqueued`, or PostgreSQL would not run it.
 */
export function handOffLanes(where: string, to = "NULL::uuid", priority = "-1"): string {
  return `handed AS (
       UPDATE "PublishLane" l SET holder = COALESCE(n.id, l.waiters[1]), running = n.id IS NOT NULL,
              waiters = CASE WHEN n.id IS NULL OR n.id = l.waiters[1] THEN l.waiters[2:] ELSE l.waiters END,
              "heldUntil" = CASE WHEN n.id IS NOT NULL OR cardinality(l.waiters) > 0 THEN now() + ${lease()} END
         FROM (SELECT ${to} AS id) n
        WHERE ${where}
        RETURNING l."accountId", l.holder AS next, l.running
     ), enqueued AS MATERIALIZED (
       SELECT ${addPublishEntry({ id: "next", accountId: '"accountId"' }, { handOffPriority: priority })} FROM handed WHERE next IS NOT NULL AND NOT running
     )`;
}

/** SQL condition: job `j` can be claimed by a run now (due; not finished, and not running under a live lease). */
export function claimable(j: string): string {
  return `(${j}."scheduledAt" IS NULL OR ${j}."scheduledAt" <= now() + interval '1 second')
          AND (${j}.status IN ('queued', 'scheduled')
               -- released to wait (leaseOwner NULL), or its run's lease lapsed
               OR (${j}.status = 'processing' AND (${j}."leaseOwner" IS NULL OR ${j}."leaseExpiresAt" IS NULL OR ${j}."leaseExpiresAt" < now())))`;
}

/**
 * CTEs passing on the lane of job `$1`, whose run a preceding CTE `ended` ended (RETURNING its
 * "accountId"). While SQL condition `goOn` holds, the lane goes to the account's next job for the
 * caller to claim: the first in line if it can run now, or with nobody in line, the account's
 * oldest ready job (queued, or scheduled and due); CTE `first_in_line` names the former, which has no
 * queue entry. Otherwise the lane goes to the first in line (handOffLanes), whose queue entry then
 * waits its turn behind other accounts' due jobs.
 */
export function endRunInLane(goOn: string): string {
  return `first_in_line AS (
       SELECT j.id FROM "PublishLane" w JOIN "PublishJob" j ON j.id = w.waiters[1]
        WHERE ${goOn} AND w."accountId" = (SELECT "accountId" FROM ended) AND ${claimable("j")}
        FOR UPDATE OF j SKIP LOCKED
     ), next_ready AS (
       SELECT j.id FROM "PublishJob" j
        WHERE ${goOn} AND j."accountId" = (SELECT "accountId" FROM ended)
          AND ${readyNow("j")}
          AND NOT EXISTS (SELECT FROM "PublishLane" w WHERE w."accountId" = j."accountId" AND cardinality(w.waiters) > 0)
        ORDER BY ${readyOrder("j")} LIMIT 1
        FOR UPDATE SKIP LOCKED
     ), ${handOffLanes(`l."accountId" = (SELECT "accountId" FROM ended) AND l.holder = $1`, "COALESCE((SELECT id FROM first_in_line), (SELECT id FROM next_ready))", `CASE WHEN ${goOn} THEN -1 ELSE 0 END`)}`;
}

/**
 * CTEs placing queued jobs in their accounts' lanes, one upsert per account: a free lane is
 * reserved for the account's first (its queue entry comes round as usual), and the others join the
 * line in order of time, where the run before them hands the lane on, so they need no queue entry.
 * `jobs` is SQL naming the jobs (id, "accountId", "scheduledAt", "createdAt"): one just accepted,
 * or the scheduled posts the scheduler just started. CTE `lined_up` RETURNs the lanes' holders; a
 * job that is not one waits in line. A job already holding or in a lane (a worker's claim met its
 * account busy before this) keeps its place. PostgreSQL applies each upsert to the lane's latest
 * version under its lock, so a hand-off racing it either sees the new waiters or ran first and left
 * the lane free; lanes are locked in account order, so schedulers sharing a burst cannot deadlock.
 */
export function lineUp(jobs: string): string {
  return `by_account AS (
       SELECT "accountId", array_agg(id ORDER BY "scheduledAt", "createdAt") AS ids FROM ${jobs} j GROUP BY "accountId"
     ), lined_up AS (
       INSERT INTO "PublishLane" AS l ("accountId", holder, running, "heldUntil", waiters)
       SELECT "accountId", ids[1], false, now() + ${lease()}, ids[2:] FROM by_account ORDER BY "accountId"
       ON CONFLICT ("accountId") DO UPDATE SET
         holder = COALESCE(l.holder, EXCLUDED.holder), running = l.holder IS NOT NULL AND l.running,
         "heldUntil" = CASE WHEN l.holder IS NULL THEN EXCLUDED."heldUntil" ELSE l."heldUntil" END,
         waiters = l.waiters || ARRAY(
           SELECT w FROM unnest(CASE WHEN l.holder IS NULL THEN EXCLUDED.waiters ELSE EXCLUDED.holder || EXCLUDED.waiters END) WITH ORDINALITY AS u(w, i)
            WHERE w IS DISTINCT FROM l.holder AND w <> ALL(l.waiters) ORDER BY i)
       RETURNING l.holder
     )`;
}

/**
 * A reserved lane whose job turned out not to run (canceled, moved, already finished) goes on to
 * the next waiter. A running holder keeps it: a duplicate queue entry of a running job lands here.
 */
export async function passLaneOn(jobId: string): Promise<void> {
  await sql(
    "lane-pass-on",
    `WITH ${handOffLanes(`l."accountId" = (SELECT "accountId" FROM "PublishJob" WHERE id = $1) AND l.holder = $1 AND NOT l.running`)}
     SELECT count(*) FROM enqueued`,
    [jobId],
  );
}

/** Lanes whose holder's lease lapsed (its worker died) while jobs wait in line. */
export async function sweepLanes(): Promise<number> {
  const [row] = await sql<{ handed: number }>(
    "lane-sweep",
    `WITH ${handOffLanes(`l."heldUntil" < now() AND cardinality(l.waiters) > 0`)} SELECT count(*)::int AS handed FROM enqueued`,
    [],
  );
  return row!.handed;
}

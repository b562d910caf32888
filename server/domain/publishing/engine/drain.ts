// One drain per account: the task of the account's queue entry (./drain-queue.ts) runs its ready
// jobs one at a time, oldest first, for a slice of time. Invariant (docs/architecture.md):
// at most one job per account holds a lease (a unique index), a job runs only under its lease,
// and every ready job's account has a drain entry or a drain that will reach it.
//
// A claim is a conditional UPDATE with FOR UPDATE SKIP LOCKED, so a cancel racing it has one
// winner; the lease names the worker process's own (./worker-lease.ts), which tells the watchdog
// when the worker died. A run that died during submit() leaves a job the next run asks its flow
// to recover, or marks `unknown`: the service never submits twice. A run waiting on the platform
// parks: the drain returns its worker slot, and the run's end hands the account on.
import { ACCOUNT_TIMESTAMPS, fromJsonRow, sql, type ConnectedAccount, type PublishJob } from "../../../db.ts";
import { log } from "../../../log.ts";
import { ensureDrains } from "./drain-queue.ts";
import type { Progress } from "./flow-context.ts";
import type { FlowRegistry } from "./flow.ts";
import { STORED_MEDIA_JSON, type StoredMedia } from "./media-source.ts";
import { runClaimed, type Claimed, type Outcome, type RunHooks } from "./run-job.ts";
import { workerLease } from "./worker-lease.ts";

/**
 * How long a drain goes on through its account's backlog before the account's entry goes to the
 * back of the queue, behind other accounts' due jobs. A slice of time, not a count of jobs: quick
 * posts run on without a trip through the queue, slow ones still let other accounts in soon.
 */
const ACCOUNT_SLICE_MS = 5_000;

type ClaimRow = PublishJob & { claimAccount: Record<string, unknown> | null; claimMedia: StoredMedia[] };

/**
 * SQL condition: job `j` is ready: queued (published now, or scheduled and started by the
 * scheduler), or processing without a lease (woken, or its worker died).
 */
export const READY = (j: string) => `(${j}."leaseOwner" IS NULL AND ${j}."wakeAt" IS NULL AND ${j}.status IN ('queued', 'processing'))`;

/**
 * CTEs claiming for `owner` (an SQL parameter) the oldest ready job (time, then acceptance) of
 * the account SQL expression `account` names, other than job `except`, unless another of its jobs
 * holds a lease. The holder's row is locked, not skipped: a claim meeting a run's end waits for it
 * and sees the lease gone. CTE `job` RETURNs the claimed job with its account and media.
 */
function claimNext(account: string, except = "NULL::uuid", owner = "$2"): string {
  return `holder AS (
       SELECT id FROM "PublishJob" WHERE "accountId" = ${account} AND "leaseOwner" IS NOT NULL AND id IS DISTINCT FROM ${except} FOR UPDATE
     ), next AS (
       SELECT id FROM "PublishJob" j
        WHERE j."accountId" = ${account} AND ${READY("j")} AND j.id IS DISTINCT FROM ${except} AND NOT EXISTS (SELECT FROM holder)
        ORDER BY COALESCE(j."scheduledAt", j."createdAt"), j."createdAt" LIMIT 1
        FOR UPDATE SKIP LOCKED
     ), job AS (
       UPDATE "PublishJob" j SET status = 'processing', "leaseOwner" = ${owner},
              "startedAt" = COALESCE("startedAt", now()), attempts = attempts + 1, "updatedAt" = now()
         FROM next WHERE j.id = next.id
        RETURNING j.*, (SELECT to_jsonb(a) FROM "ConnectedAccount" a WHERE a.id = j."accountId") AS "claimAccount",
                  (SELECT coalesce(jsonb_agg(${STORED_MEDIA_JSON}), '[]'::jsonb) FROM "MediaItem" m
                    WHERE m."workspaceId" = j."workspaceId" AND m.status = 'CONFIRMED'
                      AND m.id IN (SELECT (v #>> '{}')::uuid FROM jsonb_path_query(j.payload, 'strict $.**.mediaId') v)) AS "claimMedia"
     )`;
}

/** CTE `handed_on`: the drain entry of the account of CTE `ended`, when it has another ready job. */
const HAND_ON = `handed_on AS MATERIALIZED (
       SELECT count(*) FROM ${ensureDrains(`ARRAY(SELECT "accountId" FROM ended e WHERE EXISTS (
         SELECT FROM "PublishJob" j WHERE j."accountId" = e."accountId" AND j.id <> $1 AND ${READY("j")}))`)} x
     )`;

function claimed(row: ClaimRow | undefined): Claimed | undefined {
  if (!row?.id) return undefined;
  const { claimAccount, claimMedia, ...job } = row;
  return { job, account: claimAccount ? fromJsonRow<ConnectedAccount>(claimAccount, ACCOUNT_TIMESTAMPS) : undefined, media: claimMedia };
}

/** A claim losing to another drain's (the one-lease index) finds the account busy: nothing to do. */
function busyOnConflict(err: unknown): undefined {
  if ((err as { code?: string }).code === "23505") return undefined;
  throw err;
}

async function claim(accountId: string, owner: string): Promise<Claimed | undefined> {
  const rows = await sql<ClaimRow>("job-claim", `WITH ${claimNext("$1::uuid")} SELECT * FROM job`, [accountId, owner]).catch(busyOnConflict);
  return claimed(rows?.[0]);
}

/**
 * Records the run's end. With `goOn`, claims the account's next ready job for this drain in the
 * same statement; otherwise hands the account on (its drain entry, if it has a ready job left).
 */
async function finish(jobId: string, owner: string, data: Outcome, goOn: boolean): Promise<Claimed | undefined> {
  const rows: ClaimRow[] = await sql<ClaimRow>(
    goOn ? "job-finish-go-on" : "job-finish-hand-on",
    `WITH ended AS (
       UPDATE "PublishJob" SET status = $3::"JobStatus", "postId" = COALESCE($4, "postId"), permalink = COALESCE($5, permalink),
              "postIds" = COALESCE($6, "postIds"), "errorCode" = $7, "errorMessage" = $8, "finishedAt" = now(),
              "leaseOwner" = NULL, "updatedAt" = now()
        WHERE id = $1 AND "leaseOwner" = $2 AND status = 'processing'
        RETURNING "accountId"
     ), ${goOn ? claimNext(`(SELECT "accountId" FROM ended)`, "$1") : HAND_ON}
     SELECT ${goOn ? "job.* FROM job" : "NULL AS id FROM handed_on"}`,
    [jobId, owner, data.status, data.postId ?? null, data.permalink ?? null, data.postIds ?? null, data.code ?? null, data.message ?? null],
  ).catch((err: unknown) => {
    // A claim of the next job cannot lose to another drain's while this one holds the account,
    // but if it ever did, the end is still recorded (and the account handed on).
    if (goOn && (err as { code?: string }).code === "23505") return finish(jobId, owner, data, false).then(() => []);
    throw err;
  });
  return claimed(rows[0]);
}

/** Keeps the job processing without a lease, to be woken at `wakeAt` (`progress` merged), and hands its account on. */
async function release(jobId: string, owner: string, wakeAt: Date, progress: Progress = {}): Promise<void> {
  await sql(
    "job-release",
    `WITH ended AS (
       UPDATE "PublishJob" SET "leaseOwner" = NULL, "wakeAt" = $3::timestamptz, progress = progress || $4::jsonb, "updatedAt" = now()
        WHERE id = $1 AND "leaseOwner" = $2
        RETURNING "accountId"
     ), ${HAND_ON}
     SELECT * FROM handed_on`,
    [jobId, owner, wakeAt.toISOString(), JSON.stringify(progress)],
  );
}

// Parked runs go on after their drain returned; a stopping worker wakes them to hand their jobs back.
// (A set of wake-ups rather than one AbortSignal that every sleep listens to: adding a listener
// to a signal costs as many steps as it has listeners, and thousands of runs sleep at once.)
const parked = new Set<Promise<unknown>>();
const sleepers = new Set<() => void>();
let stopping = false;

/** For a stopping worker: parked runs hand their jobs back now (to be woken at once elsewhere); answers when they have. */
export async function stopDrains(): Promise<void> {
  stopping = true;
  for (const wake of sleepers) wake();
  await Promise.allSettled([...parked]);
}

/** Sleeps `ms`; answers false at once (or on waking) when the worker stops. */
const sleep = (ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    if (stopping) return resolve(false);
    const wake = () => {
      clearTimeout(timer);
      sleepers.delete(wake);
      resolve(false);
    };
    const timer = setTimeout(() => {
      sleepers.delete(wake);
      resolve(true);
    }, ms);
    sleepers.add(wake);
  });

/** The drain of one account (run by queue worker `queueWorker`): its ready jobs, oldest first, while the slice lasts. */
export async function drainAccount(accountId: string, queueWorker: string, flows: FlowRegistry, hooks: RunHooks): Promise<void> {
  const owner = `${await workerLease()}/${queueWorker}`;
  const sliceEnds = performance.now() + ACCOUNT_SLICE_MS;
  const goOn = () => performance.now() < sliceEnds && !stopping;
  let next = await claim(accountId, owner);
  while (next) {
    let onPark!: () => void;
    const parking = new Promise<"parked">((resolve) => (onPark = () => resolve("parked")));
    const { id } = next.job;
    const end = {
      finish: (outcome: Outcome, goOn: boolean) => finish(id, owner, outcome, goOn),
      release: (wakeAt: Date, progress?: Progress) => release(id, owner, wakeAt, progress),
    };
    const run = runClaimed(next, end, { owner, flows, hooks, goOn, park: onPark, sleep });
    const first = await Promise.race([run, parking]);
    if (first === "parked") {
      // The run goes on without this slot; its end hands the account on (it was told not to go on).
      const background = run.catch((err) => log.error("a parked publish run failed", { jobId: id, error: String(err) }));
      parked.add(background);
      void background.finally(() => parked.delete(background));
      return;
    }
    next = first;
  }
}

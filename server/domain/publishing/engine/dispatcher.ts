// The job table is the queue. Invariant (docs/architecture.md): at most one job per account holds
// a lease (a unique index), a job runs only under its lease, and a claim takes an account's oldest
// ready job only while none of the account's jobs holds one. Each worker process claims ready jobs
// for its free slots whenever the clock ticks (../../../jobs/clock.ts) and whenever a slot frees up:
// there is no queue entry to add, lose or unlock, so whatever makes a job ready only writes its row.
//
// A claim is a conditional UPDATE with FOR UPDATE SKIP LOCKED, so a cancel racing it has one
// winner; the lease names the worker process's own (./worker-lease.ts), which tells the watchdog
// when the worker died. A run that died during submit() leaves a job the next run asks its flow
// to recover, or marks `unknown`: the service never submits twice. A run waiting on the platform
// parks: it gives its slot back and goes on in the background, still holding its job.
import { abandonedStatementSettled, ACCOUNT_TIMESTAMPS, fromJsonRow, sql, type ConnectedAccount, type PublishJob } from "../../../db.ts";
import { abandonedBackend } from "../../../db-deadlines.ts";
import { isDatabaseUnavailable } from "../../../db-unavailable.ts";
import { log } from "../../../log.ts";
import type { Progress } from "./flow-context.ts";
import type { FlowRegistry } from "./flow.ts";
import { STORED_MEDIA_JSON, type StoredMedia } from "./media-source.ts";
import { runClaimed, type Claimed, type Outcome, type RunHooks } from "./run-job.ts";
import { workerLease } from "./worker-lease.ts";

/**
 * How long a slot goes on through one account's backlog (each run's end claiming the account's
 * next job) while every slot is busy, before the account's jobs take their turn among all ready
 * jobs again. A slice of time, not a count: quick posts run on without a claim round each, slow
 * ones still let others in soon. While a slot is free, nobody waits for this one.
 */
const ACCOUNT_SLICE_MS = 5_000;

/**
 * SQL condition: job `j` is ready: queued (published now, or scheduled and started by the
 * scheduler), or processing without a lease (woken, or its worker died).
 */
const READY = (j: string) => `(${j}."leaseOwner" IS NULL AND ${j}."wakeAt" IS NULL AND ${j}.status IN ('queued', 'processing'))`;
/**
 * READY as a look at one account's jobs writes it: in a form the time-ordered index's predicate
 * cannot match, so only the per-account index serves it. (Planning with statistics from before a
 * burst, PostgreSQL took the time-ordered index, thinking it nearly empty, and read it whole for
 * every row: 1.5 s for one claim. For the same reason the claim looks for an older job with a
 * scalar subquery, which stays a per-row index look, not a join the planner may reorder.)
 */
const READY_IN_ACCOUNT = (j: string) => `(num_nulls(${j}."leaseOwner", ${j}."wakeAt") = 2 AND ${j}.status IN ('queued', 'processing'))`;
/** SQL sort key of job `j`: its time, then its acceptance (the id only breaks ties of one statement). */
const ORDER = (j: string) => `COALESCE(${j}."scheduledAt", ${j}."createdAt"), ${j}."createdAt", ${j}.id`;

/** CTEs claiming for `$1` the jobs CTE `next` names; CTE `job` RETURNs them with their account and media. */
const claimThe = (next: string) => `next AS (${next}), job AS (
       UPDATE "PublishJob" j SET status = 'processing', "leaseOwner" = $1,
              "startedAt" = COALESCE("startedAt", now()), attempts = attempts + 1, "updatedAt" = now()
         FROM next WHERE j.id = next.id
        RETURNING j.*, (SELECT to_jsonb(a) FROM "ConnectedAccount" a WHERE a.id = j."accountId") AS "claimAccount",
                  (SELECT coalesce(jsonb_agg(${STORED_MEDIA_JSON}), '[]'::jsonb) FROM "MediaItem" m
                    WHERE m."workspaceId" = j."workspaceId" AND m.status = 'CONFIRMED'
                      AND m.id IN (SELECT (v #>> '{}')::uuid FROM jsonb_path_query(j.payload, 'strict $.**.mediaId') v)) AS "claimMedia"
     )`;

type ClaimRow = PublishJob & { claimAccount: Record<string, unknown> | null; claimMedia: StoredMedia[] };

function claimed({ claimAccount, claimMedia, ...job }: ClaimRow): Claimed {
  return { job, account: claimAccount ? fromJsonRow<ConnectedAccount>(claimAccount, ACCOUNT_TIMESTAMPS) : undefined, media: claimMedia };
}

/** A claim meeting another's on one account (the one-lease index) claims nothing: the account is busy. */
function busyOnConflict(err: unknown): ClaimRow[] {
  if ((err as { code?: string }).code === "23505") return [];
  throw err;
}

/** Claims for `owner` up to `limit` ready jobs, oldest first, each its account's oldest ready one, of accounts holding none. */
async function claimReady(owner: string, limit: number): Promise<Claimed[]> {
  const rows = await sql<ClaimRow>(
    "job-claim",
    `WITH ${claimThe(`SELECT id FROM "PublishJob" j
        WHERE ${READY("j")}
          AND j."accountId" NOT IN (SELECT h."accountId" FROM "PublishJob" h WHERE h."leaseOwner" IS NOT NULL) -- one hashed set
          AND (SELECT o.id FROM "PublishJob" o WHERE o."accountId" = j."accountId" AND ${READY_IN_ACCOUNT("o")} AND (${ORDER("o")}) < (${ORDER("j")}) LIMIT 1) IS NULL
        ORDER BY ${ORDER("j")} LIMIT $2 FOR UPDATE SKIP LOCKED`)}
     SELECT * FROM job`,
    [owner, limit],
  ).catch(busyOnConflict);
  return rows.map(claimed);
}

/** Records the run's end; with `goOn`, claims the account's next ready job for the same owner in the same statement. */
async function finish(jobId: string, owner: string, data: Outcome, goOn: boolean): Promise<Claimed | undefined> {
  const rows = await sql<ClaimRow>(
    "job-finish",
    `WITH ended AS (
       UPDATE "PublishJob" SET status = $3::"JobStatus", "postId" = COALESCE($4, "postId"), permalink = COALESCE($5, permalink),
              "postIds" = COALESCE($6, "postIds"), "errorCode" = $7, "errorMessage" = $8, "finishedAt" = now(),
              "leaseOwner" = NULL, "updatedAt" = now()
        WHERE id = $2 AND "leaseOwner" = $1 AND status = 'processing'
        RETURNING "accountId"
     ), ${claimThe(`SELECT id FROM "PublishJob" j
        WHERE $9 AND j."accountId" = (SELECT "accountId" FROM ended) AND ${READY_IN_ACCOUNT("j")} AND j.id <> $2
        ORDER BY ${ORDER("j")} LIMIT 1 FOR UPDATE SKIP LOCKED`)}
     SELECT * FROM job`,
    [owner, jobId, data.status, data.postId ?? null, data.permalink ?? null, data.postIds ?? null, data.code ?? null, data.message ?? null, goOn],
  ).catch((err: unknown) => {
    // The account's next job cannot be claimed elsewhere while this run holds the account, but if
    // it ever were, the end is still recorded.
    if (goOn && (err as { code?: string }).code === "23505") return finish(jobId, owner, data, false).then(() => []);
    throw err;
  });
  return rows[0] && claimed(rows[0]);
}

/** Keeps the job processing without a lease, to be woken at `wakeAt` (`progress` merged). */
async function release(jobId: string, owner: string, wakeAt: Date, progress: Progress = {}): Promise<void> {
  await sql(
    "job-release",
    `UPDATE "PublishJob" SET "leaseOwner" = NULL, "wakeAt" = $3::timestamptz, progress = progress || $4::jsonb, "updatedAt" = now()
      WHERE id = $2 AND "leaseOwner" = $1`,
    [owner, jobId, wakeAt.toISOString(), JSON.stringify(progress)],
  );
}

type Setup = { slots: number; flows: FlowRegistry; hooks: RunHooks };
let setup: Setup | undefined;
let busySlots = 0;
let claiming = false;
let claimAgain = false;
let claims = 0;
let stopping = false;
// Every run of this process (parked ones too); a stopping worker waits for them.
const runs = new Set<Promise<void>>();
// Wake-ups of sleeping parked runs (rather than one AbortSignal that every sleep listens to:
// adding a listener costs as many steps as the signal has, and thousands of runs sleep at once).
const sleepers = new Set<() => void>();

/** Makes this process claim and run publish jobs: up to `slots` at once, parked runs not counted. */
export function startDispatcher(s: Setup): void {
  setup = s;
  dispatch();
}

/** Claims ready jobs for the free slots (once at a time; again at once if slots freed meanwhile). */
export function dispatch(): void {
  if (!setup || stopping) return;
  if (claiming) return void (claimAgain = true);
  claiming = true;
  void (async () => {
    do {
      claimAgain = false;
      const free = setup.slots - busySlots;
      if (free <= 0) break;
      const owner = `${await workerLease()}/${++claims}`;
      const jobs = await claimReady(owner, free).catch((err: unknown) => {
        freeLateClaim(owner, err);
        throw err;
      });
      for (const job of jobs) occupy(job, owner, setup);
    } while (claimAgain && !stopping);
  })()
    // the clock tries again; an outage is the clock's to report, once
    .catch((err: unknown) => isDatabaseUnavailable(err) || log.warn("claiming publish jobs failed", { error: String(err) }))
    .finally(() => {
      claiming = false;
      if (claimAgain) dispatch();
    });
}

/** For a stopping worker: no more claims, parked runs hand their jobs back now; answers when every run has ended. */
export async function stopDispatcher(): Promise<void> {
  stopping = true;
  sleepers.forEach((wake) => wake());
  await Promise.allSettled([...runs]);
}

/** Sleeps `ms`; answers false at once (or on waking) when the worker stops. */
const sleep = (ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    if (stopping) return resolve(false);
    const timer = setTimeout(() => sleepers.delete(wake) && resolve(true), ms);
    const wake = () => (clearTimeout(timer), resolve(false));
    sleepers.add(wake);
  });

/** A slot running `first`, then the account's next jobs its ends claim while the slice lasts; a parked run frees the slot. */
function occupy(first: Claimed, owner: string, { slots, flows, hooks }: Setup): void {
  busySlots++;
  let parked = false;
  const freeSlot = () => {
    if (!parked) busySlots--;
    parked = true;
    dispatch();
  };
  const sliceEnds = performance.now() + ACCOUNT_SLICE_MS;
  const goOn = () => !stopping && (performance.now() < sliceEnds || busySlots < slots);
  const run = (async () => {
    for (let next: Claimed | undefined = first; next;) {
      const id: string = next.job.id;
      const end = {
        finish: (outcome: Outcome, goOn: boolean) => finish(id, owner, outcome, goOn),
        release: (wakeAt: Date, progress?: Progress) => release(id, owner, wakeAt, progress),
      };
      next = await runClaimed(next, end, { owner, flows, hooks, goOn, park: freeSlot, sleep }).catch((err: unknown) => handBack(id, owner, err));
    }
  })().finally(() => {
    runs.delete(run);
    freeSlot();
  });
  runs.add(run);
}

/**
 * A run that could not record its end (the database went away) hands its job back as soon as it
 * can; the next claim resumes it, as after a killed worker. A stopping worker gives up: its lease
 * goes with it, and the watchdog frees the job.
 */
async function handBack(jobId: string, owner: string, err: unknown): Promise<undefined> {
  log.warn("a publish run could not record its end; handing its job back", { jobId, error: String(err) });
  // A statement given up on at its deadline may still be applied when a stalled server wakes:
  // first wait for it. Its end, if applied, stays; the account's next job that its end may have
  // claimed for this run is handed back too (the account's only job this owner can hold).
  const backend = abandonedBackend(err);
  if (backend !== undefined && !(await abandonedStatementSettled(backend, sleep))) return;
  for (let pause = 1_000; await sleep(pause); pause = Math.min(2 * pause, 30_000)) {
    const handed = await sql(
      "job-hand-back",
      `UPDATE "PublishJob" SET "leaseOwner" = NULL, "wakeAt" = now(), "updatedAt" = now()
        WHERE "leaseOwner" = $1 AND "accountId" = (SELECT "accountId" FROM "PublishJob" WHERE id = $2)`,
      [owner, jobId],
    ).then(
      () => true,
      () => false,
    );
    if (handed) return;
  }
}

/**
 * A claim given up on at its deadline that a stalled server applies when it wakes holds jobs that
 * no run of this process knows of, under this process's live lease: once that statement can no
 * longer run, whatever it claimed for its owner (a claim's own) is handed back.
 */
function freeLateClaim(owner: string, err: unknown): void {
  const backend = abandonedBackend(err);
  if (backend === undefined) return;
  const run = (async () => {
    if (!(await abandonedStatementSettled(backend, sleep))) return;
    for (let pause = 1_000; ; pause = Math.min(2 * pause, 30_000)) {
      const freed = await sql<{ id: string }>(
        "job-free-late-claim",
        `UPDATE "PublishJob" SET "leaseOwner" = NULL, "updatedAt" = now() WHERE "leaseOwner" = $1 RETURNING id`,
        [owner],
      ).catch(() => undefined);
      if (freed) {
        if (freed.length > 0) log.warn("jobs claimed by a statement applied after its deadline were handed back", { jobs: freed.length });
        return dispatch();
      }
      if (!(await sleep(pause))) return;
    }
  })().finally(() => runs.delete(run));
  runs.add(run);
}

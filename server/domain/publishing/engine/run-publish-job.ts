// One run of a media publish job, by whichever worker claims it. The claim is a conditional
// UPDATE (a job runs in one place at a time); a lease, extended while the run works, tells the
// watchdog when a worker died. A run that died during submit() leaves a job the watchdog
// hands to the next run, which asks the flow to recover or marks it `unknown`: the service
// never submits twice. The statement that records a run's end can also claim the account's next
// ready job for the same worker and take away that job's queue entry: a backlog of one account
// then costs one statement per job between runs instead of a trip through the queue.
import pLimit from "p-limit";
import { ACCOUNT_TIMESTAMPS, fromJsonRow, sql, type ConnectedAccount, type PublishJob } from "../../../db.ts";
import { env } from "../../../env.ts";
import { log } from "../../../log.ts";
import { isPlatformError, PlatformError } from "../../../platforms/errors.ts";
import { codeForPlatformError, JobFailure, type JobFailureCode } from "../job-codes.ts";
import { FlowContext, type Progress } from "./flow-context.ts";
import { leaseSeconds } from "./lease.ts";
import { claimable, endRunInLane, handOffLanes, OLDER_NOT_IN_LANE, passLaneOn, takeLane } from "./account-lane.ts";
import { STORED_MEDIA_JSON, type StoredMedia } from "./media-source.ts";
import { addPublishEntry, removePublishEntry } from "./publish-queue.ts";
import type { FlowRegistry, JobFlow } from "./flow.ts";
import { LeaseLost, OutcomeUnknown, Reschedule } from "./signals.ts";

/** transient failures (rate limits, unreachable platform, lost read answers) retried before failing */
const MAX_RETRIES = 8;

const providerLimits = new Map<string, ReturnType<typeof pLimit>>();
function providerLimit(provider: string) {
  let limit = providerLimits.get(provider);
  if (!limit) providerLimits.set(provider, (limit = pLimit(env().providerConcurrency)));
  return limit;
}

export type RunHooks = { onPublished?(job: PublishJob): Promise<void> };

type Claimed = { job: PublishJob; account: ConnectedAccount | undefined; media: StoredMedia[] };

/** SET of a claimed job: `$2` the worker's lease owner name, `$3` the lease in seconds. */
const CLAIMED_SET = `status = 'processing', "leaseOwner" = $2, "leaseExpiresAt" = now() + make_interval(secs => $3),
              -- normally the scheduler recorded it; a claim that came first records it
              "startLateMs" = CASE WHEN "startLateMs" IS NULL AND "scheduledAt" IS NOT NULL
                                   THEN GREATEST(0, (extract(epoch FROM now() - "scheduledAt") * 1000)::int) ELSE "startLateMs" END,
              "startedAt" = COALESCE("startedAt", now()), attempts = attempts + 1, "updatedAt" = now()`;

/** Columns of a claim's answer beside the job's: its account and the payload's media (CTE `job`). */
const ACCOUNT_AND_MEDIA = `(SELECT to_jsonb(a) FROM "ConnectedAccount" a WHERE a.id = job."accountId") AS "claimAccount",
            (SELECT coalesce(jsonb_agg(${STORED_MEDIA_JSON}), '[]'::jsonb) FROM "MediaItem" m
              WHERE m."workspaceId" = job."workspaceId" AND m.status = 'CONFIRMED'
                AND m.id IN (SELECT (v #>> '{}')::uuid FROM jsonb_path_query(job.payload, 'strict $.**.mediaId') v)) AS "claimMedia"`;

type ClaimRow = PublishJob & { claimAccount: Record<string, unknown> | null; claimMedia: StoredMedia[] };

function claimed({ claimAccount, claimMedia, ...job }: ClaimRow): Claimed {
  return { job, account: claimAccount ? fromJsonRow<ConnectedAccount>(claimAccount, ACCOUNT_TIMESTAMPS) : undefined, media: claimMedia };
}

/**
 * Claims the job and its account's lane, and reads its account and the payload's media with
 * them: one round trip. A job whose account is busy joins the lane's line ("waiting"), off the
 * queue and without a lease, until the lane's holder hands it on. One with an older ready job of
 * its account not yet in the lane steps back ("waiting" too): its entry comes round again in a
 * second, by when the older one holds the lane or waits in it.
 */
async function claim(jobId: string, workerId: string): Promise<Claimed | "waiting" | null> {
  const [row] = await sql<ClaimRow & { granted: boolean | null }>(
    "job-claim",
    `WITH target AS (
       SELECT id, "accountId", "scheduledAt", "createdAt" FROM "PublishJob" j WHERE id = $1 AND ${claimable("j")} FOR UPDATE
     ), ${OLDER_NOT_IN_LANE}, stepped_back AS MATERIALIZED (
       SELECT ${addPublishEntry({ id: "target.id", accountId: 'target."accountId"' }, { runAt: "now() + interval '1 second'" })} FROM target WHERE EXISTS (SELECT FROM older)
     ), lane AS (${takeLane()}
     ), job AS (
       UPDATE "PublishJob" j SET ${CLAIMED_SET} FROM lane WHERE j.id = $1 AND lane.granted
        RETURNING j.*
     ), waiting AS (
       -- a lapsed run's job waits without a lease, so the watchdog does not hand it to the queue again
       UPDATE "PublishJob" j SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL
         FROM lane WHERE j.id = $1 AND NOT lane.granted AND j."leaseExpiresAt" IS NOT NULL
     )
     SELECT CASE WHEN (SELECT count(*) FROM stepped_back) > 0 THEN false ELSE lane.granted END AS granted, job.*, ${ACCOUNT_AND_MEDIA}
       FROM (SELECT) one LEFT JOIN lane ON true LEFT JOIN job ON true`,
    [jobId, workerId, leaseSeconds()],
  );
  if (row!.granted === null) return null;
  if (!row!.granted) return "waiting";
  const { granted: _granted, ...rest } = row!;
  return claimed(rest);
}

type Outcome = { status: "published" | "failed" | "unknown"; postId?: string; permalink?: string; postIds?: string[]; code?: JobFailureCode; message?: string };

/**
 * Records the run's end and passes the account's lane on (see endRunInLane): when `goOn`, to the
 * account's next job (first in line, or the oldest ready one), claimed here for this worker (its
 * queue entry, if it has one, removed) and answered to run next.
 */
async function finish(jobId: string, workerId: string, data: Outcome, goOn: boolean): Promise<Claimed | undefined> {
  const [row] = await sql<ClaimRow & { enqueued: unknown; dequeued: unknown }>(
    "job-finish",
    `WITH ended AS (
       UPDATE "PublishJob" SET status = $4::"JobStatus", "postId" = COALESCE($5, "postId"), permalink = COALESCE($6, permalink),
              "postIds" = COALESCE($7, "postIds"), "errorCode" = $8, "errorMessage" = $9, "finishedAt" = now(),
              "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = now()
        WHERE id = $1 AND "leaseOwner" = $2 AND status = 'processing'
        RETURNING "accountId"
     ), ${endRunInLane("$10")}, job AS (
       UPDATE "PublishJob" j SET ${CLAIMED_SET} FROM handed WHERE j.id = handed.next AND handed.running
        RETURNING j.*
     ), dequeued AS MATERIALIZED (
       -- a job from the line has no queue entry
       SELECT ${removePublishEntry("job.id")} FROM job WHERE job.id IS DISTINCT FROM (SELECT id FROM first_in_line)
     )
     SELECT job.*, ${ACCOUNT_AND_MEDIA}, (SELECT count(*) FROM enqueued) AS enqueued, (SELECT count(*) FROM dequeued) AS dequeued
       FROM (SELECT) one LEFT JOIN job ON true`,
    [
      jobId,
      workerId,
      leaseSeconds(),
      data.status,
      data.postId ?? null,
      data.permalink ?? null,
      data.postIds ?? null,
      data.code ?? null,
      data.message ?? null,
      goOn,
    ],
  );
  const { enqueued: _enqueued, dequeued: _dequeued, ...next } = row!;
  return next.id ? claimed(next) : undefined;
}

/**
 * Keeps the job processing but hands it back to the queue for `runAt` (the lease covers the wait),
 * and its account's lane to the next job in line meanwhile.
 */
async function release(job: PublishJob, workerId: string, runAt: Date): Promise<void> {
  await sql(
    "job-release",
    `WITH released AS (
       UPDATE "PublishJob" SET "leaseOwner" = NULL, "leaseExpiresAt" = $3::timestamptz + make_interval(secs => $4), "updatedAt" = now()
        WHERE id = $1 AND "leaseOwner" = $2
        RETURNING id, "accountId"
     ), requeued AS MATERIALIZED (
       SELECT ${addPublishEntry({ id: "released.id", accountId: 'released."accountId"' }, { runAt: "$3::timestamptz" })} FROM released
     ), ${handOffLanes(`l."accountId" = (SELECT "accountId" FROM released) AND l.holder = $1`)}
     SELECT (SELECT count(*) FROM requeued) + (SELECT count(*) FROM enqueued)`,
    [job.id, workerId, runAt.toISOString(), leaseSeconds()],
  );
}

function isTransient(err: PlatformError): boolean {
  return err.kind === "rate_limited" || err.kind === "unavailable" || err.kind === "unknown_outcome";
}

/**
 * How long a worker goes on through one account's backlog; then the account's next job takes its
 * turn in the queue again, after other accounts' due jobs. A slice of time, not a count of jobs:
 * quick posts (a burst of one account's videos) run on without a trip through the queue each few
 * jobs, and slow ones (long uploads, platforms that take a while) still hand the worker on soon.
 */
const ACCOUNT_SLICE_MS = 5_000;

/**
 * Runs the job, then the account's next ready jobs that its end hands this worker: while the
 * account's slice lasts, and none once `signal` asks the worker to stop.
 */
export async function runPublishJob(jobId: string, workerId: string, flows: FlowRegistry, hooks: RunHooks, signal?: AbortSignal): Promise<void> {
  const first = await claim(jobId, workerId);
  if (first === "waiting") return; // its lane hands it on when its turn comes, or its entry comes round again (see claim)
  if (!first) return passLaneOn(jobId); // finished, canceled, not due, or running elsewhere
  const sliceEnds = performance.now() + ACCOUNT_SLICE_MS;
  const goOn = () => performance.now() < sliceEnds && !signal?.aborted;
  let next: Claimed | undefined = first;
  while (next) next = await runClaimed(next, workerId, flows, hooks, goOn);
}

/** One claimed job to its end; answers the account's next job when its end claimed one (`goOn`). */
async function runClaimed(
  { job, account, media }: Claimed,
  workerId: string,
  flows: FlowRegistry,
  hooks: RunHooks,
  goOn: () => boolean,
): Promise<Claimed | undefined> {
  const jobId = job.id;
  const flow: JobFlow | undefined = flows[job.provider];
  if (!flow) return finish(jobId, workerId, { status: "failed", code: "PUBLISH_FAILED", message: `No publishing flow for ${job.provider}` }, goOn());
  if (!account) return undefined; // deleted with its jobs (cascade)
  const extendLease = async () => {
    await sql(
      "job-lease",
      `WITH job AS (
         UPDATE "PublishJob" SET "leaseExpiresAt" = now() + make_interval(secs => $3) WHERE id = $1 AND "leaseOwner" = $2 RETURNING "accountId", "leaseExpiresAt"
       )
       UPDATE "PublishLane" l SET "heldUntil" = job."leaseExpiresAt" FROM job WHERE l."accountId" = job."accountId" AND l.holder = $1 AND l.running`,
      [jobId, workerId, leaseSeconds()],
    );
  };
  // The payload is parsed with its mode's schema: the flow works with a typed payload, and one
  // that does not fit (written by hand, or by an older version) fails the job instead of a run.
  const started = flow.start(job.payload, (payload) => new FlowContext(job, account, payload, { ...(job.progress as Progress) }, workerId, extendLease, media));
  if ("invalid" in started) {
    return finish(
      jobId,
      workerId,
      { status: "failed", code: "PUBLISH_FAILED", message: `The job's ${job.provider} payload is not valid: ${started.invalid}` },
      goOn(),
    );
  }
  const { ctx } = started;
  const heartbeat = setInterval(() => void extendLease().catch(() => {}), (leaseSeconds() * 1000) / 3);
  try {
    if (job.submitStartedAt && !ctx.submitted) {
      // The last run died (or lost its answer) during submit().
      const verdict = started.recover ? await started.recover() : "unknown";
      if (verdict === "unknown") throw new OutcomeUnknown("The worker stopped while the platform was publishing; whether it published cannot be established");
    }
    await providerLimit(job.provider)(() => started.run());
    if (!ctx.published) throw new Error(`${job.provider} flow ended without a result`);
    const next = await finish(jobId, workerId, { status: "published", ...ctx.published }, goOn());
    // follow-ups (a metrics sync) never touch the outcome already recorded
    await hooks
      .onPublished?.({ ...job, status: "published", postId: ctx.published.postId })
      .catch((err) => log.warn("after-publish hook failed", { jobId, error: String(err) }));
    return next;
  } catch (err) {
    return await settle(job, workerId, err, ctx, goOn);
  } finally {
    clearInterval(heartbeat);
  }
}

async function settle(job: PublishJob, workerId: string, err: unknown, ctx: FlowContext<unknown>, goOn: () => boolean): Promise<Claimed | undefined> {
  if (err instanceof LeaseLost) {
    log.warn("publish run lost its lease", { jobId: job.id });
    return undefined;
  }
  // a job handed back to the queue for later ends this worker's turn with the account
  if (err instanceof Reschedule) return void (await release(job, workerId, new Date(Date.now() + err.delayMs)));
  if (err instanceof OutcomeUnknown) return finish(job.id, workerId, { status: "unknown", code: "PUBLISH_RESULT_UNKNOWN", message: err.message }, goOn());
  if (err instanceof JobFailure) return finish(job.id, workerId, { status: "failed", code: err.code, message: err.message, ...err.found }, goOn());
  const retryable = !isPlatformError(err) || isTransient(err);
  const retries = Number(ctx.progress.retries ?? 0);
  if (retryable && retries < MAX_RETRIES) {
    const retryAt = isPlatformError(err) && err.retryAt ? err.retryAt.getTime() : Date.now() + Math.min(600_000, 2_000 * 2 ** retries);
    log.warn("publish job will retry", { jobId: job.id, retry: retries + 1, error: (err as Error).message });
    await ctx.save({ retries: retries + 1 });
    return void (await release(job, workerId, new Date(Math.max(retryAt, Date.now() + 1000))));
  }
  if (isPlatformError(err)) return finish(job.id, workerId, { status: "failed", code: codeForPlatformError(err), message: err.detail }, goOn());
  log.error("publish job failed", { jobId: job.id, submitted: ctx.submitted, error: (err as Error).stack ?? String(err) });
  return finish(job.id, workerId, { status: "failed", code: "PUBLISH_FAILED", message: "Publishing failed repeatedly; see the server log" }, goOn());
}

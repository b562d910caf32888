// One run of a media publish job, by whichever worker claims it. The claim is a conditional
// UPDATE (a job runs in one place at a time); a lease, extended while the run works, tells the
// watchdog when a worker died. A run that died during submit() leaves a job the watchdog
// hands to the next run, which asks the flow to recover or marks it `unknown`: the service
// never submits twice. A run that ends with its account's lane free goes on to the account's
// next ready job in the same statement shape as a claim, taking that job's queue entry away:
// a backlog of one account then costs one claim per job instead of a trip through the queue.
import pLimit from "p-limit";
import { ACCOUNT_TIMESTAMPS, fromJsonRow, sql, type ConnectedAccount, type PublishJob } from "../../../db.ts";
import { log } from "../../../log.ts";
import { isPlatformError, PlatformError } from "../../../platforms/errors.ts";
import { codeForPlatformError, JobFailure, type JobFailureCode } from "../job-codes.ts";
import { FlowContext, type Progress } from "./flow-context.ts";
import { LEASE_MS } from "./lease.ts";
import { handOffLanes, passLaneOn, TAKE_FREE_LANE, TAKE_LANE } from "./account-lane.ts";
import { STORED_MEDIA_JSON, type StoredMedia } from "./media-source.ts";
import { addPublishEntry, removePublishEntry } from "./publish-queue.ts";
import type { Flow, FlowRegistry } from "./flow.ts";
import { LeaseLost, OutcomeUnknown, Reschedule } from "./signals.ts";

/** transient failures (rate limits, unreachable platform, lost read answers) retried before failing */
const MAX_RETRIES = 8;
const HEARTBEAT_MS = LEASE_MS / 3;

const providerLimits = new Map<string, ReturnType<typeof pLimit>>();
function providerLimit(provider: string) {
  let limit = providerLimits.get(provider);
  if (!limit) providerLimits.set(provider, (limit = pLimit(Number(process.env.PROVIDER_CONCURRENCY ?? 32))));
  return limit;
}

export type RunHooks = { onPublished?(job: PublishJob): Promise<void> };

type Claimed = { job: PublishJob; account: ConnectedAccount | undefined; media: StoredMedia[] };

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
 * queue and without a lease, until the lane's holder hands it on.
 */
async function claim(jobId: string, workerId: string): Promise<Claimed | "waiting" | null> {
  const [row] = await sql<ClaimRow & { granted: boolean }>(
    "job-claim",
    `WITH target AS (
       SELECT id, "accountId" FROM "PublishJob"
        WHERE id = $1
          AND ("scheduledAt" IS NULL OR "scheduledAt" <= now() + interval '1 second')
          AND (status IN ('queued', 'scheduled')
               -- released to wait (leaseOwner NULL), or its run's lease lapsed
               OR (status = 'processing' AND ("leaseOwner" IS NULL OR "leaseExpiresAt" IS NULL OR "leaseExpiresAt" < now())))
        FOR UPDATE
     ), lane AS (${TAKE_LANE}
     ), job AS (
       UPDATE "PublishJob" j SET ${CLAIMED_SET} FROM lane WHERE j.id = $1 AND lane.granted
        RETURNING j.*
     ), waiting AS (
       -- a lapsed run's job waits without a lease, so the watchdog does not hand it to the queue again
       UPDATE "PublishJob" j SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL
         FROM lane WHERE j.id = $1 AND NOT lane.granted AND j."leaseExpiresAt" IS NOT NULL
     )
     SELECT lane.granted, job.*, ${ACCOUNT_AND_MEDIA}
       FROM lane LEFT JOIN job ON true`,
    [jobId, workerId, LEASE_MS / 1000],
  );
  if (!row) return null;
  if (!row.granted) return "waiting";
  const { granted: _granted, ...rest } = row;
  return claimed(rest);
}

/**
 * Claims the account's next ready job (queued, or scheduled and due; oldest first) while its lane
 * is free, and removes that job's queue entry: the caller runs it now. A job a worker has fetched
 * already keeps its locked entry, and that worker's claim finds the job taken.
 */
async function claimNextOfAccount(accountId: string, workerId: string): Promise<Claimed | null> {
  const [row] = await sql<ClaimRow>(
    "job-claim-next",
    `WITH target AS (
       SELECT id, "accountId" FROM "PublishJob"
        WHERE "accountId" = $1 AND (status = 'queued' OR (status = 'scheduled' AND "scheduledAt" <= now()))
        ORDER BY COALESCE("scheduledAt", "createdAt"), "createdAt" LIMIT 1
        FOR UPDATE SKIP LOCKED
     ), lane AS (${TAKE_FREE_LANE}
     ), job AS (
       UPDATE "PublishJob" j SET ${CLAIMED_SET} FROM lane WHERE j.id = lane.holder
        RETURNING j.*
     ), dequeued AS MATERIALIZED (
       SELECT ${removePublishEntry("job.id")} FROM job
     )
     SELECT job.*, ${ACCOUNT_AND_MEDIA}, (SELECT count(*) FROM dequeued) AS dequeued
       FROM job`,
    [accountId, workerId, LEASE_MS / 1000],
  );
  if (!row) return null;
  const { dequeued: _dequeued, ...rest } = row as ClaimRow & { dequeued: unknown };
  return claimed(rest);
}

/** SELECT of a run's end: whether it was recorded (CTE `ended`) with the account's lane left free. */
const LANE_LEFT_FREE = `SELECT EXISTS (SELECT FROM ended) AND NOT EXISTS (SELECT FROM enqueued) AS "laneFree"`;

/**
 * Records the run's end and hands the account's lane to the next job in line. True when the lane
 * is left free (nobody in line): this run may go on to the account's next ready job.
 */
async function finish(jobId: string, workerId: string, data: { status: "published" | "failed" | "unknown"; postId?: string; permalink?: string; postIds?: string[]; code?: JobFailureCode; message?: string }): Promise<boolean> {
  const [row] = await sql<{ laneFree: boolean }>(
    "job-finish",
    `WITH ended AS (
       UPDATE "PublishJob" SET status = $3::"JobStatus", "postId" = COALESCE($4, "postId"), permalink = COALESCE($5, permalink),
              "postIds" = COALESCE($6, "postIds"), "errorCode" = $7, "errorMessage" = $8, "finishedAt" = now(),
              "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = now()
        WHERE id = $1 AND "leaseOwner" = $2 AND status = 'processing'
        RETURNING "accountId"
     ), ${handOffLanes(`l."accountId" = (SELECT "accountId" FROM ended) AND l.holder = $1`)}
     ${LANE_LEFT_FREE}`,
    [jobId, workerId, data.status, data.postId ?? null, data.permalink ?? null, data.postIds ?? null, data.code ?? null, data.message ?? null],
  );
  return row!.laneFree;
}

/**
 * Keeps the job processing but hands it back to the queue for `runAt` (the lease covers the wait),
 * and its account's lane to the next job in line meanwhile. True when the lane is left free.
 */
async function release(job: PublishJob, workerId: string, runAt: Date): Promise<boolean> {
  const [row] = await sql<{ laneFree: boolean }>(
    "job-release",
    `WITH ended AS (
       UPDATE "PublishJob" SET "leaseOwner" = NULL, "leaseExpiresAt" = $3::timestamptz + make_interval(secs => $4), "updatedAt" = now()
        WHERE id = $1 AND "leaseOwner" = $2
        RETURNING id, "accountId"
     ), requeued AS MATERIALIZED (
       SELECT ${addPublishEntry({ id: "ended.id", accountId: 'ended."accountId"' }, { runAt: "$3::timestamptz" })} FROM ended
     ), ${handOffLanes(`l."accountId" = (SELECT "accountId" FROM ended) AND l.holder = $1`)}
     ${LANE_LEFT_FREE} WHERE EXISTS (SELECT FROM requeued)`,
    [job.id, workerId, runAt.toISOString(), LEASE_MS / 1000],
  );
  return row?.laneFree ?? false;
}

function isTransient(err: PlatformError): boolean {
  return err.kind === "rate_limited" || err.kind === "unavailable" || err.kind === "unknown_outcome";
}

/** Jobs of one account a run goes through in a row; then the account's next job takes its turn in the queue again, after other accounts' jobs. */
const JOBS_IN_A_ROW = 10;

/**
 * Runs the job, then (while its account's lane is left free, up to JOBS_IN_A_ROW jobs, and until
 * `signal` asks the worker to stop) the account's next ready jobs.
 */
export async function runPublishJob(jobId: string, workerId: string, flows: FlowRegistry, hooks: RunHooks, signal?: AbortSignal): Promise<void> {
  const first = await claim(jobId, workerId);
  if (first === "waiting") return; // its account's lane hands it on when its turn comes
  if (!first) return passLaneOn(jobId); // finished, canceled, not due, or running elsewhere
  let next: Claimed | null = first;
  for (let run = 1; next; run++) {
    const laneFree = await runClaimed(next, workerId, flows, hooks);
    next = laneFree && run < JOBS_IN_A_ROW && !signal?.aborted ? await claimNextOfAccount(next.job.accountId, workerId) : null;
  }
}

/** One claimed job to its end; true when its account's lane is left free. */
async function runClaimed({ job, account, media }: Claimed, workerId: string, flows: FlowRegistry, hooks: RunHooks): Promise<boolean> {
  const jobId = job.id;
  const flow: Flow | undefined = flows[job.provider];
  if (!flow) return finish(jobId, workerId, { status: "failed", code: "PUBLISH_FAILED", message: `No publishing flow for ${job.provider}` });
  if (!account) return false; // deleted with its jobs (cascade)
  const extendLease = async () => {
    await sql(
      "job-lease",
      `WITH job AS (
         UPDATE "PublishJob" SET "leaseExpiresAt" = now() + make_interval(secs => $3) WHERE id = $1 AND "leaseOwner" = $2 RETURNING "accountId", "leaseExpiresAt"
       )
       UPDATE "PublishLane" l SET "heldUntil" = job."leaseExpiresAt" FROM job WHERE l."accountId" = job."accountId" AND l.holder = $1 AND l.running`,
      [jobId, workerId, LEASE_MS / 1000],
    );
  };
  const ctx = new FlowContext<never>(job, account, job.payload as never, { ...(job.progress as Progress) }, workerId, extendLease, media);
  const heartbeat = setInterval(() => void extendLease().catch(() => {}), HEARTBEAT_MS);
  try {
    if (job.submitStartedAt && !ctx.submitted) {
      // The last run died (or lost its answer) during submit().
      const verdict = flow.recover ? await flow.recover(ctx) : "unknown";
      if (verdict === "unknown") throw new OutcomeUnknown("The worker stopped while the platform was publishing; whether it published cannot be established");
    }
    await providerLimit(job.provider)(() => flow.run(ctx));
    if (!ctx.published) throw new Error(`${job.provider} flow ended without a result`);
    const laneFree = await finish(jobId, workerId, { status: "published", ...ctx.published });
    // follow-ups (a metrics sync) never touch the outcome already recorded
    await hooks.onPublished?.({ ...job, status: "published", postId: ctx.published.postId }).catch((err) => log.warn("after-publish hook failed", { jobId, error: String(err) }));
    return laneFree;
  } catch (err) {
    return await settle(job, workerId, err, ctx);
  } finally {
    clearInterval(heartbeat);
  }
}

async function settle(job: PublishJob, workerId: string, err: unknown, ctx: FlowContext<never>): Promise<boolean> {
  if (err instanceof LeaseLost) {
    log.warn("publish run lost its lease", { jobId: job.id });
    return false;
  }
  if (err instanceof Reschedule) return release(job, workerId, new Date(Date.now() + err.delayMs));
  if (err instanceof OutcomeUnknown) return finish(job.id, workerId, { status: "unknown", code: "PUBLISH_RESULT_UNKNOWN", message: err.message });
  if (err instanceof JobFailure) return finish(job.id, workerId, { status: "failed", code: err.code, message: err.message });
  const retryable = !isPlatformError(err) || isTransient(err);
  const retries = Number(ctx.progress.retries ?? 0);
  if (retryable && retries < MAX_RETRIES) {
    const retryAt = isPlatformError(err) && err.retryAt ? err.retryAt.getTime() : Date.now() + Math.min(600_000, 2_000 * 2 ** retries);
    log.warn("publish job will retry", { jobId: job.id, retry: retries + 1, error: (err as Error).message });
    await ctx.save({ retries: retries + 1 });
    return release(job, workerId, new Date(Math.max(retryAt, Date.now() + 1000)));
  }
  if (isPlatformError(err)) return finish(job.id, workerId, { status: "failed", code: codeForPlatformError(err), message: err.detail });
  log.error("publish job failed", { jobId: job.id, submitted: ctx.submitted, error: (err as Error).stack ?? String(err) });
  return finish(job.id, workerId, { status: "failed", code: "PUBLISH_FAILED", message: "Publishing failed repeatedly; see the server log" });
}

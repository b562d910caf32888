// One claimed job to its end: its flow run with a typed payload (or recovered after a run that
// died during submit()), and what became of it turned into an outcome, a retry or a wait for later.
// The dispatcher (./dispatcher.ts) decides which job runs and records the end.
import type { ConnectedAccount, PublishJob } from "../../../db.ts";
import { log } from "../../../log.ts";
import { isPlatformError, PlatformError } from "../../../platforms/errors.ts";
import { codeForPlatformError, JobFailure, type JobFailureCode } from "../job-codes.ts";
import { FlowContext, type Progress, type RunSupport } from "./flow-context.ts";
import type { FlowRegistry, JobFlow } from "./flow.ts";
import type { StoredMedia } from "./media-source.ts";
import { LeaseLost, OutcomeUnknown, Reschedule } from "./signals.ts";

/** transient failures (rate limits, unreachable platform, lost read answers) retried before failing */
const MAX_RETRIES = 8;

export type RunHooks = { onPublished?(job: PublishJob): Promise<void> };
export type Claimed = { job: PublishJob; account: ConnectedAccount | undefined; media: StoredMedia[] };
export type Outcome = {
  status: "published" | "failed" | "unknown";
  postId?: string;
  permalink?: string;
  postIds?: string[];
  code?: JobFailureCode;
  message?: string;
};

/**
 * How a run ends, given by the dispatcher: record an outcome (and, with `goOn`, claim the account's
 * next job), or wait until `wakeAt` (with `progress` merged into the job's).
 */
export type RunEnd = {
  finish(outcome: Outcome, goOn: boolean): Promise<Claimed | undefined>;
  release(wakeAt: Date, progress?: Progress): Promise<void>;
};

export type RunOptions = { owner: string; flows: FlowRegistry; hooks: RunHooks; goOn: () => boolean; park(): void; sleep(ms: number): Promise<boolean> };

/** Runs the job; answers the account's next job when its end claimed one. */
export async function runClaimed({ job, account, media }: Claimed, end: RunEnd, o: RunOptions): Promise<Claimed | undefined> {
  let wasParked = false;
  // a parked run ends in the background: it hands the account on rather than going on
  const goOn = () => !wasParked && o.goOn();
  const flow: JobFlow | undefined = o.flows[job.provider];
  if (!flow) return end.finish({ status: "failed", code: "PUBLISH_FAILED", message: `No publishing flow for ${job.provider}` }, goOn());
  if (!account) return undefined; // deleted with its jobs (cascade)
  const support: RunSupport = {
    park: () => {
      wasParked = true;
      o.park();
    },
    sleep: o.sleep,
  };
  // The payload is parsed with its mode's schema: the flow works with a typed payload, and one
  // that does not fit (written by hand, or by an older version) fails the job instead of a run.
  const started = flow.start(job.payload, (payload) => new FlowContext(job, account, payload, { ...(job.progress as Progress) }, o.owner, support, media));
  if ("invalid" in started) {
    return await end.finish(
      { status: "failed", code: "PUBLISH_FAILED", message: `The job's ${job.provider} payload is not valid: ${started.invalid}` },
      goOn(),
    );
  }
  const { ctx } = started;
  try {
    if (job.submitStartedAt && !ctx.submitted) {
      // The last run died (or lost its answer) during submit().
      const verdict = started.recover ? await started.recover() : "unknown";
      if (verdict === "unknown") throw new OutcomeUnknown("The worker stopped while the platform was publishing; whether it published cannot be established");
    }
    await started.run();
    if (!ctx.published) throw new Error(`${job.provider} flow ended without a result`);
    const next = await end.finish({ status: "published", ...ctx.published }, goOn());
    // follow-ups (a metrics sync) never touch the outcome already recorded
    await o.hooks
      .onPublished?.({ ...job, status: "published", postId: ctx.published.postId })
      .catch((err) => log.warn("after-publish hook failed", { jobId: job.id, error: String(err) }));
    return next;
  } catch (err) {
    return await settle(job, err, ctx, end, goOn());
  }
}

async function settle(job: PublishJob, err: unknown, ctx: FlowContext<unknown>, end: RunEnd, goOn: boolean): Promise<Claimed | undefined> {
  if (err instanceof LeaseLost) {
    log.warn("publish run lost its lease", { jobId: job.id });
    return undefined;
  }
  // a job handed back for later ends this slot's turn with the account
  if (err instanceof Reschedule) return void (await end.release(new Date(Date.now() + err.delayMs), ctx.unsaved));
  if (err instanceof OutcomeUnknown) return end.finish({ status: "unknown", code: "PUBLISH_RESULT_UNKNOWN", message: err.message }, goOn);
  if (err instanceof JobFailure) return end.finish({ status: "failed", code: err.code, message: err.message, ...err.found }, goOn);
  const retryable = !isPlatformError(err) || isTransient(err);
  const retries = Number(ctx.progress.retries ?? 0);
  if (retryable && retries < MAX_RETRIES) {
    const retryAt = isPlatformError(err) && err.retryAt ? err.retryAt.getTime() : Date.now() + Math.min(600_000, 2_000 * 2 ** retries);
    log.warn("publish job will retry", { jobId: job.id, retry: retries + 1, error: (err as Error).message });
    return void (await end.release(new Date(Math.max(retryAt, Date.now() + 1000)), { ...ctx.unsaved, retries: retries + 1 }));
  }
  if (isPlatformError(err)) return end.finish({ status: "failed", code: codeForPlatformError(err), message: err.detail }, goOn);
  log.error("publish job failed", { jobId: job.id, submitted: ctx.submitted, error: (err as Error).stack ?? String(err) });
  return end.finish({ status: "failed", code: "PUBLISH_FAILED", message: "Publishing failed repeatedly; see the server log" }, goOn);
}

function isTransient(err: PlatformError): boolean {
  return err.kind === "rate_limited" || err.kind === "unavailable" || err.kind === "unknown_outcome";
}

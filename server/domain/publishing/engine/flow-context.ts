// What a provider flow works with: the job, its account (tokens refreshed as needed), its
// persisted progress (so a resumed run skips finished steps), media sources, and the one
// guarded place where the platform is asked to publish: submit().
import { sql, type ConnectedAccount, type PublishJob } from "../../../db.ts";
import { isPlatformError } from "../../../platforms/errors.ts";
import type { AccountContext, MediaSource } from "../../../platforms/types.ts";
import { withAccount } from "../../accounts/account-tokens.ts";
import { mediaSource, sourceOf, type StoredMedia } from "./media-source.ts";
import { LeaseLost, OutcomeUnknown, Reschedule } from "./signals.ts";

export type Progress = Record<string, unknown>;
export type Published = { postId: string; permalink: string; postIds?: string[] };

/** Pauses between looks: a third of the time waited so far, within these bounds. */
const MIN_PAUSE_MS = 2_000;
const MAX_PAUSE_MS = 600_000;
/** How long one run waits parked in its process; a longer wait hands the job back to be woken later. */
const PARKED_MS = 5 * 60_000;

/**
 * How long a wait may last, and what becomes of the job when it has lasted that long. With
 * `lookedJustNow`, the caller's own look has just answered "not yet": the first look waits a pause.
 */
export type WaitLimit<T> = { deadlineMs: number; expired: () => T | Promise<T>; lookedJustNow?: boolean };

/** What a run is given by the engine: the means to wait without holding a worker slot. */
export type RunSupport = {
  /** tells the engine the run now waits on the platform: the worker slot it holds is given back */
  park(): void;
  /** sleeps `ms`, answering false at once when the worker stops */
  sleep(ms: number): Promise<boolean>;
};

export class FlowContext<P> {
  published: Published | null = null;
  /**
   * Progress kept in this run and written with its next write: a save, or the job's hand-back
   * for later (RunEnd.release). Lost if the run dies first: only for what a resumed run may
   * begin afresh (when a wait began).
   */
  unsaved: Progress = {};
  private readonly mediaCache = new Map<string, MediaSource>();

  constructor(
    readonly job: PublishJob,
    readonly account: ConnectedAccount,
    readonly payload: P,
    readonly progress: Progress,
    private readonly owner: string,
    private readonly support: RunSupport,
    /** the payload's media rows, read with the claim (others are read when asked for) */
    private readonly claimedMedia: StoredMedia[] = [],
  ) {}

  /**
   * Persists progress (merged), only while this run holds the job: a run whose job was freed (its
   * worker's lease lapsed during a stall) stops here with LeaseLost and writes nothing. `mark`
   * sets or clears the point-of-no-return mark in the same statement.
   */
  async save(patch: Progress, mark?: "set" | "clear"): Promise<void> {
    const merged = { ...this.unsaved, ...patch };
    const rows = await sql(
      "job-progress",
      `UPDATE "PublishJob" SET progress = progress || $2::jsonb, "updatedAt" = now(),
              "submitStartedAt" = CASE $4::text WHEN 'set' THEN now() WHEN 'clear' THEN NULL ELSE "submitStartedAt" END
        WHERE id = $1 AND "leaseOwner" = $3 AND status = 'processing' RETURNING id`,
      [this.job.id, JSON.stringify(merged), this.owner, mark ?? null],
    );
    if (rows.length === 0) throw new LeaseLost();
    Object.assign(this.progress, merged);
    this.unsaved = {};
  }

  /** A call as the account: expiring tokens refreshed first, one refresh and retry on a 401. */
  call<T>(fn: (ctx: AccountContext) => Promise<T>): Promise<T> {
    return withAccount(this.account, fn);
  }

  async media(mediaId: string): Promise<MediaSource> {
    let source = this.mediaCache.get(mediaId);
    if (!source) {
      const item = this.claimedMedia.find((m) => m.id === mediaId);
      source = await (item ? sourceOf(item) : mediaSource(this.job.workspaceId, mediaId));
      this.mediaCache.set(mediaId, source);
    }
    return source;
  }

  get submitted(): boolean {
    return this.progress.submitted === true;
  }

  /**
   * The point of no return. Recorded as started before the call, so a crash during it is
   * known; its answer is recorded after. It runs at most once per job: a resumed run gets the
   * recorded answer back. A lost answer (timeout, dropped connection, 5xx) means the outcome
   * cannot be known: the job becomes `unknown` and is never resubmitted. A refusal (4xx, a
   * connection that never opened) was not applied, so the mark is cleared for a later attempt.
   */
  async submit<T extends object>(fn: (ctx: AccountContext) => Promise<T>): Promise<T> {
    if (this.submitted) return this.progress.submitResult as T;
    await this.markSubmitting();
    const result = await this.attempt(fn);
    await this.recordSubmitted(result);
    return result;
  }

  /**
   * One of several publishing calls of a run (the posts of a thread), guarded like submit():
   * marked before, and its result recorded with the mark cleared in one statement after, so a
   * resumed run continues after the last recorded post and never repeats one.
   */
  async submitStep<T>(fn: (ctx: AccountContext) => Promise<T>, record: (result: T) => Progress): Promise<T> {
    await this.markSubmitting();
    const result = await this.attempt(fn);
    await this.save(record(result), "clear");
    return result;
  }

  /** The marked call: a lost answer is an unknown outcome; a refusal clears the mark. */
  private async attempt<T>(fn: (ctx: AccountContext) => Promise<T>): Promise<T> {
    try {
      return await this.call(fn);
    } catch (err) {
      if (isPlatformError(err) && (err.kind === "unknown_outcome" || (err.kind === "unavailable" && err.status !== undefined))) {
        throw new OutcomeUnknown(`The platform did not confirm the post: ${err.detail}`);
      }
      await this.clearSubmitting();
      throw err;
    }
  }

  /**
   * Sets the mark, only while this run holds the job: a run whose job was freed must not submit
   * behind the back of the run that took it over. (A lapsed lease not yet freed takes nothing from
   * anyone: the next run finds the mark.) Also for flows whose platform can settle a lost answer
   * itself (YouTube's resumable sessions).
   */
  async markSubmitting(): Promise<void> {
    await this.save({}, "set");
  }

  async clearSubmitting(): Promise<void> {
    await this.save({}, "clear");
  }

  async recordSubmitted(result: object): Promise<void> {
    await this.save({ submitted: true, submitResult: result });
  }

  /**
   * Looks with `check` until it answers, pausing a third of the time waited so far (2 s to 10 min)
   * between looks. A waiting run is parked: its worker slot is given back while it keeps its
   * lease (and its account). A wait that outlasts five minutes in this run hands the job back, to
   * be woken for its next look. Every wait has a deadline, counted from when the wait began
   * (kept in progress with the run's next write, so it holds across runs), which `check` is told; past it,
   * `limit.expired` decides the outcome (it answers a value or throws a failure). No job waits
   * forever.
   */
  async waitFor<T>(label: string, check: (deadline: Date) => Promise<T | undefined>, limit: WaitLimit<T>): Promise<T> {
    // When the wait began costs no write of its own: it goes with the run's next one. A run that
    // dies before that only makes its successor's wait begin again, at the resumed run.
    const key = `waitSince:${label}`;
    const known = this.progress[key] ?? this.unsaved[key];
    const since = typeof known === "number" ? known : (this.unsaved[key] = Date.now());
    const deadline = new Date(since + limit.deadlineMs);
    const started = Date.now();
    for (let looked = limit.lookedJustNow === true; ; looked = false) {
      const value = looked ? undefined : await check(deadline);
      if (value !== undefined) return value;
      const now = Date.now();
      if (now - since >= limit.deadlineMs) return limit.expired();
      const pause = Math.min(Math.max((now - since) / 3, MIN_PAUSE_MS), MAX_PAUSE_MS, since + limit.deadlineMs - now + 1_000);
      if (now - started + pause > PARKED_MS) throw new Reschedule(pause, `waiting for ${label}`);
      this.support.park();
      if (!(await this.support.sleep(pause))) throw new Reschedule(0, "the worker is stopping");
    }
  }

  publish(result: Published): void {
    this.published = result;
  }
}

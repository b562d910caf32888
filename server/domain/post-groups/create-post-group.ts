// POST /api/v1/post-groups: one composition to 1–50 accounts of any platforms. Every target is
// checked first (plan-targets.ts); then the group and each target's publish job (a ScheduledPost
// too, for a schedule) are written in one statement, so a group exists whole or not at all. The
// requestId is unique per workspace: the group's INSERT … ON CONFLICT DO NOTHING decides between
// concurrent duplicates, and the jobs are inserted only beside a group that was. With `queue: true`
// (issue 49) each target takes its account's next free slot, in one transaction holding every
// target account's queue lock (../queue/queue-store.ts), so concurrent adds take different slots.
import crypto from "node:crypto";
import {
  ACCOUNT_TIMESTAMPS,
  fromJsonRow,
  MEDIA_TIMESTAMPS,
  sql,
  withTransaction,
  type ConnectedAccount,
  type MediaItem,
  type PublishJob,
  type TxSql,
} from "../../db.ts";
import { AppError, fieldError } from "../../errors.ts";
import { actorUserId, type Scope } from "../access.ts";
import { derivedUuid, isUuid } from "../ids.ts";
import { carouselDocument } from "../carousels/carousel-document.ts";
import { textMediaLimits } from "../publishing/modes/text/media-limits.ts";
import type { WriteOutcome } from "../publishing/present-job.ts";
import { mastodonLimitsOf } from "../accounts/mastodon-instance-limits.ts";
import { lockSchedules, readSchedules, takenMinutes, type StoredSchedule } from "../queue/queue-store.ts";
import { freeSlots } from "../queue/slot-times.ts";
import { shownJobs, seriesView } from "./group-jobs.ts";
import { planTargets, type TargetPlan } from "./plan-targets.ts";
import { occurrences, parseRule, repeatsMoreThanOnce, SERIES_BATCH, SERIES_HORIZON_DAYS, seriesStart, type RepeatRule } from "./repeat-rule.ts";
import type { PostGroupAccepted, PostGroupBody } from "./post-groups.schema.ts";
import { actorOf } from "../audit/record-audit.ts";
import { needsApproval } from "./approval-rules.ts";
import { approvalView, emailApprovers, pendingApproval, type ApprovalStatus } from "./approval-view.ts";

/** The pending group an approval turns into jobs, and who approved it. */
type Approving = { groupId: string; decidedBy: string };

type GroupRow = {
  id: string;
  fingerprint: string;
  targets: StoredTarget[];
  repeat: RepeatRule | null;
  evergreen: boolean;
  ended: boolean;
  approvalStatus: ApprovalStatus | null;
};
/** What the group row keeps of each target, in request order. */
export type StoredTarget = { accountId: string; provider: string; warnings: string[] };

export async function createPostGroup(scope: Scope, body: PostGroupBody): Promise<WriteOutcome & { body: PostGroupAccepted }> {
  const pending = await needsApproval(scope);
  const checked = await checkPostGroup(scope, body);
  if (checked.earlier) return replay(scope, checked.earlier, checked.fp);
  const inserted = pending
    ? await withTransaction((q) => insertPendingGroup(q, scope, body, checked.fp, checked.plans))
    : body.queue
      ? await withTransaction((q) => insertQueuedGroup(q, scope, body, checked.fp, checked.plans))
      : await insertGroup(sql, scope, body, checked.fp, checked.plans, checked.scheduledAt, checked.series ? { series: checked.series } : {});
  if (!inserted) {
    // a concurrent duplicate won: answer its group (or 409 when its body differs)
    const [winner] = await sql<GroupRow>(
      "post-group-by-request",
      `SELECT id, fingerprint, targets, repeat, evergreen, "seriesEndedAt" IS NOT NULL AS ended, "approvalStatus" FROM "PostGroup" WHERE "workspaceId" = $1 AND "requestId" = $2`,
      [scope.workspaceId, body.requestId],
    );
    return replay(scope, winner!, checked.fp);
  }
  return { outcome: "accepted", replay: false, body: inserted };
}

/**
 * Approving: the group's request is checked again as it stands now (accounts and media may have
 * changed) and its jobs are written by the same statement as a new group's, which also marks the
 * group approved, only while it is still pending, so two approvers make one set of jobs.
 */
export async function approveGroupJobs(scope: Scope, groupId: string, body: PostGroupBody, decidedBy: string): Promise<PostGroupAccepted | null> {
  const checked = await checkPostGroup(scope, body, [], { approving: true });
  const approving = { groupId, decidedBy };
  return body.queue
    ? withTransaction((q) => insertQueuedGroup(q, scope, body, checked.fp, checked.plans, approving))
    : insertGroup(sql, scope, body, checked.fp, checked.plans, checked.scheduledAt, { ...(checked.series ? { series: checked.series } : {}), approving });
}

/** A group waiting for approval: its request is kept, no job is written, approvers are emailed. */
async function insertPendingGroup(q: TxSql, scope: Scope, body: PostGroupBody, fp: string, plans: TargetPlan[]): Promise<PostGroupAccepted | null> {
  const groupId = crypto.randomUUID();
  const stored: StoredTarget[] = plans.map((p) => ({ accountId: p.account.id, provider: p.account.provider, warnings: p.warnings }));
  const author = (await actorOf(scope)).label;
  const rows = await q<{ id: string }>(
    "post-group-create-pending",
    `INSERT INTO "PostGroup" (id, "workspaceId", "requestId", fingerprint, content, targets, "scheduledAt", timezone, "approvalStatus", "authorUserId", "pendingRequest")
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::timestamptz, $8, 'pending', $9, $10::jsonb)
     ON CONFLICT ("workspaceId", "requestId") DO NOTHING RETURNING id`,
    [
      groupId,
      scope.workspaceId,
      body.requestId,
      fp,
      JSON.stringify(body.content),
      JSON.stringify(stored),
      body.scheduledAt ?? null,
      body.timezone ?? null,
      actorUserId(scope) ?? null,
      JSON.stringify(body),
    ],
  );
  if (rows.length === 0) return null;
  await emailApprovers(q, scope, { groupId, author, text: body.content.text ?? "", scheduledAt: body.scheduledAt ?? null });
  return { postGroupId: groupId, targets: [], approval: pendingApproval(author, stored) };
}

/** `earlier`: the group of the request's requestId, which the request replays (its targets are then not planned again). */
export type CheckedGroup = { fp: string; earlier: GroupRow | null; plans: TargetPlan[]; scheduledAt: Date | null; series: Series | null };
/** A recurring group's rule and its first occurrences (those up to `until`). */
export type Series = { repeat: RepeatRule; times: Date[]; until: Date };

/**
 * Every check of a post group, in the order the real call makes them: shared by the real call and
 * its dry run (validate-post-group.ts), so a dry run answers exactly what the real call would.
 * `pendingMedia`: items a bulk import will fetch from URLs (../imports/), checked as their type.
 */
export async function checkPostGroup(
  scope: Scope,
  body: PostGroupBody,
  pendingMedia: MediaItem[] = [],
  opts: { approving?: boolean } = {},
): Promise<CheckedGroup> {
  const fp = fingerprintOf(body);
  const rows = await readGroupRequest(scope, body);
  rows.media.push(...pendingMedia);
  if (opts.approving) rows.earlier = null; // the group being approved is the request's own
  if (rows.earlier) return { fp, earlier: rows.earlier, plans: [], scheduledAt: null, series: null };
  if (body.queue && body.scheduledAt)
    throw fieldError("queue", "cannot be given with scheduledAt: a queued post takes its account's next free slot", "invalid");
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
  if (scheduledAt && scheduledAt.getTime() <= Date.now()) {
    throw new AppError("VALIDATION_ERROR", "scheduledAt: must be in the future", {
      issues: [{ path: "scheduledAt", message: "must be in the future", code: "in_past", location: "body" }],
    });
  }
  const series = body.repeat ? firstOccurrences(body, scheduledAt) : null;
  const plans = planTargets(
    body,
    scheduledAt || body.queue || series ? "schedule" : "publish",
    rows.accounts,
    rows.media,
    await documentIssues(scope, body),
    await mastodonLimitsOf([...rows.accounts.values()]),
  );
  if (body.queue)
    assertSlots(
      body,
      await readSchedules(
        scope.workspaceId,
        plans.map((p) => p.account.id),
      ),
    );
  if (series && repeatsMoreThanOnce(series.repeat, new Date())) warnRepeatedText(plans);
  return { fp, earlier: null, plans, scheduledAt, series };
}

/** The rule checked, and its occurrences over the coming days (at least its first one). */
function firstOccurrences(body: PostGroupBody, scheduledAt: Date | null): Series {
  if (body.queue) throw fieldError("repeat", "cannot be given with queue: a recurring post has the times of its rule", "invalid");
  if (body.evergreen) throw fieldError("evergreen", "cannot be given with repeat: a recurring post already comes back by its rule", "invalid");
  const parsed = parseRule(body.repeat!.rrule);
  if ("problem" in parsed) throw fieldError("repeat.rrule", parsed.problem, "invalid");
  const now = new Date();
  const repeat = seriesStart(parsed.rule, body.timezone ?? "UTC", scheduledAt, now);
  let until = new Date(now.getTime() + SERIES_HORIZON_DAYS * 86_400_000);
  let times = occurrences(repeat, now, until, SERIES_BATCH);
  if (times.length === 0) {
    // a yearly rule may be months away: its first occurrence is scheduled now, the rest later
    times = occurrences(repeat, now, new Date(now.getTime() + 100 * 366 * 86_400_000), 1);
    if (times.length === 0) throw fieldError("repeat.rrule", "has no occurrence after now (check COUNT, UNTIL and scheduledAt)", "invalid");
    until = times[0]!;
  } else if (times.length === SERIES_BATCH) until = times.at(-1)!;
  return { repeat, times, until };
}

/** X refuses a post whose text equals a recent one of the account: every occurrence after the first would fail. */
function warnRepeatedText(plans: TargetPlan[]): void {
  for (const plan of plans) {
    if (plan.account.provider !== "x") continue;
    plan.warnings.push(
      "X refuses a post identical to a recent one: every occurrence after the first fails as DUPLICATE_CONTENT unless its text is edited (edit the occurrences, or use a rule with a single occurrence)",
    );
  }
}

/** Every target of a queued group needs slots to take. */
function assertSlots(body: PostGroupBody, schedules: Map<string, StoredSchedule>): void {
  const i = body.targets.findIndex((t) => !schedules.get(t.accountId)?.slots.length);
  if (i >= 0) {
    throw fieldError(`targets[${i}].accountId`, "has no posting slots to queue into; set them with PUT /api/v1/accounts/{id}/posting-schedule", "no_slots");
  }
}

/** A queued group: under the targets' queue locks, each target takes its account's next free slot. */
async function insertQueuedGroup(
  q: TxSql,
  scope: Scope,
  body: PostGroupBody,
  fp: string,
  plans: TargetPlan[],
  approving?: Approving,
): Promise<PostGroupAccepted | null> {
  const schedules = await lockSchedules(
    q,
    scope.workspaceId,
    plans.map((p) => p.account.id),
  );
  assertSlots(body, schedules); // the slots may have changed since the check
  const now = new Date();
  const times: Date[] = [];
  for (const plan of plans) {
    const [slot] = freeSlots(schedules.get(plan.account.id)!, now, 1, await takenMinutes(q, plan.account.id, true));
    times.push(slot!);
  }
  const timezones = plans.map((p) => schedules.get(p.account.id)!.timezone);
  return insertGroup(q, scope, body, fp, plans, null, { queued: { times, timezones }, ...(approving ? { approving } : {}) });
}

/** The same body as the group of its requestId, or 409. */
export function assertSameGroup(group: { id: string; fingerprint: string }, fp: string): void {
  if (group.fingerprint !== fp) {
    throw new AppError("REQUEST_CONFLICT", "This requestId was already used with a different post group; use a new requestId for a new group", {
      postGroupId: group.id,
    });
  }
}

/** The same requestId: the same body is the same group (its jobs as they are now), another body a conflict. */
async function replay(scope: Scope, group: GroupRow, fp: string): Promise<WriteOutcome & { body: PostGroupAccepted }> {
  assertSameGroup(group, fp);
  const jobs = await sql<AnsweredJob>(
    "post-group-jobs",
    `SELECT id, "accountId", provider, "scheduledPostId", status, "scheduledAt", "inQueue", "occurrenceAt" FROM "PublishJob" WHERE "postGroupId" = $1 AND "workspaceId" = $2`,
    [group.id, scope.workspaceId],
  );
  if (group.approvalStatus === "pending" || group.approvalStatus === "rejected") {
    return { outcome: "done", replay: true, body: { postGroupId: group.id, targets: [], approval: (await approvalView(group.id))! } };
  }
  return {
    outcome: "done",
    replay: true,
    body: answer(group.id, group.targets, jobs, { repeat: group.repeat ? { ...group.repeat, ended: group.ended } : null, evergreen: group.evergreen }),
  };
}

type AnsweredJob = Pick<PublishJob, "id" | "accountId" | "provider" | "scheduledPostId" | "status" | "scheduledAt" | "inQueue" | "occurrenceAt">;

function answer(
  groupId: string,
  targets: StoredTarget[],
  jobs: AnsweredJob[],
  kind: { repeat: (RepeatRule & { ended: boolean }) | null; evergreen: boolean },
): PostGroupAccepted {
  const byAccount = shownJobs(jobs);
  return {
    postGroupId: groupId,
    ...(kind.repeat ? { repeat: seriesView(kind.repeat, kind.repeat.ended, jobs) } : {}),
    ...(kind.evergreen ? { evergreen: true } : {}),
    targets: targets.flatMap((t) => {
      const job = byAccount.get(t.accountId);
      if (!job) return []; // its account was disconnected and deleted since (jobs go with it)
      return [
        {
          accountId: t.accountId,
          provider: job.provider,
          jobId: job.id,
          scheduledPostId: job.scheduledPostId,
          status: job.status,
          ...(t.warnings.length ? { warnings: t.warnings } : {}),
          // a queued target's slot (only there: other answers stay as they were before the queue)
          ...((job.inQueue || job.occurrenceAt) && job.scheduledAt ? { scheduledAt: job.scheduledAt.toISOString() } : {}),
        },
      ];
    }),
  };
}

/** sha256 of the request without its requestId, the time as an instant: the same body in other words is the same. */
function fingerprintOf(body: PostGroupBody): string {
  const { requestId: _requestId, scheduledAt, ...rest } = body;
  const canonical = { ...rest, scheduledAt: scheduledAt ? new Date(scheduledAt).toISOString() : null };
  return crypto.createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** The request's accounts and media and an earlier group of its requestId, in one round trip. */
async function readGroupRequest(
  scope: Scope,
  body: PostGroupBody,
): Promise<{ accounts: Map<string, ConnectedAccount>; media: MediaItem[]; earlier: GroupRow | null }> {
  const mediaIds = [...(body.content.media ?? []), ...body.targets.flatMap((t) => t.content?.media ?? [])].map((m) => m.mediaId).filter(isUuid);
  const [row] = await sql<{ accounts: Record<string, unknown>[]; media: Record<string, unknown>[]; earlier: GroupRow | null }>(
    "post-group-request",
    `SELECT (SELECT coalesce(jsonb_agg(to_jsonb(a)), '[]') FROM "ConnectedAccount" a WHERE id = ANY($1::uuid[]) AND "workspaceId" = $2 AND "disconnectedAt" IS NULL) AS accounts,
            (SELECT coalesce(jsonb_agg(to_jsonb(m)), '[]') FROM "MediaItem" m WHERE id = ANY($3::uuid[]) AND "workspaceId" = $2 AND status IN ('RESERVED', 'CONFIRMED')) AS media,
            (SELECT jsonb_build_object('id', g.id, 'fingerprint', g.fingerprint, 'targets', g.targets, 'repeat', g.repeat, 'evergreen', g.evergreen,
                                'ended', g."seriesEndedAt" IS NOT NULL, 'approvalStatus', g."approvalStatus") FROM "PostGroup" g WHERE "workspaceId" = $2 AND "requestId" = $4) AS earlier`,
    [body.targets.map((t) => t.accountId).filter(isUuid), scope.workspaceId, [...new Set(mediaIds)], body.requestId],
  );
  const accounts = new Map(row!.accounts.map((a) => [a.id as string, fromJsonRow<ConnectedAccount>(a, ACCOUNT_TIMESTAMPS)]));
  return { accounts, media: row!.media.map((m) => fromJsonRow<MediaItem>(m, MEDIA_TIMESTAMPS)), earlier: row!.earlier };
}

/**
 * `queued`: each target's slot and its schedule's zone, in plan order (a queued group has no
 * single time). `series`: each target gets a job per occurrence, with a requestId derived from the
 * group's, the account and the occurrence (the series task adds later ones the same way).
 */
async function insertGroup(
  q: TxSql,
  scope: Scope,
  body: PostGroupBody,
  fp: string,
  plans: TargetPlan[],
  scheduledAt: Date | null,
  extra: { queued?: { times: Date[]; timezones: string[] }; series?: Series; approving?: Approving },
): Promise<PostGroupAccepted | null> {
  const { queued, series, approving } = extra;
  const groupId = approving?.groupId ?? crypto.randomUUID();
  const scheduled = scheduledAt !== null || queued !== undefined || series !== undefined;
  const rows = series
    ? plans.flatMap((plan) =>
        series.times.map((at) => ({
          plan,
          at,
          zone: series.repeat.timezone,
          requestId: occurrenceRequestId(body.requestId, plan.account.id, at),
          occurrenceAt: at,
        })),
      )
    : plans.map((plan, i) => ({ plan, at: queued?.times[i] ?? null, zone: queued?.timezones[i] ?? null, requestId: null, occurrenceAt: null }));
  const groupAt = queued ? new Date(Math.min(...queued.times.map((t) => t.getTime()))) : (series?.times[0] ?? scheduledAt);
  const stored: StoredTarget[] = plans.map((p) => ({ accountId: p.account.id, provider: p.account.provider, warnings: p.warnings }));
  const payloads = series || body.evergreen ? plans.map((p) => ({ accountId: p.account.id, provider: p.account.provider, payload: p.payload })) : null;
  // (Jobs reference their ScheduledPost inserted in the same statement: foreign keys are checked at its end.)
  const jobs = await q<PublishJob>(
    approving ? "post-group-approve" : "post-group-create",
    `WITH grp AS (
       ${
         approving
           ? `UPDATE "PostGroup" SET "approvalStatus" = 'approved', "approvalDecidedAt" = now(), "approvalDecidedBy" = $23, targets = $6::jsonb, "scheduledAt" = $7::timestamptz,
                timezone = $8, repeat = $19::jsonb, evergreen = $20, "targetPayloads" = $21::jsonb, "seriesUntil" = $22::timestamptz
              WHERE id = $1 AND "workspaceId" = $2 AND "requestId" = $3::uuid AND "approvalStatus" = 'pending' AND content = $5::jsonb AND $4::text IS NOT NULL
              RETURNING id`
           : `INSERT INTO "PostGroup" (id, "workspaceId", "requestId", fingerprint, content, targets, "scheduledAt", timezone, repeat, evergreen, "targetPayloads", "seriesUntil")
              VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::timestamptz, $8, $19::jsonb, $20, $21::jsonb, $22::timestamptz)
              ON CONFLICT ("workspaceId", "requestId") DO NOTHING RETURNING id`
       }
     ), input AS (
       SELECT * FROM unnest($9::uuid[], $10::uuid[], $11::uuid[], $12::text[], $13::jsonb[], $16::timestamptz[], $17::text[], $18::uuid[])
         AS t(job_id, post_id, account_id, provider, payload, slot_at, slot_zone, request_id)
     ), scheduled AS (
       INSERT INTO "ScheduledPost" (id, "workspaceId", "accountId", provider, "scheduledAt", timezone, content, "createdById", "updatedAt")
       SELECT post_id, $2, account_id, provider::"Provider", COALESCE(slot_at, $7::timestamptz), COALESCE(slot_zone, $8), payload, $14, now()
         FROM input, grp WHERE post_id IS NOT NULL
     ), jobs AS (
       INSERT INTO "PublishJob" (id, "workspaceId", "accountId", provider, status, payload, "scheduledPostId", "scheduledAt", timezone, "postIds", "postGroupId", "inQueue",
                                 "requestId", "occurrenceAt", "updatedAt")
       SELECT job_id, $2, account_id, provider::"Provider", $15::"JobStatus", payload, post_id, COALESCE(slot_at, $7::timestamptz), COALESCE(slot_zone, $8), '{}', grp.id,
              slot_at IS NOT NULL AND request_id IS NULL, request_id, CASE WHEN request_id IS NOT NULL THEN slot_at END, now()
         FROM input, grp
       RETURNING *
     )
     SELECT jobs.* FROM jobs`,
    [
      groupId,
      scope.workspaceId,
      body.requestId,
      fp,
      JSON.stringify(body.content),
      JSON.stringify(stored),
      groupAt,
      body.timezone ?? null,
      rows.map(() => crypto.randomUUID()),
      rows.map(() => (scheduled ? crypto.randomUUID() : null)),
      rows.map((r) => r.plan.account.id),
      rows.map((r) => r.plan.account.provider),
      rows.map((r) => JSON.stringify(r.plan.payload)),
      actorUserId(scope) ?? null,
      scheduled ? "scheduled" : "queued",
      rows.map((r) => r.at),
      rows.map((r) => r.zone),
      rows.map((r) => r.requestId),
      series ? JSON.stringify(series.repeat) : null,
      body.evergreen ?? false,
      payloads ? JSON.stringify(payloads) : null,
      series?.until ?? null,
      ...(approving ? [approving.decidedBy] : []),
    ],
  );
  if (jobs.length === 0) return null;
  return answer(groupId, stored, jobs, { repeat: series ? { ...series.repeat, ended: false } : null, evergreen: body.evergreen ?? false });
}

/** The requestId of a recurring group's occurrence for one account: the same occurrence is always the same job. */
export function occurrenceRequestId(groupRequestId: string, accountId: string, at: Date): string {
  return derivedUuid("occurrence", groupRequestId, accountId, at.toISOString());
}

/**
 * A LinkedIn document from a carousel: the carousel must be the workspace's and completed, its PDF
 * (built now, kept for the job) within LinkedIn's documents limits (100 MB, 300 pages).
 */
async function documentIssues(scope: Scope, body: PostGroupBody): Promise<{ path: string; message: string; code: string }[]> {
  const issues: { path: string; message: string; code: string }[] = [];
  for (const [i, target] of body.targets.entries()) {
    const carouselId = target.linkedin?.carouselId;
    if (!carouselId) continue;
    const path = `targets[${i}].linkedin.carouselId`;
    try {
      const document = await carouselDocument(scope, carouselId, path);
      const limits = textMediaLimits.linkedin;
      if (document.source.size > limits.documentMaxBytes)
        issues.push({ path, message: `makes a ${document.source.size}-byte document; linkedin takes ${limits.documentMaxBytes}`, code: "too_big" });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "VALIDATION_ERROR") throw err;
      issues.push(
        ...((err.details as { issues?: { path: string; message: string; code: string }[] })?.issues ?? [{ path, message: err.message, code: "invalid" }]),
      );
    }
  }
  return issues;
}

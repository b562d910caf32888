// The dashboard calendar (issue 33): every post of the workspace in a time range, once per
// composition and account (issue 47), each of one kind:
// - scheduled: a job with a time, at that time, until it publishes (a failed or canceled one
//   stays scheduled in kind; its status says what became of it);
// - published: a job that published (a scheduled one at its time), a job published now while it
//   runs, or a post synchronized from the platform that no job of ours made (text published
//   through POST /api/v1/posts, or posted on the platform itself): a job's thread replies and
//   first comment come back from the platform too, and belong to the job's entry, as the replies
//   of a thread POST /api/v1/posts published belong to its first post's (ThreadReply);
// - draft: a draft with an intended time, at that time (drafts without one are listed apart);
// - pending_approval: a post group waiting for approval, which has no job yet (approval-entries.ts).
import { z } from "zod";
import { db, sql, type JobStatus, type Provider, type PublishJob } from "../../db.ts";
import { sandboxPostUrl } from "../../sandbox/sandbox-link.ts";
import type { Scope } from "../access.ts";
import type { DraftComposition } from "../drafts/drafts.schema.ts";
import { summaryOf } from "../publishing/present-job.ts";
import { approvalEntries, type ApprovalRequest } from "./approval-entries.ts";
import { EDITABLE_STATUSES } from "./edit-scheduled-post.ts";
import { CANCELLABLE_STATUSES, MOVABLE_STATUSES } from "./schedule-rules.ts";
import { contentEditable, scheduledText, scheduledTitle } from "./scheduled-text.ts";

export const calendarQuery = z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) });

/** Rows per kind in one range: far more than a month's posts, a bound on a runaway workspace. */
const MAX_ROWS = 2000;

export type CalendarKind = "scheduled" | "published" | "draft" | "pending_approval";

export type CalendarEntry = {
  /** unique among the range's entries */
  key: string;
  kind: CalendarKind;
  jobId: string | null;
  draftId: string | null;
  scheduledPostId: string | null;
  /** the composition (post group) the job is a target of, with its size and what it still allows */
  group: { postGroupId: string; targets: number; movable: number; cancellable: number } | null;
  /** an occurrence of a recurring group, or an evergreen group's post (issue 49) */
  recurring: boolean;
  evergreen: boolean;
  /** the platform; a draft lists every platform it targets in `targets` instead */
  provider: Provider | null;
  username: string;
  targets: { provider: Provider; username: string }[];
  status: JobStatus | null;
  at: string;
  timezone: string | null;
  summary: string;
  /** the editable words in full (scheduled posts) */
  text: string;
  title: string | null;
  permalink: string | null;
  sandboxUrl: string | null;
  error: { code: string; message: string } | null;
  startedLateMs: number | null;
  movable: boolean;
  cancellable: boolean;
  editable: boolean;
  /** a group waiting for approval: who asked, for when (never moved or canceled: approving sets its time) */
  approval?: ApprovalRequest;
};

type JobRow = PublishJob & {
  username: string;
  at: Date;
  groupTargets: number | null;
  groupMovable: number | null;
  groupCancellable: number | null;
  groupRecurring: boolean | null;
  groupEvergreen: boolean | null;
};
type SyncedRow = { id: string; provider: Provider; username: string; content: string; title: string | null; permalink: string; postedAt: Date };

export async function calendarEntries(scope: Scope, query: z.infer<typeof calendarQuery>): Promise<CalendarEntry[]> {
  const [jobs, synced, drafts, approvals] = await Promise.all([
    jobEntries(scope, query),
    syncedEntries(scope, query),
    draftEntries(scope, query),
    approvalEntries(scope, query, MAX_ROWS),
  ]);
  return [...jobs, ...synced, ...drafts, ...approvals].sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key));
}

async function jobEntries(scope: Scope, query: z.infer<typeof calendarQuery>): Promise<CalendarEntry[]> {
  const rows = await sql<JobRow>(
    "calendar-entries",
    `SELECT t.*, g.*
       FROM (
         SELECT j.*, a.username, COALESCE(j."scheduledAt", j."finishedAt", j."createdAt") AS at
           FROM "PublishJob" j JOIN "ConnectedAccount" a ON a.id = j."accountId"
          WHERE j."workspaceId" = $1
       ) t
       LEFT JOIN LATERAL (
         -- a recurring group has a job per occurrence: its targets are its accounts, and it is not moved as a whole
         SELECT count(DISTINCT o."accountId")::int AS "groupTargets",
                CASE WHEN pg.repeat IS NULL THEN (count(*) FILTER (WHERE o."scheduledPostId" IS NOT NULL AND o.status = ANY($4::"JobStatus"[])))::int ELSE 0 END
                  AS "groupMovable",
                (count(*) FILTER (WHERE o."scheduledPostId" IS NOT NULL AND o.status = ANY($5::"JobStatus"[])))::int AS "groupCancellable",
                pg.repeat IS NOT NULL AS "groupRecurring", pg.evergreen AS "groupEvergreen"
           FROM "PublishJob" o JOIN "PostGroup" pg ON pg.id = o."postGroupId" WHERE o."postGroupId" = t."postGroupId" GROUP BY pg.id
       ) g ON t."postGroupId" IS NOT NULL
      WHERE t.at >= $2::timestamptz AND t.at < $3::timestamptz ORDER BY t.at, t.id LIMIT ${MAX_ROWS}`,
    [scope.workspaceId, query.from, query.to, MOVABLE_STATUSES, CANCELLABLE_STATUSES],
  );
  return rows.map((j) => {
    const isSchedule = j.scheduledPostId !== null;
    return {
      key: `job:${j.id}`,
      kind: j.scheduledAt !== null && j.status !== "published" ? "scheduled" : "published",
      jobId: j.id,
      draftId: null,
      scheduledPostId: j.scheduledPostId,
      group:
        j.postGroupId && j.groupTargets
          ? { postGroupId: j.postGroupId, targets: j.groupTargets, movable: j.groupMovable ?? 0, cancellable: j.groupCancellable ?? 0 }
          : null,
      recurring: j.groupRecurring ?? false,
      evergreen: j.groupEvergreen ?? false,
      provider: j.provider,
      username: j.username,
      targets: [{ provider: j.provider, username: j.username }],
      status: j.status,
      at: j.at.toISOString(),
      timezone: j.timezone,
      summary: summaryOf(j.payload),
      text: scheduledText(j.provider, j.payload),
      title: scheduledTitle(j.provider, j.payload),
      permalink: j.permalink,
      sandboxUrl: sandboxPostUrl(j.permalink),
      error: j.errorCode ? { code: j.errorCode, message: j.errorMessage ?? "" } : null,
      startedLateMs: j.startLateMs,
      movable: isSchedule && MOVABLE_STATUSES.includes(j.status),
      cancellable: isSchedule && CANCELLABLE_STATUSES.includes(j.status),
      editable: isSchedule && EDITABLE_STATUSES.includes(j.status) && contentEditable(j.provider, j.payload),
    };
  });
}

async function syncedEntries(scope: Scope, query: z.infer<typeof calendarQuery>): Promise<CalendarEntry[]> {
  // A synchronized post that one of our jobs published is already there as that job: its first
  // post, a reply of its thread, its first comment (a reply on X and Threads), or the same link.
  // A reply of a thread published without a job is part of that thread's first post.
  const rows = await sql<SyncedRow>(
    "calendar-synced",
    `SELECT p.id, p.provider, a.username, p.content, p.title, p.permalink, p."postedAt"
       FROM "SyncedPost" p JOIN "ConnectedAccount" a ON a.id = p."accountId"
      WHERE p."workspaceId" = $1 AND NOT p.deleted AND p."postedAt" >= $2::timestamptz AND p."postedAt" < $3::timestamptz
        AND NOT EXISTS (
          SELECT FROM "PublishJob" j
           WHERE j."accountId" = p."accountId"
             AND (p."nativeId" = ANY(j."postIds" || j."postId")
                  OR p."nativeId" = j.progress -> 'firstComment' ->> 'commentId'
                  OR (p.permalink <> '' AND p.permalink = j.permalink)))
        AND NOT EXISTS (SELECT FROM "ThreadReply" r WHERE r."accountId" = p."accountId" AND r."nativeId" = p."nativeId")
      ORDER BY p."postedAt", p.id LIMIT ${MAX_ROWS}`,
    [scope.workspaceId, query.from, query.to],
  );
  return rows.map((p) => ({
    key: `post:${p.id}`,
    kind: "published",
    jobId: null,
    draftId: null,
    scheduledPostId: null,
    group: null,
    recurring: false,
    evergreen: false,
    provider: p.provider,
    username: p.username,
    targets: [{ provider: p.provider, username: p.username }],
    status: "published",
    at: p.postedAt.toISOString(),
    timezone: null,
    summary: (p.title || p.content).trim().slice(0, 140),
    text: p.content,
    title: p.title,
    permalink: p.permalink,
    sandboxUrl: sandboxPostUrl(p.permalink),
    error: null,
    startedLateMs: null,
    movable: false,
    cancellable: false,
    editable: false,
  }));
}

async function draftEntries(scope: Scope, query: z.infer<typeof calendarQuery>): Promise<CalendarEntry[]> {
  const drafts = await db.draft.findMany({
    where: { workspaceId: scope.workspaceId, scheduledAt: { gte: new Date(query.from), lt: new Date(query.to) } },
    orderBy: [{ scheduledAt: "asc" }, { id: "asc" }],
    take: MAX_ROWS,
  });
  return withTargets(scope, drafts).then((list) =>
    list.map(({ draft, composition, targets }) => ({
      key: `draft:${draft.id}`,
      kind: "draft" as const,
      jobId: null,
      draftId: draft.id,
      scheduledPostId: null,
      group: null,
      recurring: false,
      evergreen: false,
      provider: targets[0]?.provider ?? null,
      username: targets[0]?.username ?? "",
      targets,
      status: null,
      at: draft.scheduledAt!.toISOString(),
      timezone: draft.timezone,
      summary: composition.content.text.trim().slice(0, 140),
      text: composition.content.text,
      title: null,
      permalink: null,
      sandboxUrl: null,
      error: null,
      startedLateMs: null,
      movable: false,
      cancellable: false,
      editable: false,
    })),
  );
}

/** Each draft with the platform and name of the accounts it names (unknown or removed ones left out). */
async function withTargets<D extends { id: string; composition: unknown }>(scope: Scope, drafts: D[]) {
  const parsed = drafts.map((draft) => ({ draft, composition: draft.composition as DraftComposition }));
  const ids = [...new Set(parsed.flatMap((d) => d.composition.targets.map((t) => t.accountId)))];
  const accounts = ids.length
    ? await db.connectedAccount.findMany({ where: { workspaceId: scope.workspaceId, id: { in: ids } }, select: { id: true, provider: true, username: true } })
    : [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return parsed.map((d) => ({
    ...d,
    targets: d.composition.targets.flatMap((t) => {
      const a = byId.get(t.accountId);
      return a ? [{ provider: a.provider, username: a.username }] : [];
    }),
  }));
}

/** Drafts without an intended time: the calendar's side list. */
export async function unscheduledDrafts(scope: Scope) {
  const drafts = await db.draft.findMany({
    where: { workspaceId: scope.workspaceId, scheduledAt: null },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    take: 200,
  });
  const list = await withTargets(scope, drafts);
  return list.map(({ draft, composition, targets }) => ({
    draftId: draft.id,
    summary: composition.content.text.trim().slice(0, 140),
    targets,
    updatedAt: draft.updatedAt.toISOString(),
  }));
}

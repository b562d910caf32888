// The calendar's post groups waiting for approval (issue 50, "Approval requests are visible in
// the calendar"): nothing is scheduled for them yet, so they have no job to show. Each appears at
// its requested time; a request without one (publish as soon as approved, or take a queue slot)
// appears on the day it was submitted, so an approver sees every request in the calendar and not
// only on the Approvals page. Rejected groups went back to their authors and do not appear.
import { db } from "../../db.ts";
import type { Provider } from "../../db.ts";
import type { Scope } from "../access.ts";
import type { StoredTarget } from "../post-groups/create-post-group.ts";
import type { PostGroupBody } from "../post-groups/post-groups.schema.ts";
import type { CalendarEntry } from "./calendar-entries.ts";

export type ApprovalRequest = {
  postGroupId: string;
  /** the author's email (null: an API key's request) */
  requestedBy: string | null;
  /** the time asked for; null: as soon as approved, or its queue slot (`queued`) */
  requestedAt: string | null;
  queued: boolean;
  submittedAt: string;
};

export async function approvalEntries(scope: Scope, range: { from: string; to: string }, limit: number): Promise<CalendarEntry[]> {
  const inRange = { gte: new Date(range.from), lt: new Date(range.to) };
  const groups = await db.postGroup.findMany({
    where: {
      workspaceId: scope.workspaceId,
      approvalStatus: "pending",
      OR: [{ scheduledAt: inRange }, { scheduledAt: null, createdAt: inRange }],
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
  });
  const accountIds = [...new Set(groups.flatMap((g) => (g.targets as StoredTarget[]).map((t) => t.accountId)))];
  const authorIds = [...new Set(groups.flatMap((g) => (g.authorUserId ? [g.authorUserId] : [])))];
  const [accounts, authors] = await Promise.all([
    db.connectedAccount.findMany({ where: { workspaceId: scope.workspaceId, id: { in: accountIds } }, select: { id: true, username: true } }),
    db.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, email: true } }),
  ]);
  const username = new Map(accounts.map((a) => [a.id, a.username]));
  const email = new Map(authors.map((u) => [u.id, u.email]));
  return groups.map((g) => {
    const text = (g.content as { text?: string }).text ?? "";
    // a target whose account was removed meanwhile keeps its platform, without a name
    const targets = (g.targets as StoredTarget[]).map((t) => ({ provider: t.provider as Provider, username: username.get(t.accountId) ?? "" }));
    const request = g.pendingRequest as PostGroupBody | null;
    return {
      key: `approval:${g.id}`,
      kind: "pending_approval",
      jobId: null,
      draftId: null,
      scheduledPostId: null,
      group: null,
      recurring: g.repeat !== null,
      evergreen: g.evergreen,
      provider: targets[0]?.provider ?? null,
      username: targets[0]?.username ?? "",
      targets,
      status: null,
      at: (g.scheduledAt ?? g.createdAt).toISOString(),
      timezone: g.timezone,
      summary: text.trim().slice(0, 140),
      text,
      title: null,
      permalink: null,
      sandboxUrl: null,
      error: null,
      startedLateMs: null,
      movable: false,
      cancellable: false,
      editable: false,
      approval: {
        postGroupId: g.id,
        requestedBy: g.authorUserId ? (email.get(g.authorUserId) ?? null) : null,
        requestedAt: g.scheduledAt?.toISOString() ?? null,
        queued: request?.queue === true,
        submittedAt: g.createdAt.toISOString(),
      },
    };
  });
}

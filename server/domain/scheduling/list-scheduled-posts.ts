// GET /api/v1/scheduled-posts: the workspace's scheduled posts (text and media), soonest first.
// Immediate jobs have no scheduled post and are not listed; neither are facebook jobs whose
// outcome is unknown (SPEC.md).
import type { z } from "zod";
import { sql, type PublishJob } from "../../db.ts";
import { sandboxPostUrl } from "../../sandbox/sandbox-link.ts";
import type { Scope } from "../access.ts";
import { summaryOf } from "../publishing/present-job.ts";
import type { listScheduledQuery, ScheduledPostView } from "./scheduling.schema.ts";

type Row = PublishJob & { username: string };

const where = `j."workspaceId" = $1 AND j."scheduledPostId" IS NOT NULL
  AND ($2::"Provider" IS NULL OR j.provider = $2::"Provider")
  AND ($3::"JobStatus" IS NULL OR j.status = $3::"JobStatus")
  AND NOT (j.provider = 'facebook' AND j.status = 'unknown')`;

export async function listScheduledPosts(scope: Scope, query: z.output<typeof listScheduledQuery>) {
  const filters = [scope.workspaceId, query.provider ?? null, query.status ?? null];
  const [rows, [count]] = await Promise.all([
    sql<Row>(
      "scheduled-list",
      `SELECT j.*, a.username FROM "PublishJob" j JOIN "ConnectedAccount" a ON a.id = j."accountId"
        WHERE ${where} ORDER BY j."scheduledAt", j.id LIMIT $4 OFFSET $5`,
      [...filters, query.limit, query.offset],
    ),
    sql<{ total: number }>("scheduled-count", `SELECT count(*)::int AS total FROM "PublishJob" j WHERE ${where}`, filters),
  ]);
  const total = count!.total;
  return { scheduledPosts: rows.map(presentScheduled), total, hasMore: query.offset + rows.length < total };
}

export function presentScheduled(job: Row): ScheduledPostView {
  return {
    scheduledPostId: job.scheduledPostId!,
    jobId: job.id,
    provider: job.provider,
    accountId: job.accountId,
    username: job.username,
    status: job.status,
    scheduledAt: job.scheduledAt!.toISOString(),
    timezone: job.timezone,
    summary: summaryOf(job.payload),
    postId: job.postId,
    permalink: job.permalink,
    sandboxUrl: sandboxPostUrl(job.permalink),
    startedLateMs: job.startLateMs,
    ...(job.errorCode ? { error: { code: job.errorCode, message: job.errorMessage ?? "" } } : {}),
    createdAt: job.createdAt.toISOString(),
  };
}

// The dashboard's jobs page: the workspace's jobs (media, and scheduled text), newest first,
// filtered by provider and status, with a one-line description of what each publishes.
import { z } from "zod";
import { db } from "../../db.ts";
import { providerSchema } from "../accounts/accounts.schema.ts";
import type { Scope } from "../access.ts";
import { presentJob, summaryOf } from "./present-job.ts";
import { jobStatusSchema } from "./publishing.schema.ts";

export const listJobsQuery = z.object({
  provider: providerSchema.optional(),
  status: jobStatusSchema.optional(),
  limit: z.number().int().min(1).max(100).default(25),
  /** the jobId of the last row of the previous page */
  cursor: z.uuid().optional(),
});

export async function listPublishJobs(scope: Scope, query: z.input<typeof listJobsQuery>) {
  const q = listJobsQuery.parse(query);
  const rows = await db.publishJob.findMany({
    where: { workspaceId: scope.workspaceId, ...(q.provider ? { provider: q.provider } : {}), ...(q.status ? { status: q.status } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: q.limit + 1,
    ...(q.cursor ? { cursor: { id: q.cursor }, skip: 1 } : {}),
    include: { account: { select: { username: true } } },
  });
  const page = rows.slice(0, q.limit);
  return {
    jobs: page.map((job) => ({
      ...presentJob(job, job.account),
      summary: summaryOf(job.payload as Record<string, unknown>),
      contentType:
        typeof (job.payload as Record<string, unknown>).contentType === "string" ? ((job.payload as Record<string, unknown>).contentType as string) : null,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    })),
    nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null,
  };
}

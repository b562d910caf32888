import { db } from "../../db.ts";
import { notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { presentJob } from "./present-job.ts";

/** GET /api/v1/publish-jobs/{id}: a job of the scope's workspace (another workspace's is 404). */
export async function getPublishJob(scope: Scope, jobId: string) {
  const job = isUuid(jobId)
    ? await db.publishJob.findFirst({ where: { id: jobId, workspaceId: scope.workspaceId }, include: { account: { select: { username: true } } } })
    : null;
  if (!job) throw notFound("Publish job");
  return presentJob(job, job.account);
}

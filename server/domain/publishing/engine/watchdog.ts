// Finds jobs whose worker's lease lapsed (the worker died, or the machine) so they can be handed
// to the queue again; the next run resumes them, or marks them unknown if they died mid-submit.
import { sql } from "../../../db.ts";
import { addPublishEntry } from "./publish-queue.ts";

export type LapsedJob = { id: string; accountId: string; leaseOwner: string | null };

export async function lapsedJobs(limit = 200): Promise<LapsedJob[]> {
  return sql<LapsedJob>(
    "job-lapsed",
    `SELECT id, "accountId", "leaseOwner" FROM "PublishJob"
      WHERE status = 'processing' AND "leaseExpiresAt" < now() - interval '2 seconds' ORDER BY "leaseExpiresAt" LIMIT $1`,
    [limit],
  );
}

/** Queue entries for these jobs again (one per job: the job key replaces one still waiting). */
export async function requeueJobs(jobs: LapsedJob[]): Promise<void> {
  await sql(
    "job-requeue",
    `SELECT ${addPublishEntry({ id: "job.id", accountId: 'job."accountId"' })} FROM unnest($1::uuid[], $2::uuid[]) AS job(id, "accountId")`,
    [jobs.map((j) => j.id), jobs.map((j) => j.accountId)],
  );
}

// Finds jobs whose worker's lease lapsed (the worker died, or the machine) so they can be handed
// to the queue again; the next run resumes them, or marks them unknown if they died mid-submit.
import { sql } from "../../../db.ts";

export type LapsedJob = { id: string; accountId: string; leaseOwner: string | null };

export async function lapsedJobs(limit = 200): Promise<LapsedJob[]> {
  return sql<LapsedJob>(
    "job-lapsed",
    `SELECT id, "accountId", "leaseOwner" FROM "PublishJob"
      WHERE status = 'processing' AND "leaseExpiresAt" < now() - interval '2 seconds' ORDER BY "leaseExpiresAt" LIMIT $1`,
    [limit],
  );
}

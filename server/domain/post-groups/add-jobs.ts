// New jobs of an existing group: a recurring group's later occurrences (extend-series.ts) and an
// evergreen group's refills (../queue/fill-evergreen.ts). Each row carries a requestId derived
// from what it stands for; a row whose requestId already has a job (an earlier run, another
// worker) adds nothing, and the unique index on (workspaceId, requestId) backs that. The callers
// hold a lock (the group's row, or the account's queue) so two runs do not race on one row.
import type { TxSql } from "../../db.ts";

export type NewJob = {
  postGroupId: string;
  accountId: string;
  provider: string;
  payload: unknown;
  at: Date;
  timezone: string;
  requestId: string;
  inQueue: boolean;
  occurrenceAt: Date | null;
};

/** Inserts each job (with its ScheduledPost) whose account is still connected; answers the new jobs' ids. */
export async function addJobs(q: TxSql, workspaceId: string, jobs: NewJob[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = await q<{ id: string }>(
    "post-group-add-jobs",
    `WITH input AS (
       SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::jsonb[], $6::timestamptz[], $7::text[], $8::uuid[], $9::boolean[], $10::timestamptz[])
         AS t(group_id, account_id, provider, payload, at, zone, request_id, in_queue, occurrence_at)
     ), fresh AS MATERIALIZED (
       SELECT gen_random_uuid() AS job_id, gen_random_uuid() AS post_id, input.* FROM input
         JOIN "ConnectedAccount" a ON a.id = input.account_id AND a."workspaceId" = $1 AND a."disconnectedAt" IS NULL
        WHERE NOT EXISTS (SELECT FROM "PublishJob" j WHERE j."workspaceId" = $1 AND j."requestId" = input.request_id)
     ), scheduled AS (
       INSERT INTO "ScheduledPost" (id, "workspaceId", "accountId", provider, "scheduledAt", timezone, content, "updatedAt")
       SELECT post_id, $1, account_id, provider::"Provider", at, zone, payload, now() FROM fresh
     )
     INSERT INTO "PublishJob" (id, "workspaceId", "accountId", provider, status, payload, "scheduledPostId", "scheduledAt", timezone, "postIds", "postGroupId", "inQueue",
                               "requestId", "occurrenceAt", "updatedAt")
     SELECT job_id, $1, account_id, provider::"Provider", 'scheduled', payload, post_id, at, zone, '{}', group_id, in_queue, request_id, occurrence_at, now() FROM fresh
     RETURNING id`,
    [
      workspaceId,
      jobs.map((j) => j.postGroupId),
      jobs.map((j) => j.accountId),
      jobs.map((j) => j.provider),
      jobs.map((j) => JSON.stringify(j.payload)),
      jobs.map((j) => j.at),
      jobs.map((j) => j.timezone),
      jobs.map((j) => j.requestId),
      jobs.map((j) => j.inQueue),
      jobs.map((j) => j.occurrenceAt),
    ],
  );
  return rows.map((r) => r.id);
}

/** What each account of a recurring or evergreen group publishes, as accepted at its creation. */
export type TargetPayload = { accountId: string; provider: string; payload: unknown };

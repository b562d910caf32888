// Accepting a media request: the job row (and a schedule's ScheduledPost) are written in one
// statement, so an accepted job survives any crash; a worker's next claim finds it. The requestId
// is unique per workspace: an INSERT … ON CONFLICT DO NOTHING decides between concurrent
// duplicates, never a read-then-write race.
import crypto from "node:crypto";
import { sql, type PublishJob } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { actorUserId, type Scope } from "../access.ts";
import { fingerprint, type Schedule } from "./fingerprint.ts";
import type { MediaPlan } from "./modes/index.ts";

export type Submission = { job: PublishJob; replay: boolean };

/**
 * One statement, so one round trip and atomic without a transaction: the job row (its
 * ScheduledPost too, for a schedule). Losing to a concurrent duplicate inserts nothing and answers
 * the winner.
 */
export async function submitMediaJob(scope: Scope, plan: MediaPlan, schedule: Schedule): Promise<Submission> {
  const fp = fingerprint(plan, schedule);
  const jobId = crypto.randomUUID();
  const scheduledPostId = schedule.scheduledAt ? crypto.randomUUID() : null;
  // (The job references its ScheduledPost inserted later in the same statement: foreign keys
  // are checked at the end of the statement.)
  const rows = await sql<PublishJob>(
    "job-submit",
    `WITH job AS (
       INSERT INTO "PublishJob" (id, "workspaceId", "accountId", provider, status, "requestId", fingerprint, payload, "scheduledPostId", "scheduledAt", timezone, "postIds", "updatedAt")
       VALUES ($1, $2, $3, $4::"Provider", $5::"JobStatus", $6, $7, $8::jsonb, $9, $10::timestamptz, $11, '{}', now())
       ON CONFLICT ("workspaceId", "requestId") DO NOTHING
       RETURNING *
     ), scheduled AS (
       INSERT INTO "ScheduledPost" (id, "workspaceId", "accountId", provider, "scheduledAt", timezone, content, "createdById", "updatedAt")
       SELECT "scheduledPostId", "workspaceId", "accountId", provider, "scheduledAt", timezone, payload, $12, now() FROM job WHERE "scheduledPostId" IS NOT NULL
     )
     SELECT job.* FROM job`,
    [
      jobId,
      scope.workspaceId,
      plan.account.id,
      plan.account.provider,
      schedule.scheduledAt ? "scheduled" : "queued",
      plan.requestId,
      fp,
      JSON.stringify(plan.payload),
      scheduledPostId,
      schedule.scheduledAt,
      schedule.timezone,
      actorUserId(scope) ?? null,
    ],
  );
  if (rows[0]) return { job: rows[0], replay: false };
  const [winner] = await sql<PublishJob>("job-by-request", `SELECT * FROM "PublishJob" WHERE "workspaceId" = $1 AND "requestId" = $2`, [
    scope.workspaceId,
    plan.requestId,
  ]);
  return replay(winner!, fp);
}

/** An earlier job of the same requestId: the same input is a replay, other input a conflict. */
export function replayOf(job: PublishJob, plan: MediaPlan, schedule: Schedule): Submission {
  return replay(job, fingerprint(plan, schedule));
}

function replay(job: PublishJob, fp: string): Submission {
  if (job.fingerprint !== fp) {
    throw new AppError("REQUEST_CONFLICT", "This requestId was already used with different input; use a new requestId for a new post", { jobId: job.id });
  }
  return { job, replay: true };
}

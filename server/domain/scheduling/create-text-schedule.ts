// A text schedule: per account, a ScheduledPost and its job (status `scheduled`) with the posts
// as accepted (after the X link rule), all in one
// statement so a schedule exists whole or not at all. The scheduler starts it at its time.
import crypto from "node:crypto";
import { sql, type PublishJob } from "../../db.ts";
import { actorUserId, type Scope } from "../access.ts";
import type { TextPlan } from "../publishing/modes/index.ts";
import type { TextJobPayload } from "../publishing/modes/text/rules.ts";

export async function createTextSchedule(scope: Scope, plan: TextPlan, scheduledAt: Date, timezone: string | null): Promise<PublishJob[]> {
  const targets = plan.targets.map((t) => ({
    jobId: crypto.randomUUID(),
    scheduledPostId: crypto.randomUUID(),
    account: t.account,
    payload: { posts: t.posts } satisfies TextJobPayload,
  }));
  return sql<PublishJob>(
    "text-schedule-create",
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::jsonb[]) AS t(job_id, post_id, account_id, provider, payload)
     ), posts AS (
       INSERT INTO "ScheduledPost" (id, "workspaceId", "accountId", provider, "scheduledAt", timezone, content, "createdById", "updatedAt")
       SELECT post_id, $6, account_id, provider::"Provider", $7::timestamptz, $8, payload, $9, now() FROM input
     ), jobs AS (
       INSERT INTO "PublishJob" (id, "workspaceId", "accountId", provider, status, payload, "scheduledPostId", "scheduledAt", timezone, "postIds", "updatedAt")
       SELECT job_id, $6, account_id, provider::"Provider", 'scheduled', payload, post_id, $7::timestamptz, $8, '{}', now() FROM input
       RETURNING *
     )
     SELECT * FROM jobs`,
    [
      targets.map((t) => t.jobId),
      targets.map((t) => t.scheduledPostId),
      targets.map((t) => t.account.id),
      targets.map((t) => t.account.provider),
      targets.map((t) => JSON.stringify(t.payload)),
      scope.workspaceId,
      scheduledAt,
      timezone,
      actorUserId(scope) ?? null,
    ],
  );
}

// Every check of a publish or schedule request, in the order the real call makes them, shared by
// the real call (publish-posts.ts, schedule-posts.ts) and its dry run (validate-posts.ts), so a
// dry run answers exactly what the real call would.
import type { PublishJob } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { Scope } from "../access.ts";
import type { Schedule } from "./fingerprint.ts";
import type { PublishBody } from "./publishing.schema.ts";
import { readRequest, replayablePlan, validatePublishRequest, type MediaPlan, type PublishPlan, type RequestRows } from "./validate-request.ts";

/** `earlier`: the job of the request's requestId, whose plan the request replays (unchecked: its acceptance passed the checks). */
export type CheckedRequest = { plan: PublishPlan; earlier: { plan: MediaPlan; job: PublishJob } | null };

export async function checkRequest(scope: Scope, body: PublishBody, schedule: Schedule): Promise<CheckedRequest> {
  const rows = await readRequest(scope, body);
  const earlier = findReplay(rows, body);
  // A replay answers its job even once the time has passed; a new schedule must be ahead.
  if (!earlier && schedule.scheduledAt && schedule.scheduledAt.getTime() <= Date.now()) {
    throw new AppError("VALIDATION_ERROR", "scheduledAt: must be in the future", {
      issues: [{ path: "scheduledAt", message: "must be in the future", code: "in_past", location: "body" }],
    });
  }
  const plan = earlier?.plan ?? validatePublishRequest(body, schedule.scheduledAt ? "schedule" : "publish", rows);
  return { plan, earlier };
}

/**
 * A request whose requestId already has a job is answered from that job (SPEC.md idempotency):
 * same input, the job; other input, 409. The checks its acceptance passed are not run again.
 */
function findReplay(rows: RequestRows, body: PublishBody): { plan: MediaPlan; job: PublishJob } | null {
  const plan = replayablePlan(rows.accounts, body);
  const job = plan && rows.earlierJobs.find((j) => j.requestId === plan.requestId);
  return plan && job ? { plan, job } : null;
}

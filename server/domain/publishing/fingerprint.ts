// The idempotency fingerprint of a media request: a hash of its mode's conflict fields (SPEC.md's
// conflict triggers, in modes/<mode>/rules.ts), so the same requestId with a change in one of
// them is a conflict and anything else a replay.
import crypto from "node:crypto";
import { conflictFields, type MediaPlan } from "./modes/index.ts";
import type { Schedule } from "./modes/mode.ts";

export type { Schedule } from "./modes/mode.ts";

export function fingerprint(plan: MediaPlan, schedule: Schedule): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify(conflictFields(plan.mode, plan, schedule)))
    .digest("hex");
}

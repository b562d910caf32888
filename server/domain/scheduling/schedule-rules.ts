// Which scheduled posts may still change (SPEC.md: canceled while publishing or upload has not
// started; the dashboard moves one only before its time has come). The writes and the calendar
// both read these.
import type { JobStatus } from "../../db.ts";
import type { ProviderName } from "../accounts/providers.ts";

export const CANCELLABLE_STATUSES: JobStatus[] = ["scheduled", "queued"];
export const MOVABLE_STATUSES: JobStatus[] = ["scheduled"];

/**
 * SPEC.md ("accepted tiktok schedule": 200): providers whose accepted media schedule is answered
 * like finished work, where the others' is answered as work under way (REST: 200, not 202).
 */
export const SCHEDULE_ANSWERED_AS_DONE: readonly ProviderName[] = ["tiktok"];

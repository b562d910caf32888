// Which scheduled posts may still change (SPEC.md: canceled while publishing or upload has not
// started; the dashboard moves one only before its time has come). The writes and the calendar
// both read these.
import type { JobStatus } from "../../db.ts";

export const CANCELLABLE_STATUSES: JobStatus[] = ["scheduled", "queued"];
export const MOVABLE_STATUSES: JobStatus[] = ["scheduled"];

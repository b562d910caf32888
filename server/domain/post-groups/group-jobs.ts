// A recurring or evergreen group has several jobs per account (one per occurrence or refill):
// its answers show each account's next job still to run, else its latest, and list the
// occurrences still waiting. A one-time group has one job per account, shown as it is.
import type { JobStatus } from "../../db.ts";
import type { RepeatRule } from "./repeat-rule.ts";

type Job = { accountId: string; status: JobStatus; scheduledAt: Date | null; createdAt?: Date };
const WAITING: JobStatus[] = ["scheduled", "queued", "processing"];

/** Per account, the job to show: the earliest one waiting or running, else the latest. */
export function shownJobs<J extends Job>(jobs: J[]): Map<string, J> {
  const shown = new Map<string, J>();
  const at = (j: J) => (j.scheduledAt ?? j.createdAt ?? new Date(0)).getTime();
  for (const job of jobs) {
    const current = shown.get(job.accountId);
    if (!current) {
      shown.set(job.accountId, job);
      continue;
    }
    const waits = WAITING.includes(job.status);
    const currentWaits = WAITING.includes(current.status);
    if (waits !== currentWaits ? waits : waits ? at(job) < at(current) : at(job) > at(current)) shown.set(job.accountId, job);
  }
  return shown;
}

export type SeriesView = { rrule: string; timezone: string; upcoming: string[]; ended: boolean };

/** A recurring group's rule and its occurrences still waiting (distinct times, in order). */
export function seriesView(repeat: RepeatRule, ended: boolean, jobs: Job[]): SeriesView {
  const upcoming = [...new Set(jobs.filter((j) => j.status === "scheduled" && j.scheduledAt).map((j) => j.scheduledAt!.getTime()))].sort((a, b) => a - b);
  return { rrule: repeat.rrule, timezone: repeat.timezone, upcoming: upcoming.map((t) => new Date(t).toISOString()), ended };
}

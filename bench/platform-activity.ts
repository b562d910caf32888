// When each publish job made its first platform call, from the sandbox's record of who called
// when (GET /_sandbox/activity: each profile's request times since the last clear). None of our
// own timestamps tells it: a job can be `processing`, or `startedAt` be set, long before the
// worker reaches the platform. An account publishes one job at a time, so a job's first call is
// its account's first request after the account's previous job finished (its first job: after
// the clear). Only requests made with the account's token count; every flow begins with one.
import { sql } from "../server/db.ts";

export type Activity = Map<string, number[]>;

const accountKey = (provider: string, username: string) => `${provider}:${username}`;

/** The request times of an account's sandbox profile (epoch ms, in order), if it made any. */
export const callsOf = (activity: Activity, account: { provider: string; username: string }): number[] | undefined =>
  activity.get(accountKey(account.provider, account.username));

/** Forgets all recorded requests: call it just before the first post falls due. */
export async function clearActivity(sandboxUrl: string): Promise<void> {
  const res = await fetch(`${sandboxUrl}/_sandbox/activity`, { method: "DELETE" });
  if (res.status !== 204) throw new Error(`DELETE /_sandbox/activity answered ${res.status}`);
}

/** Each sandbox profile's request times (epoch ms, in order), by provider and username. */
export async function readActivity(sandboxUrl: string): Promise<Activity> {
  const res = await fetch(`${sandboxUrl}/_sandbox/activity`);
  if (!res.ok) throw new Error(`GET /_sandbox/activity answered ${res.status}`);
  const { activity } = (await res.json()) as { activity: { provider: string; username: string | null; times: number[]; requests: number }[] };
  const out: Activity = new Map();
  for (const a of activity) if (a.username) out.set(accountKey(a.provider, a.username), a.times);
  return out;
}

/** A job as the benchmark read it: its account's sandbox profile, and when it finished (epoch ms). */
export type JobTimes = { provider: string; username: string; finishedMs: number | null };

/** The jobs' times (epoch ms, with the fraction PostgreSQL keeps), each with its account's sandbox profile. */
export async function readJobTimes(jobIds: string[], profileOf: (accountId: string) => { provider: string; username: string }) {
  const rows = await sql<{ id: string; accountId: string; status: string; scheduledMs: number | null; startedMs: number | null; finishedMs: number | null }>(
    "bench-job-times",
    `SELECT id, "accountId", status, extract(epoch FROM "scheduledAt") * 1000 AS "scheduledMs", extract(epoch FROM "startedAt") * 1000 AS "startedMs",
            extract(epoch FROM "finishedAt") * 1000 AS "finishedMs"
       FROM "PublishJob" WHERE id = ANY($1::uuid[])`,
    [jobIds],
  );
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({ ...r, scheduledMs: n(r.scheduledMs), startedMs: n(r.startedMs), finishedMs: n(r.finishedMs), ...profileOf(r.accountId) }));
}

/**
 * Each job's first platform call (epoch ms), or undefined when the record holds none for it (the
 * job never reached the platform, or its account made more requests than the sandbox keeps).
 */
export function firstPlatformCalls(jobs: JobTimes[], activity: Activity): (number | undefined)[] {
  const byAccount = new Map<string, number[]>();
  jobs.forEach((j, i) => {
    const key = accountKey(j.provider, j.username);
    if (!byAccount.has(key)) byAccount.set(key, []);
    byAccount.get(key)!.push(i);
  });
  const first: (number | undefined)[] = new Array(jobs.length).fill(undefined);
  for (const [key, indexes] of byAccount) {
    const times = activity.get(key) ?? [];
    indexes.sort((a, b) => (jobs[a]!.finishedMs ?? Infinity) - (jobs[b]!.finishedMs ?? Infinity));
    let after = -Infinity;
    for (const i of indexes) {
      first[i] = times.find((t) => t > after);
      // finishedAt is kept to the millisecond, rounded: the previous job's calls all came before
      // the true time, at most half a millisecond past the kept one
      after = (jobs[i]!.finishedMs ?? Infinity) + 0.5;
    }
  }
  return first;
}

/** p50, p99 and max of a list (nearest rank). */
export function spread(values: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

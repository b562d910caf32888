// The jobs this process holds leases on, kept alive by one heartbeat for all of them (a job
// waiting on a platform can be held for minutes, and thousands may wait at once). A job whose
// lease the heartbeat finds gone (it lapsed during a stall and another run took the job over)
// is marked lost, and its run stops at its next step.
import { sql } from "../../../db.ts";
import { log } from "../../../log.ts";
import { leaseSeconds } from "./lease.ts";

export type HeldJob = { readonly lost: boolean; drop(): void };

const held = new Map<string, { owner: string; lost: boolean }>();
let timer: NodeJS.Timeout | undefined;

export function hold(jobId: string, owner: string): HeldJob {
  const entry = { owner, lost: false };
  held.set(jobId, entry);
  timer ??= setInterval(() => void beat().catch((err) => log.warn("lease heartbeat failed", { error: String(err) })), (leaseSeconds() * 1000) / 3);
  return {
    get lost() {
      return entry.lost;
    },
    drop() {
      if (held.get(jobId) === entry) held.delete(jobId);
      if (held.size === 0) timer = void clearInterval(timer);
    },
  };
}

async function beat(): Promise<void> {
  const jobs = [...held.entries()];
  if (jobs.length === 0) return;
  const kept = await sql<{ id: string }>(
    "job-lease",
    `UPDATE "PublishJob" j SET "leaseExpiresAt" = now() + make_interval(secs => $3)
       FROM unnest($1::uuid[], $2::text[]) AS h(id, owner) WHERE j.id = h.id AND j."leaseOwner" = h.owner
     RETURNING j.id`,
    [jobs.map(([id]) => id), jobs.map(([, h]) => h.owner), leaseSeconds()],
  );
  const alive = new Set(kept.map((r) => r.id));
  for (const [id, h] of jobs) if (!alive.has(id) && held.get(id) === h) h.lost = true;
}

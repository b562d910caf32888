// The lease of this process on every job it holds: one WorkerLease row, renewed by one heartbeat
// (a job waiting on a platform can be held for minutes, and thousands may wait at once). A held
// job's leaseOwner starts with the lease's id. The lease is short (PUBLISH_LEASE_SECONDS, 10 s)
// and renewed four times in it, so a worker that vanished (its machine, its network) is known
// dead within seconds; under the launcher, a worker that dies has its jobs freed at once
// (./watchdog.ts, freeDeadWorker). When the lease lapses (judged by the database's clock), the
// watchdog deletes it and frees its jobs; a stalled process that wakes to find its lease gone
// exits, to be started afresh, and any write its runs attempt before that is refused.
//
// A renewal that fails (the database restarting or stalled) is not a lost lease: the heartbeat
// tries on, and the lease is lost only when a renewal answers that the row is gone. Nor may a
// watchdog take others' leases for lapsed when they could not renew: it frees nothing until its
// own renewals have gone through without a gap for a whole lease (leaseSteady), so after an
// outage every live worker has had a whole lease to renew in.
import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "../../../db.ts";
import { env } from "../../../env.ts";
import { log } from "../../../log.ts";

let lease: Promise<string> | undefined;
let heartbeat: NodeJS.Timeout | undefined;
/** when this process's renewals last began to go through without a gap (performance.now()) */
let steadySince: number | undefined;
let renewedAt = 0;

/** How long the lease lasts without a heartbeat, in seconds (PUBLISH_LEASE_SECONDS). */
const leaseSeconds = (): number => env().publishLeaseSeconds;
const beatMs = (): number => (leaseSeconds() * 1000) / 4;

/** The prefix of the lease ids the process `pid` on this machine takes: the launcher frees its dead worker's jobs by it. */
export const leasePrefix = (pid: number): string => `${os.hostname()}:${pid}:`;

/** This process's lease id, taken (and its heartbeat started) on first use. */
export function workerLease(): Promise<string> {
  lease ??= take();
  return lease;
}

async function take(): Promise<string> {
  const id = `${leasePrefix(process.pid)}${randomUUID().slice(0, 8)}`;
  try {
    await sql("worker-lease-take", `INSERT INTO "WorkerLease" (id, "expiresAt") VALUES ($1, now() + make_interval(secs => $2))`, [id, leaseSeconds()]);
  } catch (err) {
    lease = undefined; // the next caller tries again
    throw err;
  }
  steadySince = renewedAt = performance.now();
  let renewing = false;
  const beat = () => {
    if (renewing) return; // one renewal at a time: a stalled database must not pile them up
    renewing = true;
    renew(id)
      .catch((err) => log.warn("lease heartbeat failed", { error: String(err) }))
      .finally(() => (renewing = false));
  };
  heartbeat = setInterval(beat, beatMs()).unref();
  return id;
}

async function renew(id: string): Promise<void> {
  const kept = await sql("worker-lease-renew", `UPDATE "WorkerLease" SET "expiresAt" = now() + make_interval(secs => $2) WHERE id = $1 RETURNING id`, [
    id,
    leaseSeconds(),
  ]);
  if (kept.length === 0) {
    log.error("this worker's lease lapsed and its jobs went to other workers; exiting, to be started afresh", { lease: id });
    process.exit(1);
  }
  const now = performance.now();
  // a gap of more than two beats (an outage, a stall of this process) starts the steady time afresh
  if (now - renewedAt > 2 * beatMs()) steadySince = now;
  renewedAt = now;
}

/**
 * Whether this process may judge other workers' leases: its own renewals have gone through
 * without a gap for a whole lease and the last one was recent. While the database was away, or
 * this process stalled, the others could not renew either.
 */
export function leaseSteady(): boolean {
  const now = performance.now();
  return steadySince !== undefined && now - steadySince >= leaseSeconds() * 1000 && now - renewedAt <= 2 * beatMs();
}

/**
 * Names this process's queue (graphile-worker) pool on its lease: the queue locks the jobs it runs
 * by that id and frees them only after 4 hours, so the launcher releases them when it sees this
 * process die (./watchdog.ts, freeDeadWorker).
 */
export async function recordQueuePool(poolId: string): Promise<void> {
  await sql("worker-lease-queue-pool", `UPDATE "WorkerLease" SET "queuePool" = $2 WHERE id = $1`, [await workerLease(), poolId]);
}

/** For a stopping worker, once its runs ended: the lease goes (nothing is left to free). */
export async function dropWorkerLease(): Promise<void> {
  clearInterval(heartbeat);
  if (lease) await sql("worker-lease-drop", `DELETE FROM "WorkerLease" WHERE id = $1`, [await lease]);
}

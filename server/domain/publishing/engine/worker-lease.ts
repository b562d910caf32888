// The lease of this process on every job it holds: one WorkerLease row, renewed by one heartbeat
// (a job waiting on a platform can be held for minutes, and thousands may wait at once). A held
// job's leaseOwner starts with the lease's id. When the lease lapses (the process died, or stalled
// past it), the watchdog deletes it and frees its jobs; a stalled process that wakes to find its
// lease gone exits, to be started afresh, and any write its runs attempt before that is refused.
import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "../../../db.ts";
import { env } from "../../../env.ts";
import { log } from "../../../log.ts";

let lease: Promise<string> | undefined;
let heartbeat: NodeJS.Timeout | undefined;

/** How long the lease lasts without a heartbeat, in seconds (PUBLISH_LEASE_SECONDS: short in drills, so recovery is quick). */
const leaseSeconds = (): number => env().publishLeaseSeconds;

/** This process's lease id, taken (and its heartbeat started) on first use. */
export function workerLease(): Promise<string> {
  lease ??= take();
  return lease;
}

async function take(): Promise<string> {
  const id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  try {
    await sql("worker-lease-take", `INSERT INTO "WorkerLease" (id, "expiresAt") VALUES ($1, now() + make_interval(secs => $2))`, [id, leaseSeconds()]);
  } catch (err) {
    lease = undefined; // the next caller tries again
    throw err;
  }
  const beat = () => renew(id).catch((err) => log.warn("lease heartbeat failed", { error: String(err) }));
  heartbeat = setInterval(() => void beat(), (leaseSeconds() * 1000) / 3).unref();
  return id;
}

async function renew(id: string): Promise<void> {
  const kept = await sql("worker-lease-renew", `UPDATE "WorkerLease" SET "expiresAt" = now() + make_interval(secs => $2) WHERE id = $1 RETURNING id`, [
    id,
    leaseSeconds(),
  ]);
  if (kept.length > 0) return;
  log.error("this worker's lease lapsed and its jobs went to other workers; exiting, to be started afresh", { lease: id });
  process.exit(1);
}

/** For a stopping worker, once its runs ended: the lease goes (nothing is left to free). */
export async function dropWorkerLease(): Promise<void> {
  clearInterval(heartbeat);
  if (lease) await sql("worker-lease-drop", `DELETE FROM "WorkerLease" WHERE id = $1`, [await lease]);
}

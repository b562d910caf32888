// The durable job queue (graphile-worker, in the same PostgreSQL). Jobs are added with SQL so
// that a domain transaction can write its rows and enqueue their work atomically.
import { runMigrations } from "graphile-worker";
import type { Tx } from "../db.ts";

export type JobOptions = { runAt?: Date; jobKey?: string; queueName?: string; maxAttempts?: number; priority?: number };

/** Enqueues a task inside the caller's transaction: it exists if and only if the transaction commits. */
export async function enqueue(tx: Tx, task: string, payload: unknown, opts: JobOptions = {}): Promise<void> {
  await tx.$executeRaw`SELECT graphile_worker.add_job(
    identifier => ${task},
    payload => ${JSON.stringify(payload)}::json,
    queue_name => ${opts.queueName ?? null},
    run_at => ${opts.runAt ?? null}::timestamptz,
    max_attempts => ${opts.maxAttempts ?? null}::int,
    job_key => ${opts.jobKey ?? null},
    priority => ${opts.priority ?? null}::int
  )`;
}

/** Installs or upgrades the queue's own schema (done at start, with the app's migrations). */
export function migrateQueue(connectionString: string): Promise<void> {
  return runMigrations({ connectionString, logger: undefined });
}

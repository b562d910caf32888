// The durable job queue (graphile-worker, in the same PostgreSQL). Domain code adds jobs with
// SQL (graphile_worker.add_job) in the statement that writes their rows, so both exist or neither.
import { runMigrations } from "graphile-worker";

/** Installs or upgrades the queue's own schema (done at start, with the app's migrations). */
export function migrateQueue(connectionString: string): Promise<void> {
  return runMigrations({ connectionString, logger: undefined });
}

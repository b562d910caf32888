// The queue entry of an import's worker run: added in the transaction that writes the import (or
// hands it back after a lost run, or to wait for its media), keyed by the import so it waits once.
import type { TxSql } from "../../db.ts";

export const RUN_IMPORT_TASK = "run-import";
export const IMPORT_RUN_MAX_ATTEMPTS = 5;

export async function queueImportRun(q: TxSql, importId: string, delaySeconds = 0): Promise<void> {
  await q(
    "import-queue-run",
    `SELECT graphile_worker.add_job($1, json_build_object('importId', $2::text), job_key => $3, max_attempts => $4::int,
            run_at => now() + make_interval(secs => $5::int))`,
    [RUN_IMPORT_TASK, importId, `import:${importId}`, IMPORT_RUN_MAX_ATTEMPTS, delaySeconds],
  );
}

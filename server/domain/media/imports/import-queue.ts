// The queue entry of an import's worker run: added in the transaction that writes the import
// (or hands it back after a lost run), keyed by the import so it waits at most once.
import type { Prisma } from "../../../db.ts";

export const IMPORT_MEDIA_TASK = "import-media";
/** runs of one import: a fetch that fails for the infrastructure's reasons is retried, then the import fails */
export const IMPORT_MAX_ATTEMPTS = 3;

export async function queueImportRun(tx: Prisma.TransactionClient, importId: string): Promise<void> {
  await tx.$queryRaw`SELECT graphile_worker.add_job(${IMPORT_MEDIA_TASK}, json_build_object('importId', ${importId}::text), job_key => ${`media-import:${importId}`}, max_attempts => ${IMPORT_MAX_ATTEMPTS}::int)`;
}

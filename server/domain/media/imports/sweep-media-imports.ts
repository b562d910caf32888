// Imports whose run died (its lease lapsed) or whose queue entry was lost with a dead worker
// (the queue's own lock timeout is hours) go back to the queue. A run that is merely slow keeps
// renewing its lease and is left alone; if it lapses anyway, the fenced commit lets only the
// newest run create the item.
import { db } from "../../../db.ts";
import { queueImportRun } from "./import-queue.ts";

const QUEUED_UNTOUCHED_MINUTES = 2;

export async function sweepMediaImports(): Promise<number> {
  return db.$transaction(async (tx) => {
    const stranded = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "MediaImport" SET status = 'queued', "leaseExpiresAt" = NULL, "updatedAt" = now()
       WHERE id IN (SELECT id FROM "MediaImport"
                     WHERE (status = 'processing' AND "leaseExpiresAt" < now())
                        OR (status = 'queued' AND "updatedAt" < now() - make_interval(mins => ${QUEUED_UNTOUCHED_MINUTES}))
                     ORDER BY "updatedAt" LIMIT 100 FOR UPDATE SKIP LOCKED)
       RETURNING id`;
    for (const row of stranded) await queueImportRun(tx, row.id);
    return stranded.length;
  });
}

// Imports whose run died (its lease lapsed) or whose queue entry was lost with a dead worker (the
// queue's own lock timeout is hours) go back to the queue; the next run resumes at the first row
// without its group, and the rows' derived requestIds keep any group from being made twice.
import { withTransaction } from "../../db.ts";
import { queueImportRun } from "./import-queue.ts";

const QUEUED_UNTOUCHED_MINUTES = 2;

export async function sweepImports(): Promise<number> {
  return withTransaction(async (q) => {
    const stranded = await q<{ id: string }>(
      "imports-sweep",
      `UPDATE "Import" SET status = 'queued', "leaseExpiresAt" = NULL, "updatedAt" = now()
        WHERE id IN (SELECT id FROM "Import"
                      WHERE (status = 'processing' AND "leaseExpiresAt" < now())
                         OR (status = 'queued' AND "updatedAt" < now() - make_interval(mins => $1::int))
                      ORDER BY "updatedAt" LIMIT 100 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [QUEUED_UNTOUCHED_MINUTES],
    );
    for (const row of stranded) await queueImportRun(q, row.id);
    return stranded.length;
  });
}

import type { Task } from "graphile-worker";
import { giveUpMediaImport, runMediaImport } from "../../domain/media/imports/run-media-import.ts";
import { sweepMediaImports } from "../../domain/media/imports/sweep-media-imports.ts";

export const importMediaTask: Task = async (payload, helpers) => {
  const { importId } = payload as { importId: string };
  try {
    await runMediaImport(importId);
  } catch (err) {
    // infrastructure errors are retried by the queue; after its last attempt the import fails
    if (helpers.job.attempts >= helpers.job.max_attempts) await giveUpMediaImport(importId, (err as Error).message);
    throw err;
  }
};

export const sweepMediaImportsTask: Task = async (_payload, helpers) => {
  const swept = await sweepMediaImports();
  if (swept > 0) helpers.logger.warn(`handed ${swept} stranded media imports back to the queue`);
};

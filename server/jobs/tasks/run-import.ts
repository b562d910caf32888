import type { Task } from "graphile-worker";
import { giveUpImport, runImport } from "../../domain/imports/run-import.ts";
import { sweepImports } from "../../domain/imports/sweep-imports.ts";

export const runImportTask: Task = async (payload, helpers) => {
  const { importId } = payload as { importId: string };
  try {
    await runImport(importId);
  } catch (err) {
    // infrastructure errors are retried by the queue; after its last attempt the import fails
    if (helpers.job.attempts >= helpers.job.max_attempts) await giveUpImport(importId, (err as Error).message);
    throw err;
  }
};

export const sweepImportsTask: Task = async (_payload, helpers) => {
  const swept = await sweepImports();
  if (swept > 0) helpers.logger.warn(`handed ${swept} stranded imports back to the queue`);
};

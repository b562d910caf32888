// The dashboard's Import page: the same operations as POST /api/v1/imports (a dry run for the
// preview, then the real import) and GET /api/v1/imports/{id}.
import { createImport } from "../../domain/imports/create-import.ts";
import { getImport } from "../../domain/imports/get-import.ts";
import { createImportBody, importIdParams } from "../../domain/imports/imports.schema.ts";
import { router, workspaceProcedure } from "../init.ts";

export const importsRouter = router({
  start: workspaceProcedure.input(createImportBody).mutation(async ({ ctx, input }) => {
    const answer = await createImport(ctx.scope, input);
    return answer.dryRun ? { check: answer.body } : { importId: answer.body.importId, replay: answer.replay };
  }),
  get: workspaceProcedure.input(importIdParams).query(({ ctx, input }) => getImport(ctx.scope, input.id)),
});

import { z } from "zod";
import { deleteDraft } from "../../domain/drafts/delete-draft.ts";
import { saveDraftInput } from "../../domain/drafts/drafts.schema.ts";
import { getDraft } from "../../domain/drafts/get-draft.ts";
import { listDrafts } from "../../domain/drafts/list-drafts.ts";
import { saveDraft } from "../../domain/drafts/save-draft.ts";
import { router, workspaceProcedure } from "../init.ts";

const id = z.object({ id: z.uuid() });

export const draftsRouter = router({
  save: workspaceProcedure.input(saveDraftInput).mutation(({ ctx, input }) => saveDraft(ctx.scope, input)),
  list: workspaceProcedure.query(({ ctx }) => listDrafts(ctx.scope)),
  get: workspaceProcedure.input(id).query(({ ctx, input }) => getDraft(ctx.scope, input.id)),
  delete: workspaceProcedure.input(id).mutation(({ ctx, input }) => deleteDraft(ctx.scope, input.id)),
});

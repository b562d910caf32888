import { z } from "zod";
import { confirmUpload } from "../../domain/media/confirm-upload.ts";
import { createUpload } from "../../domain/media/create-upload.ts";
import { deleteMedia } from "../../domain/media/delete-media.ts";
import { listMedia } from "../../domain/media/list-media.ts";
import { confirmUploadInput, createUploadInput, listMediaQuery } from "../../domain/media/media.schema.ts";
import { storageUsage } from "../../domain/media/storage-usage.ts";
import { router, workspaceProcedure } from "../init.ts";

export const mediaRouter = router({
  list: workspaceProcedure.input(listMediaQuery).query(({ ctx, input }) => listMedia(ctx.scope, input)),
  usage: workspaceProcedure.query(({ ctx }) => storageUsage(ctx.scope)),
  createUpload: workspaceProcedure.input(createUploadInput).mutation(({ ctx, input }) => createUpload(ctx.scope, input)),
  confirm: workspaceProcedure.input(confirmUploadInput).mutation(({ ctx, input }) => confirmUpload(ctx.scope, input)),
  delete: workspaceProcedure.input(z.object({ mediaId: z.uuid() })).mutation(({ ctx, input }) => deleteMedia(ctx.scope, input.mediaId)),
});

import { z } from "zod";
import { createApiKeyInput } from "../../domain/api-keys/api-keys.schema.ts";
import { createApiKey } from "../../domain/api-keys/create-api-key.ts";
import { listApiKeys } from "../../domain/api-keys/list-api-keys.ts";
import { revokeApiKey } from "../../domain/api-keys/revoke-api-key.ts";
import { router, workspaceProcedure } from "../init.ts";

export const apiKeysRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listApiKeys(ctx.scope)),
  create: workspaceProcedure.input(createApiKeyInput).mutation(({ ctx, input }) => createApiKey(ctx.scope, input)),
  revoke: workspaceProcedure.input(z.object({ id: z.uuid() })).mutation(({ ctx, input }) => revokeApiKey(ctx.scope, input.id)),
});

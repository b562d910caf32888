import { z } from "zod";
import { listDeliveries, redeliver, sendTestEvent } from "../../domain/webhooks/deliveries.ts";
import { createWebhook, deleteWebhook, listWebhooks, updateWebhook } from "../../domain/webhooks/manage-webhooks.ts";
import { createWebhookBody, deliveryListQuery, updateWebhookBody } from "../../domain/webhooks/webhooks.schema.ts";
import { router, workspaceProcedure } from "../init.ts";

const id = z.object({ id: z.uuid() });

export const webhooksRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listWebhooks(ctx.scope)),
  create: workspaceProcedure.input(createWebhookBody).mutation(({ ctx, input }) => createWebhook(ctx.scope, input)),
  update: workspaceProcedure.input(id.extend({ patch: updateWebhookBody })).mutation(({ ctx, input }) => updateWebhook(ctx.scope, input.id, input.patch)),
  remove: workspaceProcedure.input(id).mutation(({ ctx, input }) => deleteWebhook(ctx.scope, input.id)),
  test: workspaceProcedure.input(id).mutation(({ ctx, input }) => sendTestEvent(ctx.scope, input.id)),
  deliveries: workspaceProcedure.input(id.extend({ query: deliveryListQuery })).query(({ ctx, input }) => listDeliveries(ctx.scope, input.id, input.query)),
  redeliver: workspaceProcedure.input(id.extend({ deliveryId: z.uuid() })).mutation(({ ctx, input }) => redeliver(ctx.scope, input.id, input.deliveryId)),
});

import { z } from "zod";
import { listDeliveries, redeliver, sendTestEvent } from "../../domain/webhooks/deliveries.ts";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "../../domain/webhooks/manage-webhooks.ts";
import {
  createWebhookBody,
  deliveryListQuery,
  deliveryListSchema,
  deliveryParams,
  deliverySchema,
  updateWebhookBody,
  webhookListSchema,
  webhookParams,
  webhookSchema,
  webhookWithSecretSchema,
} from "../../domain/webhooks/webhooks.schema.ts";
import { defineTool } from "../tool.ts";

const webhookId = webhookParams.shape.id.meta({ description: "A webhookId of create_webhook or list_webhooks" });

export const createWebhookTool = defineTool({
  name: "create_webhook",
  title: "Create a webhook",
  scope: "webhooks:write",
  description:
    'Registers an http(s) endpoint on a public address that receives the workspace\'s events as signed POSTs (Standard Webhooks): url, events (names such as publish_job.published, or ["*"] for all), optional description. Answers the webhook with its signing secret (whsec_…), shown only here. Deliveries are retried for about a day. At most 20 webhooks per workspace.',
  input: createWebhookBody,
  output: webhookWithSecretSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (scope, input) => createWebhook(scope, input),
});

export const listWebhooksTool = defineTool({
  name: "list_webhooks",
  title: "List webhooks",
  scope: "webhooks:read",
  description: "The workspace's webhooks: url, events, enabled, and disabledReason when the service disabled one that failed for days.",
  input: z.strictObject({}),
  output: webhookListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope) => listWebhooks(scope),
});

export const getWebhookTool = defineTool({
  name: "get_webhook",
  title: "Get a webhook",
  scope: "webhooks:read",
  description: "A webhook by its webhookId: url, events, description, enabled, and disabledReason when the service disabled it.",
  input: z.strictObject({ webhookId }),
  output: webhookSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getWebhook(scope, input.webhookId),
});

export const updateWebhookTool = defineTool({
  name: "update_webhook",
  title: "Change a webhook",
  scope: "webhooks:write",
  description:
    "Changes a webhook's url, events or description; enabled false pauses its deliveries (they wait), true resumes them; rotateSecret true replaces the signing secret and answers the new one, only here.",
  input: updateWebhookBody.extend({ webhookId }),
  output: webhookSchema.extend({ secret: z.string().optional() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (scope, { webhookId: id, ...body }) => updateWebhook(scope, id, body),
});

export const deleteWebhookTool = defineTool({
  name: "delete_webhook",
  title: "Delete a webhook",
  scope: "webhooks:write",
  description: "Deletes a webhook with its waiting deliveries and their history; answers { deleted: 1 }.",
  input: z.strictObject({ webhookId }),
  output: z.object({ deleted: z.literal(1) }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: async (scope, input) => {
    await deleteWebhook(scope, input.webhookId);
    return { deleted: 1 as const };
  },
});

export const testWebhookTool = defineTool({
  name: "test_webhook",
  title: "Send a test event",
  scope: "webhooks:write",
  description:
    "Sends a webhook.test event to the endpoint now and answers its delivery after the first attempt: status delivered with lastStatusCode, or pending with lastError and the next attempt's time.",
  input: z.strictObject({ webhookId }),
  output: deliverySchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (scope, input) => sendTestEvent(scope, input.webhookId),
});

export const listWebhookDeliveriesTool = defineTool({
  name: "list_webhook_deliveries",
  title: "List a webhook's deliveries",
  scope: "webhooks:read",
  description:
    "A webhook's deliveries, newest first, optionally by status (pending, delivered, failed), each with its attempts (status code, error, the start of the answer) and, while pending, the next attempt's time. limit 1 to 100, offset.",
  input: deliveryListQuery.extend({ webhookId }),
  output: deliveryListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, { webhookId: id, ...query }) => listDeliveries(scope, id, query),
});

export const redeliverWebhookTool = defineTool({
  name: "redeliver_webhook",
  title: "Deliver an event again",
  scope: "webhooks:write",
  description:
    "Sends a delivery (deliveryId of list_webhook_deliveries) again now, whatever its state, with the same webhook-id and the retry schedule from its start. A disabled webhook is a CONFLICT: enable it first with update_webhook.",
  input: z.strictObject({ webhookId, deliveryId: deliveryParams.shape.deliveryId.meta({ description: "A deliveryId of list_webhook_deliveries" }) }),
  output: deliverySchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (scope, input) => redeliver(scope, input.webhookId, input.deliveryId),
});

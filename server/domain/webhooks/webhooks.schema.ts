// Webhook endpoints and their deliveries, as the API takes and shows them.
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "./webhook-event-types.ts";

const eventList = z
  .array(z.union([z.enum(WEBHOOK_EVENT_TYPES), z.literal("*")]))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length + 1)
  .meta({ description: `Event types to receive, or ["*"] for all: ${WEBHOOK_EVENT_TYPES.join(", ")}` });

const url = z.string().max(2048).meta({ description: "An http(s) URL on a public address; deliveries do not follow redirects" });

export const createWebhookBody = z
  .strictObject({
    url,
    events: eventList,
    description: z.string().max(500).optional(),
  })
  .meta({ id: "CreateWebhookRequest" });

export const updateWebhookBody = z
  .strictObject({
    url: url.optional(),
    events: eventList.optional(),
    description: z.string().max(500).optional(),
    enabled: z.boolean().optional().meta({ description: "false pauses deliveries (they wait); true resumes them and clears a disabled state" }),
    rotateSecret: z.literal(true).optional().meta({ description: "Replace the signing secret; the new one is in this answer only" }),
  })
  .meta({ id: "UpdateWebhookRequest" });

export const webhookSchema = z
  .object({
    webhookId: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: "Why the service disabled the endpoint (it failed for days); null otherwise" }),
    failingSince: z.iso.datetime({ offset: true }).nullable().meta({ description: "The first failed attempt since the last success" }),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Webhook" });
export type WebhookView = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema
  .extend({ secret: z.string().meta({ description: "whsec_… signing secret: shown only here; verify deliveries with any Standard Webhooks library" }) })
  .meta({ id: "WebhookWithSecret" });

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) }).meta({ id: "WebhookList" });

export const attemptSchema = z
  .object({
    attemptedAt: z.iso.datetime({ offset: true }),
    durationMs: z.number().int(),
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    responseBody: z.string().nullable().meta({ description: "At most 1 KiB of the endpoint's answer" }),
  })
  .meta({ id: "WebhookAttempt" });

export const deliverySchema = z
  .object({
    deliveryId: z.uuid(),
    webhookId: z.uuid(),
    eventId: z.string().meta({ description: "The webhook-id header of every attempt of this event (msg_…)" }),
    eventType: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    attemptLog: z.array(attemptSchema),
  })
  .meta({ id: "WebhookDelivery" });
export type DeliveryView = z.infer<typeof deliverySchema>;

export const deliveryListQuery = z.strictObject({
  status: z.enum(["pending", "delivered", "failed"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const deliveryListSchema = z
  .object({ deliveries: z.array(deliverySchema), total: z.number().int(), hasMore: z.boolean() })
  .meta({ id: "WebhookDeliveryList" });

export const webhookParams = z.strictObject({ id: z.uuid() });
export const deliveryParams = z.strictObject({ id: z.uuid(), deliveryId: z.uuid() });

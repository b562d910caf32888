import { z } from "zod";
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
import { defineOperation } from "../operation.ts";

const webhookId = "7e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b";
const deliveryId = "3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d";
const webhook = {
  webhookId,
  url: "https://hooks.acme.example/posteady",
  description: "Publishing results to our CRM",
  events: ["publish_job.published", "publish_job.failed"],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: "2026-11-26T09:00:00.000Z",
  updatedAt: "2026-11-26T09:00:00.000Z",
};
const delivery = {
  deliveryId,
  webhookId,
  eventId: "msg_5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e",
  eventType: "publish_job.published",
  status: "delivered",
  attempts: 1,
  nextAttemptAt: null,
  lastStatusCode: 200,
  lastError: null,
  deliveredAt: "2026-11-26T09:05:01.120Z",
  createdAt: "2026-11-26T09:05:01.000Z",
  attemptLog: [{ attemptedAt: "2026-11-26T09:05:01.010Z", durationMs: 110, statusCode: 200, error: null, responseBody: "ok" }],
};

const signing = [
  "Every delivery is a POST of `{ type, timestamp, data }` (`data`: the resource as this API shows it, as it was when the event happened) signed as the [Standard Webhooks](https://www.standardwebhooks.com) specification says: headers `webhook-id` (the same on every attempt of an event: drop duplicates by it), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`). Verify with any Standard Webhooks library and the endpoint's `whsec_…` secret.",
  "",
  "An answer 2xx within 10 s is a success; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (`WEBHOOK_RETRY_SCHEDULE`). Redirects are not followed. An endpoint whose deliveries fail for 5 days (`WEBHOOK_DISABLE_AFTER_HOURS`) is disabled, shown with `disabledReason`; its deliveries wait until it is enabled again.",
].join("\n");

export const createWebhookOp = defineOperation({
  operationId: "createWebhook",
  method: "POST",
  path: "/api/v1/webhooks",
  tag: "Webhooks",
  scope: "webhooks:write",
  summary: "Create a webhook",
  description: [
    "Registers an endpoint for events of the key's workspace. The URL must be http(s) on a public address (private, loopback and link-local addresses are refused, also after DNS, unless `URL_FETCH_ALLOW_CIDRS` opens them); at most 20 webhooks per workspace. The answer holds the signing `secret`, shown only here.",
    "",
    signing,
  ].join("\n"),
  body: createWebhookBody,
  bodyExample: {
    url: "https://hooks.acme.example/posteady",
    events: ["publish_job.published", "publish_job.failed"],
    description: "Publishing results to our CRM",
  },
  responses: {
    201: { description: "Created", schema: webhookWithSecretSchema, example: { ...webhook, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" } },
  },
  errors: ["CONFLICT"],
});

export const listWebhooksOp = defineOperation({
  operationId: "listWebhooks",
  method: "GET",
  path: "/api/v1/webhooks",
  tag: "Webhooks",
  scope: "webhooks:read",
  summary: "List webhooks",
  responses: { 200: { description: "The workspace's webhooks", schema: webhookListSchema, example: { webhooks: [webhook] } } },
});

export const getWebhookOp = defineOperation({
  operationId: "getWebhook",
  method: "GET",
  path: "/api/v1/webhooks/{id}",
  tag: "Webhooks",
  scope: "webhooks:read",
  summary: "Read a webhook",
  params: webhookParams,
  responses: { 200: { description: "The webhook", schema: webhookSchema, example: webhook } },
  errors: ["NOT_FOUND"],
});

export const updateWebhookOp = defineOperation({
  operationId: "updateWebhook",
  method: "PATCH",
  path: "/api/v1/webhooks/{id}",
  tag: "Webhooks",
  scope: "webhooks:write",
  summary: "Change a webhook",
  description:
    "Change its URL, events or description; `enabled: false` pauses deliveries (they wait), `enabled: true` resumes them (also after the service disabled the endpoint); `rotateSecret: true` replaces the secret at once and answers the new one, only here.",
  params: webhookParams,
  body: updateWebhookBody,
  bodyExample: { enabled: true, rotateSecret: true },
  responses: {
    200: { description: "The changed webhook (with `secret` when rotated)", schema: webhookSchema.extend({ secret: z.string().optional() }), example: webhook },
  },
  errors: ["NOT_FOUND"],
});

export const deleteWebhookOp = defineOperation({
  operationId: "deleteWebhook",
  method: "DELETE",
  path: "/api/v1/webhooks/{id}",
  tag: "Webhooks",
  scope: "webhooks:write",
  summary: "Delete a webhook",
  description: "Deletes the endpoint with its waiting deliveries and their history.",
  params: webhookParams,
  responses: { 200: { description: "Deleted", schema: z.object({ deleted: z.literal(1) }), example: { deleted: 1 } } },
  errors: ["NOT_FOUND"],
});

export const testWebhookOp = defineOperation({
  operationId: "testWebhook",
  method: "POST",
  path: "/api/v1/webhooks/{id}/test",
  tag: "Webhooks",
  scope: "webhooks:write",
  summary: "Send a test event",
  description:
    "Sends a `webhook.test` event (`data`: `{ webhookId, message }`) to the endpoint now and answers its delivery after the first attempt; a failed one is retried like any delivery.",
  params: webhookParams,
  responses: { 200: { description: "The test delivery after its first attempt", schema: deliverySchema, example: { ...delivery, eventType: "webhook.test" } } },
  errors: ["NOT_FOUND"],
});

export const listDeliveriesOp = defineOperation({
  operationId: "listWebhookDeliveries",
  method: "GET",
  path: "/api/v1/webhooks/{id}/deliveries",
  tag: "Webhooks",
  scope: "webhooks:read",
  summary: "List a webhook's deliveries",
  description: "Newest first, each with its attempts (status code, error, at most 1 KiB of the answer) and, while pending, the next attempt's time.",
  params: webhookParams,
  query: deliveryListQuery,
  responses: { 200: { description: "Deliveries", schema: deliveryListSchema, example: { deliveries: [delivery], total: 1, hasMore: false } } },
  errors: ["NOT_FOUND"],
});

export const redeliverOp = defineOperation({
  operationId: "redeliverWebhookDelivery",
  method: "POST",
  path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver",
  tag: "Webhooks",
  scope: "webhooks:write",
  summary: "Deliver again",
  description:
    "Sends the delivery again now, whatever its state, with the same `webhook-id` and the retry schedule from its start. A disabled webhook answers 409: enable it first.",
  params: deliveryParams,
  responses: { 202: { description: "Pending again", schema: deliverySchema, example: { ...delivery, status: "pending", attempts: 0, deliveredAt: null } } },
  errors: ["NOT_FOUND", "CONFLICT"],
});

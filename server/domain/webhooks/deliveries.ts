// Deliveries: each event to each subscribed endpoint, at least once. A worker claims due
// deliveries (the claim counts the attempt and sets when it is lost if its worker dies), sends
// them, and records the outcome with the next attempt's time from WEBHOOK_RETRY_SCHEDULE; an
// endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS is disabled. Every attempt of an event carries
// the same webhook-id, so a receiver can drop a duplicate.
import crypto from "node:crypto";
import type { z } from "zod";
import { db, sql } from "../../db.ts";
import { env } from "../../env.ts";
import { AppError, notFound } from "../../errors.ts";
import { sendWebhook, type AttemptResult } from "../../webhooks/send-webhook.ts";
import { assertCan, type Scope } from "../access.ts";
import { decryptToken } from "../accounts/token-cipher.ts";
import { eventBody, TEST_EVENT_TYPE } from "./webhook-events.ts";
import { findWebhook } from "./manage-webhooks.ts";
import type { deliveryListQuery, DeliveryView } from "./webhooks.schema.ts";

/** How long a claimed attempt may take before it counts as lost (its worker died) and is due again: well past the 10 s timeout. */
const ATTEMPT_LEASE_SECONDS = 30;

export const messageId = (eventId: string) => `msg_${eventId}`;

type ClaimedDelivery = {
  id: string;
  attempts: number;
  webhookId: string;
  eventId: string;
  type: string;
  eventAt: Date;
  resource: Record<string, unknown>;
  url: string;
  secretEnc: string;
};

const CLAIMED_COLUMNS = `c.id, c.attempts, c."webhookId", e.id AS "eventId", e.type, e."createdAt" AS "eventAt", e.resource, w.url, w."secretEnc"`;

/** Claims up to `limit` due deliveries of enabled endpoints, oldest due first. */
export async function claimDueDeliveries(limit: number): Promise<ClaimedDelivery[]> {
  return sql<ClaimedDelivery>(
    "webhook-claim",
    `WITH due AS (
       SELECT d.id FROM "WebhookDelivery" d JOIN "Webhook" w ON w.id = d."webhookId"
        WHERE d.status = 'pending' AND d."nextAttemptAt" <= now() AND w.enabled
        ORDER BY d."nextAttemptAt" LIMIT $1 FOR UPDATE OF d SKIP LOCKED
     ), claimed AS (
       UPDATE "WebhookDelivery" d SET attempts = d.attempts + 1, "nextAttemptAt" = now() + make_interval(secs => $2), "updatedAt" = now()
         FROM due WHERE d.id = due.id RETURNING d.*
     )
     SELECT ${CLAIMED_COLUMNS} FROM claimed c JOIN "WebhookEvent" e ON e.id = c."eventId" JOIN "Webhook" w ON w.id = c."webhookId"`,
    [limit, ATTEMPT_LEASE_SECONDS],
  );
}

/** One attempt of a claimed delivery, its outcome recorded. */
export async function attemptDelivery(d: ClaimedDelivery): Promise<AttemptResult> {
  const attemptedAt = new Date();
  const body = await eventBody({ type: d.type, createdAt: d.eventAt, resource: d.resource });
  const result = await sendWebhook(d.url, decryptToken(d.secretEnc), { id: messageId(d.eventId), timestamp: attemptedAt, body });
  await recordAttempt(d, attemptedAt, result);
  return result;
}

/**
 * The attempt, the delivery's new state and the endpoint's health in one statement. A success
 * ends the delivery and the endpoint's failing streak; a failure sets the next attempt from the
 * schedule (none left: failed) and disables an endpoint failing for too long. Only the claim
 * that made this attempt may record it (attempts unchanged), so a lost claim's late answer does
 * not undo a newer one's outcome; its attempt is still logged.
 */
async function recordAttempt(d: ClaimedDelivery, attemptedAt: Date, r: AttemptResult): Promise<void> {
  const e = env();
  const retryMs = e.webhookRetrySchedule[d.attempts - 1];
  await sql(
    "webhook-record",
    `WITH logged AS (
       INSERT INTO "WebhookAttempt" (id, "deliveryId", "attemptedAt", "durationMs", "statusCode", error, "responseBody")
       VALUES ($1, $2, $3, $4, $5, $6, $7)
     ), delivery AS (
       UPDATE "WebhookDelivery" SET
              status = CASE WHEN $8 THEN 'delivered' WHEN $9::int IS NULL THEN 'failed' ELSE 'pending' END,
              "nextAttemptAt" = CASE WHEN $8 OR $9::int IS NULL THEN NULL ELSE now() + make_interval(secs => $9::int / 1000.0) END,
              "deliveredAt" = CASE WHEN $8 THEN now() ELSE NULL END,
              "lastStatusCode" = $5, "lastError" = $6, "updatedAt" = now()
        WHERE id = $2 AND attempts = $10 AND status = 'pending'
     )
     UPDATE "Webhook" SET
            "failingSince" = CASE WHEN $8 THEN NULL ELSE COALESCE("failingSince", $3) END,
            enabled = enabled AND ($8 OR COALESCE("failingSince", $3) > now() - make_interval(secs => $11::float8 / 1000)),
            "disabledReason" = CASE WHEN enabled AND NOT $8 AND COALESCE("failingSince", $3) <= now() - make_interval(secs => $11::float8 / 1000)
                                    THEN 'Every delivery has failed since ' || to_char(COALESCE("failingSince", $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC; enable the webhook again once the endpoint answers'
                                    ELSE "disabledReason" END
      WHERE id = $12`,
    [
      crypto.randomUUID(),
      d.id,
      attemptedAt.toISOString(),
      r.durationMs,
      r.statusCode,
      r.error,
      r.responseBody,
      r.ok,
      retryMs ?? null,
      d.attempts,
      e.webhookDisableAfterMs,
      d.webhookId,
    ],
  );
}

type DeliveryRow = {
  id: string;
  webhookId: string;
  eventId: string;
  type: string;
  status: DeliveryView["status"];
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
  attemptLog: { attemptedAt: string; durationMs: number; statusCode: number | null; error: string | null; responseBody: string | null }[];
};

const DELIVERY_COLUMNS = `d.id, d."webhookId", d."eventId", e.type, d.status, d.attempts, d."nextAttemptAt", d."lastStatusCode", d."lastError", d."deliveredAt", d."createdAt",
  (SELECT coalesce(jsonb_agg(jsonb_build_object('attemptedAt', a."attemptedAt", 'durationMs', a."durationMs", 'statusCode', a."statusCode",
                                                'error', a.error, 'responseBody', a."responseBody") ORDER BY a."attemptedAt"), '[]')
     FROM "WebhookAttempt" a WHERE a."deliveryId" = d.id) AS "attemptLog"`;

function presentDelivery(d: DeliveryRow): DeliveryView {
  return {
    deliveryId: d.id,
    webhookId: d.webhookId,
    eventId: messageId(d.eventId),
    eventType: d.type,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    attemptLog: d.attemptLog.map((a) => ({ ...a, attemptedAt: new Date(a.attemptedAt).toISOString() })),
  };
}

/** An endpoint's deliveries, newest first, each with its attempts. */
export async function listDeliveries(scope: Scope, webhookId: string, query: z.output<typeof deliveryListQuery>) {
  const webhook = await findWebhook(scope, webhookId);
  const [rows, [count]] = await Promise.all([
    sql<DeliveryRow>(
      "webhook-deliveries",
      `SELECT ${DELIVERY_COLUMNS} FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e.id = d."eventId"
        WHERE d."webhookId" = $1 AND ($2::text IS NULL OR d.status = $2) ORDER BY d."createdAt" DESC, d.id LIMIT $3 OFFSET $4`,
      [webhook.id, query.status ?? null, query.limit, query.offset],
    ),
    sql<{ total: number }>(
      "webhook-deliveries-count",
      `SELECT count(*)::int AS total FROM "WebhookDelivery" d WHERE d."webhookId" = $1 AND ($2::text IS NULL OR d.status = $2)`,
      [webhook.id, query.status ?? null],
    ),
  ]);
  return { deliveries: rows.map(presentDelivery), total: count!.total, hasMore: query.offset + rows.length < count!.total };
}

async function readDelivery(webhookId: string, deliveryId: string): Promise<DeliveryView> {
  const [row] = await sql<DeliveryRow>(
    "webhook-delivery",
    `SELECT ${DELIVERY_COLUMNS} FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e.id = d."eventId" WHERE d.id = $1 AND d."webhookId" = $2`,
    [deliveryId, webhookId],
  );
  if (!row) throw notFound("Delivery");
  return presentDelivery(row);
}

/**
 * Sends a delivery again, whatever its state: it becomes pending and due now, with the retry
 * schedule from its start, under the same webhook-id. A disabled endpoint must be enabled first.
 */
export async function redeliver(scope: Scope, webhookId: string, deliveryId: string): Promise<DeliveryView> {
  assertCan(scope, "webhooks.manage");
  const webhook = await findWebhook(scope, webhookId);
  if (!webhook.enabled) throw new AppError("CONFLICT", "This webhook is disabled; enable it (PATCH enabled: true), which also resumes its waiting deliveries");
  const updated = await sql(
    "webhook-redeliver",
    `UPDATE "WebhookDelivery" SET status = 'pending', attempts = 0, "nextAttemptAt" = now(), "updatedAt" = now() WHERE id = $1 AND "webhookId" = $2 RETURNING id`,
    [deliveryId, webhook.id],
  );
  if (updated.length === 0) throw notFound("Delivery");
  return readDelivery(webhook.id, deliveryId);
}

/**
 * Sends a `webhook.test` event to this endpoint now and answers the delivery with the attempt's
 * outcome. It is a delivery like any other: a failed one is retried on the schedule.
 */
export async function sendTestEvent(scope: Scope, webhookId: string): Promise<DeliveryView> {
  assertCan(scope, "webhooks.manage");
  const webhook = await findWebhook(scope, webhookId);
  const eventId = crypto.randomUUID();
  const deliveryId = crypto.randomUUID();
  const resource = { webhookId: webhook.id, message: "A test event from Posteady: your endpoint received and can verify this delivery." };
  await db.$transaction([
    db.webhookEvent.create({ data: { id: eventId, workspaceId: scope.workspaceId, type: TEST_EVENT_TYPE, resource } }),
    db.webhookDelivery.create({
      data: { id: deliveryId, eventId, webhookId: webhook.id, nextAttemptAt: new Date(Date.now() + ATTEMPT_LEASE_SECONDS * 1000), attempts: 1 },
    }),
  ]);
  const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: eventId } });
  await attemptDelivery({
    id: deliveryId,
    attempts: 1,
    webhookId: webhook.id,
    eventId,
    type: TEST_EVENT_TYPE,
    eventAt: event.createdAt,
    resource,
    url: webhook.url,
    secretEnc: webhook.secretEnc,
  });
  return readDelivery(webhook.id, deliveryId);
}

// Webhook endpoints of a workspace: create (the secret shown once), list, read, change (events,
// URL, enabled, a new secret) and delete. A URL must be http(s) and reach only public addresses
// (URL_FETCH_ALLOW_CIDRS opens ranges), checked here and again at every delivery's connection.
import crypto from "node:crypto";
import type { z } from "zod";
import { checkUrlTarget, UrlRefusedError } from "../../carousel/source/safe-fetch.ts";
import { db, type Webhook } from "../../db.ts";
import { AppError, fieldError, notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { decryptToken, encryptToken } from "../accounts/token-cipher.ts";
import type { createWebhookBody, updateWebhookBody, WebhookView } from "./webhooks.schema.ts";

/** Endpoints per workspace: enough for every integration, few enough that each event's fan-out stays small. */
export const MAX_WEBHOOKS = 20;

export function presentWebhook(w: Webhook): WebhookView {
  return {
    webhookId: w.id,
    url: w.url,
    description: w.description,
    events: w.events,
    enabled: w.enabled,
    disabledReason: w.disabledReason,
    failingSince: w.failingSince?.toISOString() ?? null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/** A Standard Webhooks secret: whsec_ and 32 random bytes in base64. */
const newSecret = () => `whsec_${crypto.randomBytes(32).toString("base64")}`;

export const webhookSecret = (w: Pick<Webhook, "secretEnc">) => decryptToken(w.secretEnc);

async function checkedUrl(raw: string): Promise<string> {
  try {
    return (await checkUrlTarget(raw)).toString();
  } catch (err) {
    if (err instanceof UrlRefusedError) throw fieldError("url", `The URL ${err.message}`, "url_refused");
    throw err;
  }
}

/** "*" alone stands for every event; a list names each once. */
const normalizeEvents = (events: string[]) => (events.includes("*") ? ["*"] : [...new Set(events)]);

export async function createWebhook(scope: Scope, body: z.output<typeof createWebhookBody>) {
  assertCan(scope, "webhooks.manage");
  const url = await checkedUrl(body.url);
  const count = await db.webhook.count({ where: { workspaceId: scope.workspaceId } });
  if (count >= MAX_WEBHOOKS) throw new AppError("CONFLICT", `A workspace has at most ${MAX_WEBHOOKS} webhooks; delete one first`);
  const secret = newSecret();
  const webhook = await db.webhook.create({
    data: { workspaceId: scope.workspaceId, url, events: normalizeEvents(body.events), description: body.description ?? "", secretEnc: encryptToken(secret) },
  });
  return { ...presentWebhook(webhook), secret };
}

export async function listWebhooks(scope: Scope) {
  const webhooks = await db.webhook.findMany({ where: { workspaceId: scope.workspaceId }, orderBy: { createdAt: "asc" } });
  return { webhooks: webhooks.map(presentWebhook) };
}

export async function findWebhook(scope: Scope, id: string): Promise<Webhook> {
  const webhook = await db.webhook.findFirst({ where: { id, workspaceId: scope.workspaceId } });
  if (!webhook) throw notFound("Webhook");
  return webhook;
}

export async function getWebhook(scope: Scope, id: string) {
  return presentWebhook(await findWebhook(scope, id));
}

/**
 * Changes an endpoint. Enabling one clears a disabled state and makes its waiting deliveries due
 * now; a new secret signs every delivery from now on and is answered once.
 */
export async function updateWebhook(scope: Scope, id: string, body: z.output<typeof updateWebhookBody>) {
  assertCan(scope, "webhooks.manage");
  const current = await findWebhook(scope, id);
  const url = body.url === undefined ? undefined : await checkedUrl(body.url);
  const secret = body.rotateSecret ? newSecret() : undefined;
  const resumed = body.enabled === true && !current.enabled;
  const webhook = await db.$transaction(async (tx) => {
    const updated = await tx.webhook.update({
      where: { id: current.id },
      data: {
        ...(url !== undefined ? { url } : {}),
        ...(body.events ? { events: normalizeEvents(body.events) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.enabled === true ? { disabledReason: null, failingSince: null } : {}),
        ...(secret ? { secretEnc: encryptToken(secret) } : {}),
      },
    });
    if (resumed) {
      await tx.webhookDelivery.updateMany({ where: { webhookId: current.id, status: "pending" }, data: { nextAttemptAt: new Date(), updatedAt: new Date() } });
    }
    return updated;
  });
  return { ...presentWebhook(webhook), ...(secret ? { secret } : {}) };
}

export async function deleteWebhook(scope: Scope, id: string): Promise<void> {
  assertCan(scope, "webhooks.manage");
  const { count } = await db.webhook.deleteMany({ where: { id, workspaceId: scope.workspaceId } });
  if (count === 0) throw notFound("Webhook");
}

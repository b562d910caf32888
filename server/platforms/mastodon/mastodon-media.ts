// A status with media in the three steps of MediaPostAdapter: prepare uploads each item with
// POST /api/v2/media (its description = alt text) and picks the Idempotency-Key kept in the job's
// progress; status follows every attachment through GET /api/v1/media/:id while it answers 206
// (202 at upload: still processing); publish makes the one POST /api/v1/statuses, with that key,
// so a resumed job's retry answers the status already made (https://docs.joinmastodon.org/methods/media/).
import crypto from "node:crypto";
import { PlatformError } from "../errors.ts";
import type { AccountContext, PostInput, PreparedPost, PublishedRef, Readiness } from "../types.ts";
import { instanceLimits, instanceRequest } from "./mastodon-instance.ts";
import { checkMastodonPost } from "./mastodon-text.ts";

export type MastodonPostOptions = {
  visibility?: "public" | "unlisted" | "private" | "direct";
  /** the content warning */
  spoilerText?: string;
  sensitive?: boolean;
  /** ISO 639-1 */
  language?: string;
};

export type MastodonPrepared = { mediaIds: string[]; idempotencyKey: string; options: MastodonPostOptions };

type Attachment = { id: string; url: string | null; description: string | null };

export const instanceOf = (ctx: AccountContext): string => {
  const base = ctx.metadata.instance;
  if (typeof base !== "string") throw new PlatformError("mastodon", "invalid_request", "the account has no instance address (metadata.instance)");
  return base;
};

const auth = (ctx: AccountContext) => ({ Authorization: `Bearer ${ctx.accessToken}` });

/** `idempotencyKey`: the engine's for this post (a job's id and post index); without one a fresh key, kept in the job's progress. */
export async function prepareMastodonPost(ctx: AccountContext, input: PostInput & MastodonPostOptions & { idempotencyKey?: string }): Promise<PreparedPost> {
  const base = instanceOf(ctx);
  const limits = await instanceLimits(base);
  const issues = checkMastodonPost(limits, {
    text: input.text,
    spoilerText: input.spoilerText,
    media: input.media.map((m) => ({ kind: m.kind, size: m.source.size, mimeType: m.source.mimeType, altText: m.altText })),
  });
  if (issues.length > 0) throw new PlatformError("mastodon", "invalid_request", issues.map((i) => `${i.field} ${i.message}`).join("; "));
  const mediaIds: string[] = [];
  for (const item of input.media) {
    const form = new FormData();
    const bytes = await item.source.readRange(0, item.source.size);
    form.set("file", new Blob([new Uint8Array(bytes)], { type: item.source.mimeType }), `upload.${item.source.mimeType.split("/")[1] ?? "bin"}`);
    if (item.altText) form.set("description", item.altText);
    const encoded = new Response(form);
    const res = await instanceRequest<Attachment>(base, {
      method: "POST",
      path: "/api/v2/media",
      headers: { ...auth(ctx), "Content-Type": encoded.headers.get("content-type")! },
      body: new Uint8Array(await encoded.arrayBuffer()),
      timeoutMs: 300_000,
    });
    mediaIds.push(res.body.id);
  }
  const prepared: MastodonPrepared = {
    mediaIds,
    idempotencyKey: input.idempotencyKey ?? crypto.randomUUID(),
    options: { visibility: input.visibility, spoilerText: input.spoilerText, sensitive: input.sensitive, language: input.language },
  };
  return prepared;
}

/** Ready when every attachment answers 200; 206 is still processing. */
export async function mastodonPreparedStatus(ctx: AccountContext, prepared: PreparedPost): Promise<Readiness> {
  const { mediaIds } = prepared as MastodonPrepared;
  for (const id of mediaIds) {
    try {
      const res = await instanceRequest<Attachment>(instanceOf(ctx), { method: "GET", path: `/api/v1/media/${encodeURIComponent(id)}`, headers: auth(ctx) });
      if (res.status === 206 || res.body.url === null) return { state: "processing" };
    } catch (err) {
      // Once attached, an attachment is no longer the client's to read: a resumed job that already published meets this.
      if (err instanceof PlatformError && err.kind === "not_found") return { state: "ready" };
      if (err instanceof PlatformError && err.kind === "media_rejected") return { state: "failed", reason: err.detail };
      throw err;
    }
  }
  return { state: "ready" };
}

export type StatusInput = { text: string; replyToId?: string; mediaIds?: string[]; idempotencyKey: string } & MastodonPostOptions;

/** POST /api/v1/statuses with the Idempotency-Key: the same key within Mastodon's hour answers the same status. */
export async function postStatus(ctx: AccountContext, input: StatusInput): Promise<PublishedRef> {
  const res = await instanceRequest<{ id: string; url: string | null; uri: string }>(instanceOf(ctx), {
    method: "POST",
    path: "/api/v1/statuses",
    headers: { ...auth(ctx), "Idempotency-Key": input.idempotencyKey },
    body: {
      status: input.text,
      ...(input.mediaIds?.length ? { media_ids: input.mediaIds } : {}),
      ...(input.replyToId ? { in_reply_to_id: input.replyToId } : {}),
      ...(input.visibility ? { visibility: input.visibility } : {}),
      ...(input.spoilerText ? { spoiler_text: input.spoilerText } : {}),
      ...(input.sensitive !== undefined ? { sensitive: input.sensitive } : {}),
      ...(input.language ? { language: input.language } : {}),
    },
  });
  return { id: res.body.id, permalink: res.body.url ?? res.body.uri };
}

export function publishMastodonPrepared(ctx: AccountContext, prepared: PreparedPost, input: { text: string; replyToId?: string }): Promise<PublishedRef> {
  const p = prepared as MastodonPrepared;
  return postStatus(ctx, { ...p.options, text: input.text, replyToId: input.replyToId, mediaIds: p.mediaIds, idempotencyKey: p.idempotencyKey });
}

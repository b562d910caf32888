// Posts with media on X (API v2), in the three steps of MediaPostAdapter:
//   prepare: each item through X's chunked upload, POST /2/media/upload/initialize →
//     /{id}/append (multipart, segment_index 0…) → /{id}/finalize, then alt text with
//     POST /2/media/metadata (docs.x.com/x-api/media/quickstart/media-upload-chunked);
//   status: GET /2/media/upload?command=STATUS for the media FINALIZE left processing;
//   publish: POST /2/tweets with media.media_ids (and reply.in_reply_to_tweet_id in a thread).
// The uploads need the media.write scope (docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code).
import { platformConfig } from "../config.ts";
import { PlatformError, reclassify } from "../errors.ts";
import { platformRequest } from "../http.ts";
import type { AccountContext, PostInput, PostMediaItem, PreparedPost, PublishedRef, Readiness } from "../types.ts";
import { mapXError } from "./x-errors.ts";

const provider = "x";

/**
 * Bytes per APPEND. X caps a chunk at 5 MB (developer.x.com/en/docs/x-api/v1/media/upload-media/api-reference/post-media-upload-append);
 * 4 MiB leaves room for the multipart envelope.
 */
export const X_CHUNK_BYTES = 4 * 1024 * 1024;

/** What preparePost keeps in the job's progress: X's media ids in post order, and which of them were still processing. */
export type XPreparedPost = { mediaIds: string[]; processingIds: string[] };

type MediaData = {
  id: string;
  media_key?: string;
  processing_info?: { state?: "pending" | "in_progress" | "succeeded" | "failed"; check_after_secs?: number; error?: { message?: string } };
};

/** X's media_category for an item (docs.x.com/x-api/media/quickstart/best-practices#media-categories). */
function categoryOf(item: PostMediaItem): "tweet_image" | "tweet_gif" | "tweet_video" {
  if (item.kind === "video") return "tweet_video";
  return item.source.mimeType === "image/gif" ? "tweet_gif" : "tweet_image";
}

async function call<T>(ctx: AccountContext, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, media = true) {
  try {
    return await platformRequest<T>({
      provider,
      method,
      url: `${platformConfig().endpoints.x.api}${path}`,
      headers: { Authorization: `Bearer ${ctx.accessToken}`, ...headers },
      body,
      // int64 media ids: X sends them as strings, but a plain number must not lose digits
      preserveBigIntegers: true,
      timeoutMs: 120_000,
      mapError: mapXError,
    });
  } catch (err) {
    // A 400 from the upload endpoints is about the file (size, type, segments): the media was refused.
    if (media && err instanceof PlatformError && err.kind === "invalid_request") throw reclassify(err, "media_rejected");
    throw err;
  }
}

/** One APPEND body: multipart/form-data with segment_index and the chunk as the `media` file, as X documents it. */
async function appendBody(index: number, chunk: Uint8Array): Promise<{ body: Uint8Array; contentType: string }> {
  const form = new FormData();
  form.set("segment_index", String(index));
  form.set("media", new Blob([new Uint8Array(chunk)], { type: "application/octet-stream" }), "media");
  const encoded = new Request("http://multipart.invalid/", { method: "POST", body: form });
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

async function uploadOne(ctx: AccountContext, item: PostMediaItem): Promise<MediaData> {
  const { source } = item;
  const init = await call<{ data: MediaData }>(ctx, "POST", "/2/media/upload/initialize", {
    media_type: source.mimeType,
    total_bytes: source.size,
    media_category: categoryOf(item),
  });
  const id = init.body.data.id;
  for (let index = 0, start = 0; start < source.size; index++, start += X_CHUNK_BYTES) {
    const chunk = await source.readRange(start, Math.min(source.size, start + X_CHUNK_BYTES));
    const { body, contentType } = await appendBody(index, chunk);
    await call(ctx, "POST", `/2/media/upload/${id}/append`, body, { "Content-Type": contentType });
  }
  const finalized = await call<{ data: MediaData }>(ctx, "POST", `/2/media/upload/${id}/finalize`);
  if (item.altText) await call(ctx, "POST", "/2/media/metadata", { id, metadata: { alt_text: { text: item.altText } } });
  return finalized.body.data;
}

function preparedOf(prepared: PreparedPost): XPreparedPost {
  const { mediaIds, processingIds } = prepared as Partial<XPreparedPost>;
  if (!Array.isArray(mediaIds) || !Array.isArray(processingIds)) throw new PlatformError(provider, "invalid_request", "The prepared X post has no media ids");
  return { mediaIds, processingIds };
}

export async function prepareXPost(ctx: AccountContext, input: PostInput): Promise<XPreparedPost> {
  const document = input.media.find((m) => m.kind === "document");
  if (document) throw new PlatformError(provider, "media_rejected", "X posts take images and videos, not documents");
  const mediaIds: string[] = [];
  const processingIds: string[] = [];
  // One after another: X's own clients upload a post's media in order, and ids keep that order.
  for (const item of input.media) {
    const data = await uploadOne(ctx, item);
    mediaIds.push(data.id);
    // FINALIZE answers processing_info when X processes the media asynchronously (videos, GIFs).
    if (data.processing_info && data.processing_info.state !== "succeeded") processingIds.push(data.id);
  }
  return { mediaIds, processingIds };
}

export async function xPreparedStatus(ctx: AccountContext, prepared: PreparedPost): Promise<Readiness> {
  let processing = false;
  for (const id of preparedOf(prepared).processingIds) {
    const res = await call<{ data: MediaData }>(ctx, "GET", `/2/media/upload?${new URLSearchParams({ command: "STATUS", media_id: id })}`);
    const info = res.body.data.processing_info;
    if (info?.state === "failed") return { state: "failed", reason: info.error?.message ?? `X could not process media ${id}` };
    if (info?.state === "pending" || info?.state === "in_progress") processing = true;
  }
  return processing ? { state: "processing" } : { state: "ready" };
}

export async function publishXPrepared(
  ctx: AccountContext,
  prepared: PreparedPost,
  { text, replyToId }: { text: string; replyToId?: string },
): Promise<PublishedRef> {
  const { mediaIds } = preparedOf(prepared);
  const res = await call<{ data: { id: string } }>(
    ctx,
    "POST",
    "/2/tweets",
    {
      // text is optional on a post with media (docs.x.com/x-api/posts/create-post)
      ...(text ? { text } : {}),
      ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
      ...(replyToId ? { reply: { in_reply_to_tweet_id: replyToId } } : {}),
    },
    {},
    false,
  );
  const id = res.body.data.id;
  return { id, permalink: `https://x.com/${ctx.username}/status/${id}` };
}

// Threads posts with media (developers.facebook.com/docs/threads/posts): one IMAGE or VIDEO
// container with the text, or a carousel: 2–20 item containers (is_carousel_item=true), then a
// CAROUSEL container with their ids as `children` and the text. Threads fetches each file from
// its URL (the signed GET URL of MediaSource) and processes it; the container's status
// (…/docs/threads/troubleshooting) says when it can be published with threads_publish.
import { PlatformError } from "../errors.ts";
import type { AccountContext, MediaPostAdapter, PostInput, PostMediaItem, PreparedPost, Readiness } from "../types.ts";
import { graph, permalinkOf, provider } from "./threads-graph.ts";

/**
 * What preparePost answers for Threads. A single image or video: `creationId` is its container,
 * made with the post's text and reply target (Threads takes reply_to_id on the container, not at
 * publish). A carousel: `itemIds` are its item containers, in order, and `creationId` is null: the
 * CAROUSEL container (children, text, reply_to_id) is made by publishPrepared once every item is
 * processed, as clients of the real API do, so the wait for video items is preparedStatus's.
 */
export type ThreadsPrepared = {
  mediaType: "IMAGE" | "VIDEO" | "CAROUSEL";
  creationId: string | null;
  itemIds: string[];
  replyToId: string | null;
};

type Status = { id: string; status: "IN_PROGRESS" | "FINISHED" | "PUBLISHED" | "ERROR" | "EXPIRED"; error_message?: string };

/** Meta fetches the file while answering the container request: allow it time. */
const createTimeoutMs = 120_000;
/** A carousel container of processed items finishes within seconds; publishPrepared waits this long at most. */
const carouselWaitMs = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mediaFields(item: PostMediaItem): Record<string, string> {
  if (item.kind === "document") throw new PlatformError(provider, "invalid_request", "Threads posts take images and videos, not documents");
  const fields: Record<string, string> =
    item.kind === "video" ? { media_type: "VIDEO", video_url: item.source.url } : { media_type: "IMAGE", image_url: item.source.url };
  // alt_text applies to images and videos alike (…/docs/threads/posts/accessibility).
  if (item.altText !== undefined) fields.alt_text = item.altText;
  return fields;
}

async function createContainer(ctx: AccountContext, fields: Record<string, string>): Promise<string> {
  const res = await graph<{ id: string }>(ctx.accessToken, "POST", `/v1.0/${ctx.providerAccountId}/threads`, new URLSearchParams(fields), createTimeoutMs);
  return res.body.id;
}

async function statusOf(ctx: AccountContext, id: string): Promise<Status> {
  return (await graph<Status>(ctx.accessToken, "GET", `/v1.0/${id}?fields=status,error_message`)).body;
}

/** FINISHED → ready; IN_PROGRESS → processing; ERROR (with Threads' error_message) and EXPIRED (24 h unpublished) are final. */
function readinessOf(s: Status): Readiness {
  if (s.status === "FINISHED" || s.status === "PUBLISHED") return { state: "ready" };
  if (s.status === "IN_PROGRESS") return { state: "processing" };
  if (s.status === "EXPIRED") return { state: "failed", reason: `EXPIRED: container ${s.id} was not published within 24 hours` };
  return { state: "failed", reason: s.error_message ?? "ERROR" };
}

/** Makes the carousel container of processed items and waits until it is FINISHED (seconds). */
async function carouselContainer(ctx: AccountContext, p: ThreadsPrepared, input: { text: string; replyToId?: string }): Promise<string> {
  const id = await createContainer(ctx, {
    media_type: "CAROUSEL",
    children: p.itemIds.join(","),
    ...(input.text ? { text: input.text } : {}),
    ...(input.replyToId ? { reply_to_id: input.replyToId } : {}),
  });
  const deadline = Date.now() + carouselWaitMs;
  for (let wait = 200; ; wait = Math.min(wait * 2, 5_000)) {
    const r = readinessOf(await statusOf(ctx, id));
    if (r.state === "ready") return id;
    if (r.state === "failed") throw new PlatformError(provider, "media_rejected", `carousel container ${id} failed: ${r.reason}`, { platformCode: r.reason });
    if (Date.now() + wait > deadline)
      throw new PlatformError(
        provider,
        "unavailable",
        `carousel container ${id} was still IN_PROGRESS after ${carouselWaitMs / 1000} s; nothing was published`,
      );
    await sleep(wait);
  }
}

function preparedOf(prepared: PreparedPost): ThreadsPrepared {
  const p = prepared as Partial<ThreadsPrepared>;
  if ((typeof p.creationId !== "string" && p.creationId !== null) || !Array.isArray(p.itemIds))
    throw new PlatformError(provider, "invalid_request", "not a prepared Threads post");
  return p as ThreadsPrepared;
}

export const threadsMediaPosting: MediaPostAdapter = {
  async preparePost(ctx, input: PostInput): Promise<ThreadsPrepared> {
    if (input.media.length === 0) throw new PlatformError(provider, "invalid_request", "a post without media is published with publishText");
    const replyToId = input.replyToId ?? null;
    if (input.media.length === 1) {
      const fields = mediaFields(input.media[0]!);
      const creationId = await createContainer(ctx, {
        ...fields,
        ...(input.text ? { text: input.text } : {}),
        ...(replyToId ? { reply_to_id: replyToId } : {}),
      });
      return { mediaType: fields.media_type as "IMAGE" | "VIDEO", creationId, itemIds: [], replyToId };
    }
    // Items one by one, in order: the carousel shows them in the order of `children`.
    const itemIds: string[] = [];
    for (const item of input.media) itemIds.push(await createContainer(ctx, { ...mediaFields(item), is_carousel_item: "true" }));
    return { mediaType: "CAROUSEL", creationId: null, itemIds, replyToId };
  },

  // The container's status; for a carousel not yet made, its items': ready once all are FINISHED,
  // failed as soon as one is in ERROR or EXPIRED.
  async preparedStatus(ctx, prepared): Promise<Readiness> {
    const p = preparedOf(prepared);
    if (p.creationId) return readinessOf(await statusOf(ctx, p.creationId));
    const items = await Promise.all(p.itemIds.map((id) => statusOf(ctx, id)).map(async (s) => readinessOf(await s)));
    return items.find((r) => r.state === "failed") ?? items.find((r) => r.state === "processing") ?? { state: "ready" };
  },

  async publishPrepared(ctx, prepared, input) {
    const p = preparedOf(prepared);
    // The reply target was fixed when the container was made; publishing it elsewhere is impossible.
    if ((input.replyToId ?? null) !== p.replyToId) {
      throw new PlatformError(
        provider,
        "invalid_request",
        `the post was prepared as a reply to ${p.replyToId ?? "nothing"}, not ${input.replyToId ?? "nothing"}`,
      );
    }
    const creationId = p.creationId ?? (await carouselContainer(ctx, p, input));
    const res = await graph<{ id: string }>(
      ctx.accessToken,
      "POST",
      `/v1.0/${ctx.providerAccountId}/threads_publish`,
      new URLSearchParams({ creation_id: creationId }),
    );
    return { id: res.body.id, permalink: await permalinkOf(ctx.accessToken, res.body.id) };
  },
};

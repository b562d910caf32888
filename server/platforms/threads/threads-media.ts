// Threads posts with media (developers.facebook.com/docs/threads/posts): one IMAGE or VIDEO
// container with the text, or a carousel: 2–20 item containers (is_carousel_item=true), then a
// CAROUSEL container with their ids as `children` and the text. Threads fetches each file from
// its URL (the signed GET URL of MediaSource) and processes it; the container's status
// (…/docs/threads/troubleshooting) says when it can be published with threads_publish.
import { PlatformError } from "../errors.ts";
import type { AccountContext, MediaPostAdapter, PostInput, PostMediaItem, PreparedPost, Readiness } from "../types.ts";
import { graph, permalinkOf, provider } from "./threads-graph.ts";

/**
 * What preparePost answers for Threads. `creationId` is the container threads_publish takes (the
 * CAROUSEL container for carousels); `itemIds` are the carousel's item containers, in order (empty
 * for a single image or video). `replyToId` is fixed at creation: Threads takes reply_to_id on the
 * container, not at publish.
 */
export type ThreadsPrepared = {
  mediaType: "IMAGE" | "VIDEO" | "CAROUSEL";
  creationId: string;
  itemIds: string[];
  replyToId: string | null;
};

type Status = { id: string; status: "IN_PROGRESS" | "FINISHED" | "PUBLISHED" | "ERROR" | "EXPIRED"; error_message?: string };

/** Meta fetches the file while answering the container request: allow it time. */
const createTimeoutMs = 120_000;
/**
 * How long preparePost waits for carousel items before it creates the carousel: Meta's guidance is
 * to poll "once per minute, for no more than 5 minutes" (…/docs/threads/troubleshooting).
 */
const itemWaitMs = 5 * 60_000;

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

/** Waits until every item container is FINISHED; an item in ERROR or EXPIRED ends the wait. */
async function untilItemsFinished(ctx: AccountContext, ids: string[]): Promise<void> {
  const deadline = Date.now() + itemWaitMs;
  let pending = ids;
  for (let wait = 200; ; wait = Math.min(wait * 2, 10_000)) {
    const statuses = await Promise.all(pending.map((id) => statusOf(ctx, id)));
    const failed = statuses.find((s) => s.status === "ERROR" || s.status === "EXPIRED");
    if (failed) {
      throw new PlatformError(provider, "media_rejected", `carousel item ${failed.id} is ${failed.status}: ${failed.error_message ?? "no reason given"}`, {
        platformCode: failed.error_message ?? failed.status,
      });
    }
    pending = statuses.filter((s) => s.status === "IN_PROGRESS").map((s) => s.id);
    if (pending.length === 0) return;
    if (Date.now() + wait > deadline)
      throw new PlatformError(
        provider,
        "unavailable",
        `carousel items ${pending.join(", ")} were still IN_PROGRESS after ${itemWaitMs / 1000} s; nothing was published`,
      );
    await sleep(wait);
  }
}

function preparedOf(prepared: PreparedPost): ThreadsPrepared {
  const p = prepared as Partial<ThreadsPrepared>;
  if (typeof p.creationId !== "string" || !Array.isArray(p.itemIds)) throw new PlatformError(provider, "invalid_request", "not a prepared Threads post");
  return p as ThreadsPrepared;
}

export const threadsMediaPosting: MediaPostAdapter = {
  async preparePost(ctx, input: PostInput): Promise<ThreadsPrepared> {
    if (input.media.length === 0) throw new PlatformError(provider, "invalid_request", "a post without media is published with publishText");
    const common: Record<string, string> = { ...(input.text ? { text: input.text } : {}), ...(input.replyToId ? { reply_to_id: input.replyToId } : {}) };
    const replyToId = input.replyToId ?? null;
    if (input.media.length === 1) {
      const fields = mediaFields(input.media[0]!);
      const creationId = await createContainer(ctx, { ...fields, ...common });
      return { mediaType: fields.media_type as "IMAGE" | "VIDEO", creationId, itemIds: [], replyToId };
    }
    // Items one by one, in order: the carousel shows them in the order of `children`.
    const itemIds: string[] = [];
    for (const item of input.media) itemIds.push(await createContainer(ctx, { ...mediaFields(item), is_carousel_item: "true" }));
    // Items must be processed before the carousel is made of them (the sandbox holds to this, as
    // Instagram's container model does); waiting here works whether or not Threads insists.
    await untilItemsFinished(ctx, itemIds);
    const creationId = await createContainer(ctx, { media_type: "CAROUSEL", children: itemIds.join(","), ...common });
    return { mediaType: "CAROUSEL", creationId, itemIds, replyToId };
  },

  // FINISHED → ready; IN_PROGRESS → processing; ERROR (with Threads' error_message, such as
  // FAILED_PROCESSING_VIDEO or INVALID_DURATION) and EXPIRED (24 h unpublished) are final.
  async preparedStatus(ctx, prepared): Promise<Readiness> {
    const { status, error_message } = await statusOf(ctx, preparedOf(prepared).creationId);
    if (status === "FINISHED" || status === "PUBLISHED") return { state: "ready" };
    if (status === "IN_PROGRESS") return { state: "processing" };
    if (status === "EXPIRED") return { state: "failed", reason: "EXPIRED: the container was not published within 24 hours" };
    return { state: "failed", reason: error_message ?? "ERROR" };
  },

  async publishPrepared(ctx, prepared, input) {
    const p = preparedOf(prepared);
    // The reply target was fixed when the container was made; publishing it elsewhere is impossible.
    if ((input.replyToId ?? null) !== p.replyToId) {
      throw new PlatformError(
        provider,
        "invalid_request",
        `the container replies to ${p.replyToId ?? "nothing"}, not ${input.replyToId ?? "nothing"}; prepare it again`,
      );
    }
    const res = await graph<{ id: string }>(
      ctx.accessToken,
      "POST",
      `/v1.0/${ctx.providerAccountId}/threads_publish`,
      new URLSearchParams({ creation_id: p.creationId }),
    );
    return { id: res.body.id, permalink: await permalinkOf(ctx.accessToken, res.body.id) };
  },
};

// Instagram content publishing: containers (Meta fetches each item from its signed URL; a
// carousel's children first, then the parent), each polled until FINISHED, then media_publish
// (the point of no return) and the permalink.
import { instagramAdapter, type ContainerSpec } from "../../../../platforms/instagram/instagram-adapter.ts";
import { JobFailure } from "../../job-codes.ts";
import type { Flow } from "../../engine/flow.ts";
import type { FlowContext } from "../../engine/flow-context.ts";
import type { InstagramPayload } from "./rules.ts";

/**
 * How long a container may stay IN_PROGRESS. Meta suggests polling once a minute for up to five
 * minutes (developers.facebook.com/docs/instagram-platform/content-publishing, "Troubleshooting");
 * Reels can take longer, and an unpublished container is harmless, so the job gives up after an hour.
 */
export const CONTAINER_WAIT_DEADLINE_MS = 3600_000;

async function finished(ctx: FlowContext<InstagramPayload>, containerId: string, label: string) {
  await ctx.waitFor(
    `Instagram to process ${label}`,
    async () => {
      const s = await ctx.call((c) => instagramAdapter.containerStatus(c, containerId));
      if (s.statusCode === "ERROR") throw new JobFailure("PREPARATION_FAILED", `Instagram could not process ${label}: ${s.status ?? "error"}`);
      if (s.statusCode === "EXPIRED") throw new JobFailure("PREPARATION_FAILED", `Instagram's container for ${label} expired before it was published`);
      return s.statusCode === "FINISHED" || s.statusCode === "PUBLISHED" ? true : undefined;
    },
    {
      deadlineMs: CONTAINER_WAIT_DEADLINE_MS,
      expired: () => {
        throw new JobFailure("PREPARATION_FAILED", `Instagram was still processing ${label} an hour after it was sent; nothing was published`);
      },
    },
  );
}

async function container(ctx: FlowContext<InstagramPayload>, key: string, spec: () => Promise<ContainerSpec>): Promise<string> {
  const known = ctx.progress[key];
  if (typeof known === "string") return known;
  const s = await spec();
  const { id } = await ctx.call((c) => instagramAdapter.createContainer(c, s));
  await ctx.save({ [key]: id });
  return id;
}

async function prepare(ctx: FlowContext<InstagramPayload>): Promise<string> {
  const p = ctx.payload;
  const caption = p.caption ?? undefined;
  const first = p.items[0]!;
  let creationId: string;
  if (p.contentType === "REELS") {
    creationId = await container(ctx, "container", async () => ({
      type: "REELS",
      video: await ctx.media(first.mediaId),
      caption,
      shareToFeed: p.shareToFeed ?? undefined,
    }));
  } else if (p.contentType === "STORIES") {
    creationId = await container(ctx, "container", async () => ({ type: "STORIES", media: await ctx.media(first.mediaId) }));
  } else if (p.items.length === 1) {
    creationId = await container(ctx, "container", async () => ({
      type: "IMAGE",
      image: await ctx.media(first.mediaId),
      caption,
      altText: first.altText ?? undefined,
    }));
  } else {
    const children: string[] = [];
    for (const [i, item] of p.items.entries()) {
      const id = await container(ctx, `child${i}`, async () => ({
        type: "CAROUSEL_ITEM",
        media: await ctx.media(item.mediaId),
        altText: item.altText ?? undefined,
      }));
      children.push(id);
    }
    for (const [i, id] of children.entries()) await finished(ctx, id, `carousel item ${i + 1}`);
    creationId = await container(ctx, "container", async () => ({ type: "CAROUSEL", children, caption }));
  }
  await finished(ctx, creationId, p.contentType === "FEED" && p.items.length > 1 ? "the carousel" : "the media");
  return creationId;
}

async function run(ctx: FlowContext<InstagramPayload>): Promise<void> {
  const creationId = ctx.submitted ? String(ctx.progress.container) : await prepare(ctx);
  const { id } = await ctx.submit((c) => instagramAdapter.publishContainer(c, creationId));
  const info = await ctx.call((c) => instagramAdapter.mediaInfo(c, id));
  ctx.publish({ postId: id, permalink: info.permalink });
}

/**
 * A run died during media_publish. A container still FINISHED was not published: publish it.
 * PUBLISHED means it was, but the media id cannot be learned from the container: unknown.
 */
async function recover(ctx: FlowContext<InstagramPayload>): Promise<"resume" | "unknown"> {
  const creationId = ctx.progress.container;
  if (typeof creationId !== "string") return "unknown";
  const status = await ctx.call((c) => instagramAdapter.containerStatus(c, creationId));
  if (status.statusCode !== "FINISHED") return "unknown";
  await ctx.clearSubmitting();
  return "resume";
}

export const instagramFlow: Flow<InstagramPayload> = { run, recover };

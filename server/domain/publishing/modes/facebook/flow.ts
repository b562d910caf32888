// Facebook Pages, always asynchronous: feed posts (text or link, one photo, 2–10 photos, one
// video), Reels (start → hosted upload → finish → processing and publishing) and Stories
// (photo, or video through the same phases). Meta fetches every file from its signed URL.
import { isPlatformError } from "../../../../platforms/errors.ts";
import { facebookAdapter, VIDEO_WAIT_DEADLINE_MS, type VideoMilestone } from "../../../../platforms/facebook/facebook-adapter.ts";
import { JobFailure } from "../../job-codes.ts";
import type { Flow } from "../../engine/flow.ts";
import type { FlowContext } from "../../engine/flow-context.ts";
import { OutcomeUnknown } from "../../engine/signals.ts";
import { findLinks } from "../../text-rules.ts";
import type { FacebookPayload } from "./rules.ts";

type Ctx = FlowContext<FacebookPayload>;

async function permalinkOf(ctx: Ctx, id: string): Promise<string> {
  return (await ctx.call((c) => facebookAdapter.postInfo(c, id))).permalink;
}

/** A feed video, after it was posted: followed until Facebook has published it. */
async function published(ctx: Ctx, videoId: string) {
  await ctx.waitFor(
    "Facebook to publish the video",
    async () => {
      const s = await ctx.call((c) => facebookAdapter.videoStatus(c, videoId));
      if (s.videoStatus === "error" || s.processingPhase === "error" || s.publishingPhase === "error") {
        throw new JobFailure("PREPARATION_FAILED", `Facebook could not process the video: ${s.error ?? "error"}`);
      }
      return s.publishingPhase === "complete" || s.videoStatus === "ready" ? true : undefined;
    },
    {
      deadlineMs: VIDEO_WAIT_DEADLINE_MS,
      expired: () => {
        throw new OutcomeUnknown(
          `Facebook accepted the video but had not published it ${VIDEO_WAIT_DEADLINE_MS / 3600_000} hours later; it may still appear on the Page`,
        );
      },
    },
  );
}

/**
 * Reels and video Stories: a session Meta fills from the file URL, finished as soon as the
 * bytes are in (Meta processes these videos only after finish), then followed until published.
 */
async function hostedVideo(
  ctx: Ctx,
  start: () => Promise<{ videoId: string; uploadUrl: string }>,
  finish: (videoId: string) => Promise<void>,
): Promise<string> {
  let videoId = ctx.progress.videoId as string | undefined;
  if (!ctx.submitted) {
    if (!videoId) {
      const session = await start();
      videoId = session.videoId;
      await ctx.save({ videoId, uploadUrl: session.uploadUrl });
    }
    if (!ctx.progress.uploaded) {
      const file = await ctx.media(ctx.payload.items[0]!.mediaId);
      await ctx.call((c) => facebookAdapter.uploadHosted(c, { videoId: videoId!, fileUrl: file.url, uploadUrl: String(ctx.progress.uploadUrl) }));
      await ctx.save({ uploaded: true });
    }
    await reached(ctx, videoId, "uploaded");
    await finish(videoId);
  }
  try {
    await reached(ctx, videoId!, "published");
  } catch (err) {
    // After finish the post is Meta's to publish: a wait that runs out cannot say whether it did.
    if (isPlatformError(err) && err.kind === "unknown_outcome") throw new OutcomeUnknown(err.detail);
    throw err;
  }
  return videoId!;
}

async function reached(ctx: Ctx, videoId: string, milestone: VideoMilestone): Promise<void> {
  const look = (deadline: Date) => ctx.call((c) => facebookAdapter.videoReached(c, { videoId, milestone, deadline }));
  await ctx.waitFor(`Facebook to report the video ${milestone}`, async (deadline) => ((await look(deadline)) ? true : undefined), {
    deadlineMs: VIDEO_WAIT_DEADLINE_MS,
    expired: async () => {
      // one last look: reached at the last moment, or past its deadline the adapter throws this milestone's outcome
      await look(new Date(0));
      return true as const;
    },
  });
}

async function unpublishedPhoto(ctx: Ctx, key: string, mediaId: string): Promise<string> {
  const known = ctx.progress[key];
  if (typeof known === "string") return known;
  const file = await ctx.media(mediaId);
  const { id } = await ctx.call((c) => facebookAdapter.uploadPhoto(c, { url: file.url, published: false }));
  await ctx.save({ [key]: id });
  return id;
}

async function run(ctx: Ctx): Promise<void> {
  const p = ctx.payload;
  const message = p.message ?? "";
  if (p.contentType === "REELS") {
    let done: { postId: string | null } | undefined;
    const videoId = await hostedVideo(
      ctx,
      () => ctx.call((c) => facebookAdapter.startReel(c)),
      async (id) => void (done = await ctx.submit((c) => facebookAdapter.finishReel(c, { videoId: id, description: message }))),
    );
    done ??= ctx.progress.submitResult as { postId: string | null };
    return ctx.publish({ postId: done.postId ?? videoId, permalink: `https://www.facebook.com/reel/${videoId}` });
  }
  if (p.contentType === "STORY") {
    const mediaId = p.items[0]!.mediaId;
    const isVideo = (await ctx.media(mediaId)).mimeType.startsWith("video/");
    if (isVideo) {
      await hostedVideo(
        ctx,
        () => ctx.call((c) => facebookAdapter.startVideoStory(c)),
        async (id) => void (await ctx.submit((c) => facebookAdapter.finishVideoStory(c, { videoId: id }))),
      );
      const story = ctx.progress.submitResult as { postId: string };
      return ctx.publish({ postId: story.postId, permalink: await permalinkOf(ctx, story.postId) });
    }
    const photoId = ctx.submitted ? "" : await unpublishedPhoto(ctx, "photo0", mediaId);
    const story = await ctx.submit((c) => facebookAdapter.publishPhotoStory(c, { photoId }));
    return ctx.publish({ postId: story.postId, permalink: await permalinkOf(ctx, story.postId) });
  }
  // FEED
  if (p.items.length === 0) {
    const link = findLinks(message).find((l) => /^https?:\/\//i.test(l.url))?.url;
    const post = await ctx.submit((c) => facebookAdapter.publishFeed(c, { message, ...(link ? { link } : {}) }));
    return ctx.publish({ postId: post.id, permalink: await permalinkOf(ctx, post.id) });
  }
  const first = await ctx.media(p.items[0]!.mediaId);
  if (first.mimeType.startsWith("video/")) {
    const video = await ctx.submit((c) => facebookAdapter.publishVideo(c, { fileUrl: first.url, description: message }));
    await published(ctx, video.id);
    return ctx.publish({ postId: video.id, permalink: await permalinkOf(ctx, video.id) });
  }
  if (p.items.length === 1) {
    const photo = await ctx.submit((c) => facebookAdapter.uploadPhoto(c, { url: first.url, published: true, ...(message ? { caption: message } : {}) }));
    const postId = photo.postId ?? photo.id;
    return ctx.publish({ postId, permalink: await permalinkOf(ctx, postId) });
  }
  const photoIds: string[] = [];
  if (!ctx.submitted) for (const [i, item] of p.items.entries()) photoIds.push(await unpublishedPhoto(ctx, `photo${i}`, item.mediaId));
  const post = await ctx.submit((c) => facebookAdapter.publishMultiPhoto(c, { message, photoIds }));
  return ctx.publish({ postId: post.id, permalink: await permalinkOf(ctx, post.id) });
}

export const facebookFlow: Flow<FacebookPayload> = { run };

// TikTok direct post: creator info (privacy option and the account's duration limit), init, the
// file in chunks (resuming from what TikTok received; the last chunk is the point of no return,
// and TikTok's status settles a lost answer to it), then the status until the post is public.
import { isPlatformError } from "../../../platforms/errors.ts";
import { tiktokAdapter } from "../../../platforms/tiktok/tiktok-adapter.ts";
import { JobFailure } from "../job-codes.ts";
import type { Flow } from "../engine/flow.ts";
import type { FlowContext } from "../engine/flow-context.ts";
import type { TiktokPayload } from "../validate-request.ts";

type Init = { publishId: string; uploadUrl: string };

const mediaFailures = new Set(["file_format_check_failed", "duration_check_failed", "frame_rate_check_failed", "picture_size_check_failed", "video_pull_failed"]);

async function run(ctx: FlowContext<TiktokPayload>): Promise<void> {
  const p = ctx.payload;
  const video = await ctx.media(p.mediaId);
  if (!ctx.submitted) {
    const creator = await ctx.call((c) => tiktokAdapter.creatorInfo(c));
    if (!creator.privacyLevelOptions.includes(p.privacyLevel)) {
      throw new JobFailure("PUBLISH_FAILED", `@${creator.creatorUsername} cannot post publicly right now (TikTok offers ${creator.privacyLevelOptions.join(", ")})`);
    }
    if (video.durationSeconds && creator.maxVideoPostDurationSec && video.durationSeconds > creator.maxVideoPostDurationSec) {
      throw new JobFailure("MEDIA_UNAVAILABLE", `The video is ${video.durationSeconds} s long; this TikTok account can post up to ${creator.maxVideoPostDurationSec} s`);
    }
  }
  const plan = tiktokAdapter.chunkPlan(video.size);
  let init = ctx.progress.init as Init | undefined;
  const resumed = init !== undefined;
  let marked = false;
  if (!init) {
    // Not the point of no return: an initialised upload that never receives its bytes expires
    // unpublished, so a lost answer here is retried with a fresh init.
    init = await ctx.call((c) =>
      tiktokAdapter.initVideo(c, {
        caption: p.caption,
        privacyLevel: p.privacyLevel,
        disableComment: p.disableComment,
        disableDuet: p.disableDuet,
        disableStitch: p.disableStitch,
        brandContentToggle: p.brandContentToggle,
        brandOrganicToggle: p.brandOrganicToggle,
        videoSize: video.size,
        chunkSize: plan.chunkSize,
        totalChunkCount: plan.totalChunkCount,
      }),
    );
    // A one-chunk file goes straight to its last chunk: record the upload and the point of no return in one write.
    marked = plan.totalChunkCount === 1;
    await (marked ? ctx.saveAndMarkSubmitting({ init }) : ctx.save({ init }));
  }
  if (!ctx.submitted) {
    // After a crash, continue from what TikTok has (chunks must arrive in order).
    const uploaded = resumed ? await uploadedBytes(ctx, init.publishId) : 0;
    for (let index = Math.floor(uploaded / plan.chunkSize); index < plan.totalChunkCount; index++) {
      const start = index * plan.chunkSize;
      const final = index === plan.totalChunkCount - 1;
      const end = final ? video.size : start + plan.chunkSize;
      if (final && !marked) await ctx.markSubmitting(); // the last bytes make TikTok publish
      try {
        await tiktokAdapter.uploadChunk(init.uploadUrl, { bytes: await video.readRange(start, end), start, total: video.size, mimeType: video.mimeType });
      } catch (err) {
        if (!final || !isPlatformError(err) || (err.kind !== "unknown_outcome" && err.kind !== "unavailable")) {
          if (final) await ctx.clearSubmitting();
          throw err;
        }
        // The last answer was lost: TikTok's status says whether the bytes arrived.
        if ((await uploadedBytes(ctx, init.publishId)) < video.size) {
          await ctx.clearSubmitting();
          throw err; // retried from what TikTok holds
        }
      }
    }
  }
  const check = async () => {
    const status = await ctx.call((c) => tiktokAdapter.fetchStatus(c, init.publishId));
    if (status.status === "FAILED") {
      const reason = status.failReason ?? "unknown";
      throw new JobFailure(mediaFailures.has(reason) ? "PREPARATION_FAILED" : "PUBLISH_FAILED", `TikTok did not publish the video (${reason})`);
    }
    return status.status === "PUBLISH_COMPLETE" && status.postIds.length > 0 ? status : undefined;
  };
  // A first look right after the upload often settles it, and then the outcome is the only write.
  // Otherwise the submission is recorded before waiting. A run that dies between the upload and
  // either write leaves the submit mark, and recover() asks TikTok's status what arrived.
  let done = ctx.submitted ? undefined : await check();
  if (!done) {
    if (!ctx.submitted) await ctx.recordSubmitted({ publishId: init.publishId });
    done = await ctx.waitFor("TikTok to publish", check);
  }
  const postId = done.postIds[0]!;
  ctx.publish({ postId, permalink: tiktokAdapter.permalinkFor(ctx.account.username, postId), postIds: done.postIds });
}

async function uploadedBytes(ctx: FlowContext<TiktokPayload>, publishId: string): Promise<number> {
  const status = await ctx.call((c) => tiktokAdapter.fetchStatus(c, publishId));
  // Past PROCESSING_UPLOAD, TikTok has the whole file.
  return status.status === "PROCESSING_UPLOAD" ? (status.uploadedBytes ?? 0) : Number.MAX_SAFE_INTEGER;
}

/** A run died while the last chunk was in flight: TikTok's status tells whether it arrived. */
async function recover(ctx: FlowContext<TiktokPayload>): Promise<"resume" | "unknown"> {
  const init = ctx.progress.init as Init | undefined;
  if (!init) return "unknown";
  const video = await ctx.media(ctx.payload.mediaId);
  if ((await uploadedBytes(ctx, init.publishId)) >= video.size) await ctx.recordSubmitted({ publishId: init.publishId });
  else await ctx.clearSubmitting();
  return "resume";
}

export const tiktokFlow: Flow = { run: run as Flow["run"], recover: recover as Flow["recover"] };

// TikTok direct post: creator info (privacy option and the account's duration limit), init, the
// file in chunks (resuming from what TikTok received; the last chunk is the point of no return,
// and TikTok's status settles a lost answer to it), then the status until the post is published
// and, when public, named.
import { isPlatformError } from "../../../../platforms/errors.ts";
import { tiktokAdapter, type PublishStatus } from "../../../../platforms/tiktok/tiktok-adapter.ts";
import { JobFailure } from "../../job-codes.ts";
import type { Flow } from "../../engine/flow.ts";
import type { FlowContext, Published } from "../../engine/flow-context.ts";
import { OutcomeUnknown } from "../../engine/signals.ts";
import type { TiktokPayload } from "./rules.ts";

type Init = { publishId: string; uploadUrl: string };

/**
 * How long the job follows a post after its upload. TikTok guarantees no time
 * (developers.tiktok.com/doc/content-posting-api-reference-get-video-status): processing takes
 * about a minute per GB, so two hours is far beyond it; moderation of a public post "usually
 * finishes within one minute. In some cases, moderation may take a few hours", and the post's
 * id comes only after it.
 */
export const PROCESSING_WAIT_DEADLINE_MS = 2 * 3600_000;
export const MODERATION_WAIT_DEADLINE_MS = 24 * 3600_000;

const mediaFailures = new Set([
  "file_format_check_failed",
  "duration_check_failed",
  "frame_rate_check_failed",
  "picture_size_check_failed",
  "video_pull_failed",
]);

async function run(ctx: FlowContext<TiktokPayload>): Promise<void> {
  const p = ctx.payload;
  const video = await ctx.media(p.mediaId);
  if (!ctx.submitted) {
    const creator = await ctx.call((c) => tiktokAdapter.creatorInfo(c));
    if (!creator.privacyLevelOptions.includes(p.privacyLevel)) {
      throw new JobFailure(
        "PUBLISH_FAILED",
        `@${creator.creatorUsername} cannot post publicly right now (TikTok offers ${creator.privacyLevelOptions.join(", ")})`,
      );
    }
    if (video.durationSeconds && creator.maxVideoPostDurationSec && video.durationSeconds > creator.maxVideoPostDurationSec) {
      throw new JobFailure(
        "MEDIA_UNAVAILABLE",
        `The video is ${video.durationSeconds} s long; this TikTok account can post up to ${creator.maxVideoPostDurationSec} s`,
      );
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
    await (marked ? ctx.save({ init }, "set") : ctx.save({ init }));
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
  const look = async () => {
    const status = await ctx.call((c) => tiktokAdapter.fetchStatus(c, init.publishId));
    if (status.status === "FAILED") {
      const reason = status.failReason ?? "unknown";
      throw new JobFailure(mediaFailures.has(reason) ? "PREPARATION_FAILED" : "PUBLISH_FAILED", `TikTok did not publish the video (${reason})`);
    }
    return status;
  };
  const named = (status: PublishStatus): Published | undefined => {
    if (status.status !== "PUBLISH_COMPLETE") return undefined;
    // TikTok names a public post only after moderation
    const postId = status.postIds[0];
    return postId ? { postId, permalink: tiktokAdapter.permalinkFor(ctx.account.username, postId), postIds: status.postIds } : undefined;
  };
  // A first look right after the upload often settles it, and then the outcome is the only write.
  // Otherwise the submission is recorded before waiting. A run that dies between the upload and
  // either write leaves the submit mark, and recover() asks TikTok's status what arrived. A wait
  // that follows a look of its own starts with a pause, not another look at once.
  const first = ctx.submitted ? undefined : await look();
  let done = first && named(first);
  if (!done) {
    if (first) await ctx.recordSubmitted({ publishId: init.publishId });
    const complete =
      first?.status === "PUBLISH_COMPLETE"
        ? first
        : await ctx.waitFor(
            "TikTok to publish",
            async () => {
              const status = await look();
              return status.status === "PUBLISH_COMPLETE" ? status : undefined;
            },
            {
              deadlineMs: PROCESSING_WAIT_DEADLINE_MS,
              lookedJustNow: first !== undefined,
              expired: async () => {
                throw new OutcomeUnknown(
                  `TikTok had the whole video but had not published it ${PROCESSING_WAIT_DEADLINE_MS / 3600_000} hours later (still ${(await look()).status})`,
                );
              },
            },
          );
    done =
      named(complete) ??
      (await ctx.waitFor("TikTok to name the public post", async () => named(await look()), {
        deadlineMs: MODERATION_WAIT_DEADLINE_MS,
        lookedJustNow: true,
        // still in moderation a day later: it is on the profile, only its id is withheld
        expired: () => unnamed(ctx, init.publishId),
      }));
  }
  ctx.publish(done);
}

/** A post TikTok published but has not named: its publish_id stands for it, and the link is the creator's profile. */
function unnamed(ctx: FlowContext<TiktokPayload>, publishId: string): Published {
  return { postId: publishId, permalink: tiktokAdapter.profileUrlFor(ctx.account.username) };
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

export const tiktokFlow: Flow<TiktokPayload> = { run, recover };

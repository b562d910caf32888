// YouTube: a resumable upload session, the file in 8 MiB chunks, then videos.list until the
// video is processed. The session settles lost answers: a probe tells how much YouTube holds,
// and re-sending a range never makes a second video, so only an expired session after a lost
// final answer leaves the outcome unknown.
import { isPlatformError } from "../../../../platforms/errors.ts";
import { YOUTUBE_CHUNK_SIZE, youtubeAdapter, type UploadProgress } from "../../../../platforms/youtube/youtube-adapter.ts";
import { JobFailure } from "../../job-codes.ts";
import type { Flow } from "../../engine/flow.ts";
import type { FlowContext } from "../../engine/flow-context.ts";
import { OutcomeUnknown } from "../../engine/signals.ts";
import type { YoutubePayload } from "./rules.ts";

/**
 * How long processing may take after the upload. YouTube gives no bound ("processing can take a
 * while" for long or high-resolution videos); a day is far beyond what it takes.
 */
export const PROCESSING_WAIT_DEADLINE_MS = 24 * 3600_000;

async function upload(ctx: FlowContext<YoutubePayload>): Promise<string> {
  const p = ctx.payload;
  const video = await ctx.media(p.mediaId);
  let sessionUrl = ctx.progress.sessionUrl as string | undefined;
  if (!sessionUrl) {
    ({ sessionUrl } = await ctx.call((c) =>
      youtubeAdapter.startUpload(c, {
        title: p.title,
        description: p.description,
        privacyStatus: p.privacyStatus,
        madeForKids: p.madeForKids,
        size: video.size,
        mimeType: video.mimeType,
      }),
    ));
    await ctx.save({ sessionUrl });
  }
  const url = sessionUrl;
  let state: UploadProgress = ctx.progress.uploadStarted ? await youtubeAdapter.probeUpload(url, video.size) : { done: false, received: 0 };
  await ctx.save({ uploadStarted: true });
  while (!state.done) {
    const start = state.received;
    const end = Math.min(video.size, start + YOUTUBE_CHUNK_SIZE);
    const final = end === video.size;
    if (final) await ctx.markSubmitting(); // the last bytes create the video
    try {
      state = await youtubeAdapter.uploadChunk(url, { bytes: await video.readRange(start, end), start, total: video.size });
    } catch (err) {
      if (!isPlatformError(err) || (err.kind !== "unknown_outcome" && err.kind !== "unavailable")) throw err;
      // The answer was lost: ask the session what it holds, and carry on from there.
      try {
        state = await youtubeAdapter.probeUpload(url, video.size);
      } catch (probe) {
        if (final && isPlatformError(probe, "not_found"))
          throw new OutcomeUnknown("The upload session expired after the last bytes were sent; whether YouTube made the video cannot be established");
        throw err;
      }
    }
  }
  await ctx.recordSubmitted({ videoId: state.videoId });
  return state.videoId;
}

async function run(ctx: FlowContext<YoutubePayload>): Promise<void> {
  const videoId = ctx.submitted ? String((ctx.progress.submitResult as { videoId: string }).videoId) : await upload(ctx);
  const video = { postId: videoId, permalink: youtubeAdapter.permalinkFor(videoId) };
  await ctx.waitFor(
    "YouTube to process the video",
    async () => {
      const s = await ctx.call((c) => youtubeAdapter.videoStatus(c, videoId));
      if (
        s.uploadStatus === "failed" ||
        s.uploadStatus === "rejected" ||
        s.uploadStatus === "deleted" ||
        s.processingStatus === "failed" ||
        s.processingStatus === "terminated"
      ) {
        throw new JobFailure(
          "PREPARATION_FAILED",
          `YouTube did not accept the video (${s.uploadStatus}${s.failureReason ? `: ${s.failureReason}` : ""}${s.rejectionReason ? `: ${s.rejectionReason}` : ""})`,
        );
      }
      return s.uploadStatus === "processed" ? true : undefined;
    },
    {
      deadlineMs: PROCESSING_WAIT_DEADLINE_MS,
      expired: () => {
        // The video exists (it has an id), so the job shows it; YouTube Studio tells the rest.
        throw new JobFailure(
          "PREPARATION_FAILED",
          `YouTube had not finished processing the video ${PROCESSING_WAIT_DEADLINE_MS / 3600_000} hours after the upload; it stays on the channel as uploaded (see YouTube Studio)`,
          video,
        );
      },
    },
  );
  ctx.publish(video);
}

/** A run died while the last bytes were in flight: the session knows whether the video exists. */
async function recover(ctx: FlowContext<YoutubePayload>): Promise<"resume" | "unknown"> {
  const sessionUrl = ctx.progress.sessionUrl;
  if (typeof sessionUrl !== "string") return "unknown";
  const video = await ctx.media(ctx.payload.mediaId);
  try {
    const state = await youtubeAdapter.probeUpload(sessionUrl, video.size);
    if (state.done) await ctx.recordSubmitted({ videoId: state.videoId });
    else await ctx.clearSubmitting();
    return "resume";
  } catch (err) {
    if (isPlatformError(err, "not_found")) return "unknown";
    throw err;
  }
}

export const youtubeFlow: Flow<YoutubePayload> = { run, recover };

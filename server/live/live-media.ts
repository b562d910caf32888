// The test media the live suite posts: against a real platform the files the user names
// (LIVE_IMAGE_URL, LIVE_VIDEO_FILE), against the sandbox generated ones (the image served
// from this machine, which the local sandbox can fetch).
import fs from "node:fs/promises";
import { makeJpeg, makeMp4, serveBytes } from "../testing/media-fixtures.ts";
import type { MediaSource } from "../platforms/types.ts";

export type LiveVideo = { bytes: Uint8Array; mimeType: string };

export function sourceOf(url: string, bytes: Uint8Array | null, mimeType: string): MediaSource {
  return {
    url,
    size: bytes?.byteLength ?? 0,
    mimeType,
    readRange: async (start, end) => {
      if (!bytes) throw new Error("the live suite reads this image by URL only");
      return bytes.subarray(start, end);
    },
  };
}

/** The image Instagram fetches, and how to stop serving it. */
export async function liveImage(imageUrl: string | undefined): Promise<{ source: MediaSource; close(): Promise<void> }> {
  if (imageUrl) return { source: sourceOf(imageUrl, null, "image/jpeg"), close: async () => {} };
  const body = await makeJpeg({ width: 1080, height: 1350 });
  const served = await serveBytes({ "live-test.jpg": { body, type: "image/jpeg" } });
  return { source: sourceOf(served.url("live-test.jpg"), body, "image/jpeg"), close: served.close };
}

export async function liveVideo(videoFile: string | undefined): Promise<LiveVideo> {
  if (videoFile)
    return { bytes: new Uint8Array(await fs.readFile(videoFile)), mimeType: videoFile.toLowerCase().endsWith(".mov") ? "video/quicktime" : "video/mp4" };
  // Vertical, 8 s: what TikTok and YouTube Shorts take; unique bytes so no upload is a duplicate.
  return {
    bytes: new Uint8Array(makeMp4({ width: 1080, height: 1920, durationSeconds: 8, payloadBytes: 4096 + Math.floor(Math.random() * 4096) })),
    mimeType: "video/mp4",
  };
}

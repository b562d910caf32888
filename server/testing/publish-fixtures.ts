// Publishing through the API and following jobs to their end, as a client does.
import { expect } from "vitest";
import { api } from "./fixtures.ts";
import { makeJpeg, makeMp4, type Mp4Options } from "./media-fixtures.ts";
import { upload } from "./upload-fixtures.ts";

const terminal = new Set(["published", "failed", "canceled", "unknown"]);

export async function waitForJob(key: string, jobId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(key)("GET", `/api/v1/publish-jobs/${jobId}`);
    expect(res.status).toBe(200);
    if (terminal.has(res.json.status)) return res.json;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.json.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A unique video (YouTube refuses bytes already on a channel), uploaded and confirmed. */
export async function uploadVideo(key: string, opts: Mp4Options = {}) {
  const bytes = makeMp4({ durationSeconds: 30, width: 1080, height: 1920, payloadBytes: 20_000 + Math.floor(Math.random() * 50_000), ...opts });
  const { confirmed } = await upload(key, { fileName: "clip.mp4", contentType: "video/mp4", bytes });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.text}`);
  return { mediaId: confirmed.json.mediaId as string, bytes };
}

export async function uploadImage(key: string, color = "#2f6bff") {
  const bytes = await makeJpeg({ width: 1080, height: 1350, color });
  const { confirmed } = await upload(key, { fileName: "photo.jpg", contentType: "image/jpeg", mediaType: "IMAGE", bytes });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.text}`);
  return { mediaId: confirmed.json.mediaId as string, bytes };
}

export const publish = (key: string, body: unknown) => api(key)("POST", "/api/v1/posts", { body });

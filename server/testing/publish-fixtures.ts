// Publishing through the API and following jobs to their end, as a client does.
import { expect } from "vitest";
import { sql } from "../db.ts";
import type { Scope } from "../domain/access.ts";
import { moveScheduledPost } from "../domain/scheduling/move-scheduled-post.ts";
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

/**
 * Schedules a media post an hour ahead, records that its job's wait `label` began `agoMs` ago
 * (a wait counts from the time kept in the job's progress), then moves it to start in two
 * seconds: the worker meets that wait as if it had lasted so long already.
 */
export async function scheduleWithWaitBegun(t: { key: string; scope: Scope }, body: Record<string, unknown>, label: string, agoMs: number): Promise<string> {
  const res = await api(t.key)("POST", "/api/v1/scheduled-posts", { body: { ...body, scheduledAt: new Date(Date.now() + 3600_000).toISOString() } });
  expect([200, 202], res.text).toContain(res.status); // SPEC: tiktok schedules answer 200
  const { jobId, scheduledPostIds } = res.json.results[0];
  await sql("test-wait-begun", `UPDATE "PublishJob" SET progress = progress || jsonb_build_object($2::text, $3::bigint) WHERE id = $1`, [
    jobId,
    `waitSince:${label}`,
    Date.now() - agoMs,
  ]);
  await moveScheduledPost(t.scope, scheduledPostIds[0], new Date(Date.now() + 2000), null);
  return jobId;
}

// Sandbox Facebook media publishing: photos (fetched from their URL, JPEG ≤ 8 MB), photo
// Stories, graph-video feed videos, and the start → rupload → finish flow of Reels and video
// Stories, with the video status state machine they share.
import crypto from "node:crypto";
import type { Hono } from "hono";
import { bodyStream, params, type Ctx, type Env, type Kit, type ProviderModule } from "../kit.ts";
import { numericId, type MediaBlob, type PlatformObject } from "../state.ts";
import { pageSlug } from "../../platforms/facebook/page-slug.ts";
import { graphError, pageAccess, permalinkOf, reelPermalink, ruploadError, type PageAccess } from "./facebook-shared.ts";

const MAX_PHOTO_BYTES = 8 * 1024 ** 2;
const REELS_PER_DAY = 30;

type VideoFlow = "video" | "reel" | "video_story";
export type VideoData = {
  pageId: string;
  flow: VideoFlow;
  description?: string;
  uploaded: boolean;
  bytes: number;
  fileSize?: number;
  head?: string;
  /** processing time chosen at creation (slow_processing fault), applied from the finish call */
  processingMs?: number;
  /** PUBLISHED once published (graph-video publishes on its own after processing); DRAFT kept unpublished */
  state?: "PUBLISHED" | "DRAFT";
  postId?: string;
  publishedAt?: number;
};

const isJpeg = (b: MediaBlob) => (b.head ?? "").startsWith("ffd8ff");
// MP4 and QuickTime files open with a box whose type, at byte 4, is "ftyp".
const isVideo = (b: MediaBlob) => (b.head ?? "").slice(8, 16) === "66747970";
const flag = (value: string | undefined, fallback: boolean) => (value === undefined ? fallback : !["false", "0"].includes(value.toLowerCase()));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const videoData = (o: PlatformObject) => o.data as VideoData;

/**
 * Graph's status of a video: uploading → upload_complete → processing → ready, or error;
 * publishing tracked apart. Reels and video Stories are not processed until the `finish` call:
 * until then the status stays "upload complete, processing not started"
 * (https://developers.facebook.com/docs/video-api/guides/reels-publishing/ "Check the upload
 * status" and "Publish the reel"; https://developers.facebook.com/docs/page-stories-api/ video
 * Stories, same phases). A graph-video feed upload is processed as soon as its bytes are in.
 */
export function videoStatus(kit: Kit, o: PlatformObject) {
  const d = videoData(o);
  const started = d.uploaded && (d.flow === "video" || d.state !== undefined);
  const processed = started && kit.state.objectReady(o);
  const failed = processed && Boolean(o.failure);
  return {
    video_status: failed ? "error" : processed ? "ready" : started ? "processing" : d.uploaded ? "upload_complete" : "uploading",
    uploading_phase: { status: d.uploaded ? "complete" : d.bytes > 0 ? "in_progress" : "not_started", bytes_transferred: d.bytes },
    processing_phase: !started
      ? { status: "not_started" }
      : !processed
        ? { status: "in_progress" }
        : failed
          ? { status: "error", error: { message: o.failure } }
          : { status: "complete" },
    publishing_phase:
      d.postId && processed && !failed
        ? { status: "complete", publish_status: "published", publish_time: Math.floor((d.publishedAt ?? Date.now()) / 1000) }
        : { status: "not_started" },
  };
}

/** A published graph-video becomes a Page post once its processing completes (seen on the next read). */
export function settleVideo(kit: Kit, o: PlatformObject): void {
  const d = videoData(o);
  // A finished reel or video Story whose processing failed never becomes visible.
  if (d.flow !== "video" && d.postId && kit.state.objectReady(o) && o.failure) {
    const post = kit.state.post(d.postId);
    if (post && !post.deleted) {
      post.deleted = true;
      kit.state.changed();
    }
    return;
  }
  if (d.flow !== "video" || d.state !== "PUBLISHED" || d.postId || !d.uploaded || !kit.state.objectReady(o) || o.failure) return;
  const profile = kit.state.profile(o.profileId)!;
  const post = kit.state.addPost({
    id: `${d.pageId}_${o.id}`,
    provider: "facebook",
    profileId: profile.id,
    username: pageSlug(profile.page!.name, d.pageId),
    kind: "video",
    text: d.description ?? "",
    media: [{ ...o.media!, type: "video" }],
    extra: { pageId: d.pageId, videoId: o.id, attachment: { type: "video_inline", media_type: "video" } },
    permalink: permalinkOf,
  });
  Object.assign(d, { postId: post.id, publishedAt: Date.now() });
  kit.state.changed();
}

const photoRejected = (why: string) =>
  graphError(400, 100, `(#100) Your photo couldn't be uploaded: ${why}`, { subcode: 1366046, userMsg: "Photos should be JPG files smaller than 8 MB." });

export function registerFacebookMedia(app: Hono<Env>, kit: Kit, m: ProviderModule) {
  const { state } = kit;

  kit.route(
    app,
    m,
    "POST",
    "/facebook/graph/:version/:pageId/photos",
    "page.photos",
    async (c, token) => {
      const access = pageAccess(kit, token, c.req.param("pageId") ?? "", true);
      if ("denied" in access) return access.denied;
      const f = await params(c);
      if (!f.url) return graphError(400, 324, "(#324) Requires upload file");
      const blob = await kit.fetchMedia(f.url, MAX_PHOTO_BYTES);
      if ("error" in blob)
        return blob.error.includes("larger")
          ? photoRejected("it is larger than 8 MB")
          : graphError(400, 324, `(#324) Missing or invalid image file: ${blob.error}`);
      if (!isJpeg(blob)) return photoRejected("it is not a JPEG file");
      const fault = kit.processingFault("facebook", "page.photos", token.profileId);
      if (fault.failure) return photoRejected(fault.failure);
      // Photos are fetched while the request waits: slow processing is a slow answer.
      if (fault.processingMs) await sleep(fault.processingMs);
      const published = flag(f.published, true);
      const caption = f.caption ?? f.message ?? "";
      const photo = state.addObject({
        provider: "facebook",
        profileId: access.profile.id,
        type: "photo",
        data: { pageId: access.page.id, published, caption },
        media: blob,
        processingMs: 0,
      });
      if (!published) return c.json({ id: photo.id });
      const post = addPost(kit, access, "photo", caption, [{ ...blob, type: "image" }], {
        photoId: photo.id,
        attachment: { type: "photo", media_type: "photo" },
      });
      photo.data.postId = post.id;
      state.changed();
      return c.json({ id: photo.id, post_id: post.id });
    },
    [["pages_manage_posts"]],
  );

  kit.route(
    app,
    m,
    "POST",
    "/facebook/graph/:version/:pageId/photo_stories",
    "page.photo_stories",
    async (c, token) => {
      const access = pageAccess(kit, token, c.req.param("pageId") ?? "", true);
      if ("denied" in access) return access.denied;
      const photo = state.object((await params(c)).photo_id ?? "");
      if (!photo || photo.provider !== "facebook" || photo.type !== "photo" || photo.data.pageId !== access.page.id)
        return m.error("invalid_request", { message: "(#100) photo_id is not a photo of this Page" });
      if (photo.data.published || photo.data.usedBy) return m.error("media", { message: "(#100) This photo has already been posted.", code: "1366051" });
      const post = addPost(kit, access, "story", "", [{ ...photo.media!, type: "image" }], { photoId: photo.id });
      photo.data.usedBy = post.id;
      state.changed();
      return c.json({ success: true, post_id: post.id });
    },
    [["pages_manage_posts"]],
  );

  kit.route(
    app,
    m,
    "POST",
    "/facebook/graph-video/:version/:pageId/videos",
    "page.videos",
    async (c, token) => {
      const access = pageAccess(kit, token, c.req.param("pageId") ?? "", true);
      if ("denied" in access) return access.denied;
      const f = await params(c);
      if (!f.file_url) return m.error("invalid_request", { message: "(#100) file_url is required (the sandbox fetches videos from a URL)" });
      const blob = await kit.fetchMedia(f.file_url);
      if ("error" in blob) return graphError(400, 389, `(#389) Unable to fetch video file from URL: ${blob.error}`);
      if (!isVideo(blob)) return graphError(400, 352, "(#352) Sorry, the video file you selected is in a format that we don't support.");
      const fault = kit.processingFault("facebook", "page.videos", token.profileId);
      const data: VideoData = {
        pageId: access.page.id,
        flow: "video",
        description: f.description ?? "",
        uploaded: true,
        bytes: blob.size,
        state: flag(f.published, true) ? "PUBLISHED" : "DRAFT",
      };
      const video = state.addObject({
        provider: "facebook",
        profileId: access.profile.id,
        type: "video",
        data,
        media: blob,
        failure: fault.failure,
        processingMs: fault.processingMs,
      });
      return c.json({ id: video.id });
    },
    [["pages_manage_posts"]],
  );

  registerUploadPhases(app, kit, m, "/facebook/graph/:version/:pageId/video_reels", "page.video_reels", "reel");
  registerUploadPhases(app, kit, m, "/facebook/graph/:version/:pageId/video_stories", "page.video_stories", "video_story");
  registerRupload(app, kit, m);
}

function addPost(
  kit: Kit,
  access: PageAccess,
  kind: string,
  text: string,
  media: (MediaBlob & { type: string })[],
  extra: Record<string, unknown>,
  id?: string,
  permalink = permalinkOf,
) {
  return kit.state.addPost({
    id: id ?? `${access.page.id}_${numericId()}`,
    provider: "facebook",
    profileId: access.profile.id,
    username: pageSlug(access.page.name, access.page.id),
    kind,
    text,
    media,
    extra: { pageId: access.page.id, ...extra },
    permalink,
  });
}

/** Reels and video Stories: start (an upload session) → rupload → finish (processing, then publishing, start here). */
function registerUploadPhases(app: Hono<Env>, kit: Kit, m: ProviderModule, path: string, operation: string, flow: "reel" | "video_story") {
  kit.route(
    app,
    m,
    "POST",
    path,
    operation,
    async (c, token) => {
      const access = pageAccess(kit, token, c.req.param("pageId") ?? "", true);
      if ("denied" in access) return access.denied;
      const f = await params(c);
      if (f.upload_phase === "start") {
        const fault = kit.processingFault("facebook", operation, token.profileId);
        const data: VideoData = { pageId: access.page.id, flow, uploaded: false, bytes: 0, processingMs: fault.processingMs };
        const video = kit.state.addObject({ provider: "facebook", profileId: access.profile.id, type: flow, data, failure: fault.failure });
        return c.json({ video_id: video.id, upload_url: `${kit.baseUrl}/facebook/rupload/video-upload/${c.req.param("version")}/${video.id}` });
      }
      if (f.upload_phase === "finish") return finish(c, kit, m, access, flow, f);
      return m.error("invalid_request", { message: "(#100) upload_phase must be one of start, finish" });
    },
    [["pages_manage_posts"]],
  );
}

function finish(c: Ctx, kit: Kit, m: ProviderModule, access: PageAccess, flow: "reel" | "video_story", f: Record<string, string>) {
  const video = kit.state.object(f.video_id ?? "");
  if (!video || video.type !== flow || video.data.pageId !== access.page.id)
    return m.error("invalid_request", { message: "(#100) video_id is not an upload session of this Page" });
  const d = videoData(video);
  if (d.state) return m.error("invalid_request", { message: "(#100) This video was already finished." });
  if (!d.uploaded) return m.error("invalid_request", { message: "(#100) The video has not been uploaded yet; send it to the upload_url first." });
  const state = flow === "reel" ? (f.video_state ?? "") : "PUBLISHED";
  if (state === "DRAFT") {
    d.state = "DRAFT";
    video.readyAt = Date.now() + (d.processingMs ?? kit.state.processingMs);
    kit.state.changed();
    return c.json({ success: true });
  }
  if (state !== "PUBLISHED")
    return m.error("invalid_request", { message: "(#100) video_state must be PUBLISHED or DRAFT (the sandbox does not schedule reels)" });
  if (flow === "reel" && reelsToday(kit, access) >= REELS_PER_DAY) {
    return m.error("quota", { message: `(#9) This Page has reached its limit of ${REELS_PER_DAY} API-published reels in 24 hours.` });
  }
  const media = [{ ...video.media!, type: "video" }];
  const post =
    flow === "reel"
      ? addPost(
          kit,
          access,
          "reel",
          f.description ?? "",
          media,
          { videoId: video.id, attachment: { type: "video_inline", media_type: "video" } },
          `${access.page.id}_${video.id}`,
          () => reelPermalink(video.id),
        )
      : addPost(kit, access, "story", "", media, { videoId: video.id });
  Object.assign(d, { state: "PUBLISHED", postId: post.id, publishedAt: Date.now(), description: f.description });
  // Processing starts with finish (Reels Publishing API, "Publish the reel"); a media failure shows in the status after it.
  video.readyAt = Date.now() + (d.processingMs ?? kit.state.processingMs);
  kit.state.changed();
  return c.json({ success: true, post_id: post.id });
}

function reelsToday(kit: Kit, access: PageAccess): number {
  const since = Date.now() - 24 * 3600_000;
  // A Page is its one managing profile's (consent.ts), so its posts are among that profile's.
  return kit.state
    .posts({ provider: "facebook", profileId: access.profile.id })
    .filter((p) => p.kind === "reel" && p.extra.pageId === access.page.id && Date.parse(p.createdAt) >= since).length;
}

/** Hashes of uploads that arrive in several chunks, kept until the last byte is in. */
const partialUploads = new Map<string, crypto.Hash>();

function registerRupload(app: Hono<Env>, kit: Kit, m: ProviderModule) {
  kit.route(
    app,
    m,
    "POST",
    "/facebook/rupload/video-upload/:version/:videoId",
    "rupload.video_upload",
    async (c, token) => {
      const video = kit.state.object(c.req.param("videoId") ?? "");
      if (!video || !["reel", "video_story"].includes(video.type)) return ruploadError(400, "NotFound", "No upload session for this video id.");
      const access = pageAccess(kit, token, String(video.data.pageId), true);
      if ("denied" in access) return access.denied;
      if (videoData(video).uploaded) return ruploadError(400, "AlreadyUploaded", "This video has already been uploaded.");
      const fileUrl = c.req.header("file_url");
      if (fileUrl) {
        const blob = await kit.fetchMedia(fileUrl);
        if ("error" in blob) return ruploadError(400, "ProcessingFailedError", blob.error);
        return uploaded(c, kit, video, blob);
      }
      return receiveChunk(c, kit, video);
    },
    [["pages_manage_posts"]],
  );
}

/** All bytes are in; processing waits for finish. A file that is not a video fails in processing, as on Facebook. */
function uploaded(c: Ctx, kit: Kit, video: PlatformObject, blob: MediaBlob) {
  const d = videoData(video);
  video.media = blob;
  if (!isVideo(blob)) video.failure ??= "The file is not a video Facebook can process (no MP4 or QuickTime header).";
  Object.assign(d, { uploaded: true, bytes: blob.size });
  kit.state.changed();
  return c.json({ success: true });
}

/** Binary upload: `offset` must be the bytes received so far, `file_size` the whole file's size. */
async function receiveChunk(c: Ctx, kit: Kit, video: PlatformObject) {
  const d = videoData(video);
  const offset = Number(c.req.header("offset"));
  const fileSize = Number(c.req.header("file_size"));
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(fileSize) || fileSize <= 0) {
    return ruploadError(400, "InvalidHeaders", "Send a file_url header, or the bytes with offset and file_size headers.");
  }
  if (offset !== d.bytes) return ruploadError(400, "OffsetMismatch", `Expected offset ${d.bytes}.`);
  const previous = partialUploads.get(video.id);
  if (offset > 0 && !previous) return ruploadError(400, "SessionLost", "The earlier chunks of this upload are gone; start a new upload session.");
  // Work on a copy so a chunk that breaks off mid-way leaves the session where it was.
  const hash = previous ? previous.copy() : crypto.createHash("sha256");
  let head = Buffer.from(d.head ?? "", "hex");
  let received = 0;
  for await (const chunk of bodyStream(c)) {
    received += chunk.byteLength;
    if (head.length < 16) head = Buffer.concat([head, Buffer.from(chunk.subarray(0, 16 - head.length))]);
    hash.update(chunk);
  }
  const total = offset + received;
  if (received === 0 || total > fileSize) return ruploadError(400, "InvalidChunk", `The chunk must hold between 1 and ${fileSize - offset} bytes.`);
  Object.assign(d, { bytes: total, fileSize, head: head.toString("hex") });
  kit.state.changed();
  if (total < fileSize) {
    partialUploads.set(video.id, hash);
    return c.json({ success: true });
  }
  partialUploads.delete(video.id);
  return uploaded(c, kit, video, { size: total, sha256: hash.digest("hex"), contentType: c.req.header("content-type"), head: d.head });
}

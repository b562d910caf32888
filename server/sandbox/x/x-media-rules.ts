// Sandbox X media: what X documents about media, shared by the upload routes (x-media-upload.ts)
// and the post rules (x-media.ts): categories and media types with their caps, the upload record,
// processing_info as X reports it, and X's 400 answers.
//   - endpoints and shapes: the X API v2 OpenAPI (https://api.x.com/2/openapi.json) and
//     https://docs.x.com/x-api/media/quickstart/media-upload-chunked
//   - limits: https://docs.x.com/x-api/media/quickstart/best-practices (up to 4 photos, 1 animated
//     GIF or 1 video per post; image ≤ 5 MB, GIF ≤ 15 MB, video ≤ 512 MB and 0.5–140 s) and
//     https://docs.x.com/x-api/media/introduction
import { jsonAnswer } from "../kit.ts";
import type { PlatformObject, SandboxState, Token } from "../state.ts";

export const MB = 1024 * 1024;
export const DAY_S = 24 * 3600;

/** media_category → what it holds and its size cap (best-practices page; 5 MB is X's 5242880 bytes). */
export const categories: Record<string, { kind: "photo" | "video" | "animated_gif" | "subtitles"; maxBytes: number; keyPrefix: string }> = {
  tweet_image: { kind: "photo", maxBytes: 5 * MB, keyPrefix: "3" },
  dm_image: { kind: "photo", maxBytes: 5 * MB, keyPrefix: "3" },
  tweet_gif: { kind: "animated_gif", maxBytes: 15 * MB, keyPrefix: "16" },
  dm_gif: { kind: "animated_gif", maxBytes: 15 * MB, keyPrefix: "16" },
  tweet_video: { kind: "video", maxBytes: 512 * MB, keyPrefix: "7" },
  amplify_video: { kind: "video", maxBytes: 512 * MB, keyPrefix: "13" },
  dm_video: { kind: "video", maxBytes: 512 * MB, keyPrefix: "7" },
  subtitles: { kind: "subtitles", maxBytes: 5 * MB, keyPrefix: "3" },
};

/** InitializeMediaUploadRequest.media_type's enum (OpenAPI), by the kind of media it is. */
export const mediaTypes: Record<string, "image" | "gif" | "video" | "text" | "model"> = {
  "video/mp4": "video",
  "video/webm": "video",
  "video/mp2t": "video",
  "video/quicktime": "video",
  "text/srt": "text",
  "text/vtt": "text",
  "image/jpeg": "image",
  "image/gif": "gif",
  "image/bmp": "image",
  "image/png": "image",
  "image/webp": "image",
  "image/pjpeg": "image",
  "image/tiff": "image",
  "model/gltf-binary": "model",
  "model/vnd.usdz+zip": "model",
};

/** Which media types each kind of category takes. */
export const fits = (kind: string, type: string) =>
  ({ photo: ["image"], animated_gif: ["gif"], video: ["video"], subtitles: ["text"] })[kind]?.includes(mediaTypes[type] ?? "") ?? false;

export const defaultCategory = (type: string) => ({ image: "tweet_image", gif: "tweet_gif", video: "tweet_video" })[mediaTypes[type] as "image"];

/** File signatures of the image formats X takes (the first bytes, hex). */
export const imageSignature = (head: string) =>
  head.startsWith("ffd8ff") ||
  head.startsWith("89504e47") ||
  head.startsWith("47494638") ||
  head.startsWith("424d") ||
  /^(49492a00|4d4d002a)/.test(head) ||
  (head.startsWith("52494646") && head.slice(16, 24) === "57454250");

/** APPEND's chunk cap: "It must be <= 5 MB" (developer.x.com/en/docs/x-api/v1/media/upload-media/api-reference/post-media-upload-append). */
export const MAX_CHUNK = 5 * MB;

/** X's documented video duration range for a post (best-practices page). */
export const VIDEO_SECONDS = { min: 0.5, max: 140 };

export type Upload = {
  mediaType: string;
  category: string;
  totalBytes: number;
  /** appended segments: index → size and hash (a retried APPEND of the same bytes is harmless) */
  segments: Record<string, { size: number; sha256: string }>;
  finalized: boolean;
  altText?: string;
  /** the posts the media is attached to */
  postIds: string[];
};

export const upload = (o: PlatformObject) => o.data as Upload;

/** X's 400 problem JSON for a request it refuses. */
export const invalid = (detail: string) =>
  jsonAnswer(
    { title: "Invalid Request", detail, type: "https://api.twitter.com/2/problems/invalid-request", status: 400 },
    { status: 400, headers: { "content-type": "application/problem+json" } },
  );

/** X's schema failures: a generic detail, the failing parameter in errors[] (as X answers POST /2/tweets with 5 media ids). */
export const schemaError = (parameter: string, value: unknown, message: string) =>
  jsonAnswer(
    {
      errors: [{ parameters: { [parameter]: Array.isArray(value) ? value : [value] }, message }],
      title: "Invalid Request",
      detail: "One or more parameters to your request was invalid.",
      type: "https://api.twitter.com/2/problems/invalid-request",
    },
    { status: 400 },
  );

export const ownMedia = (state: SandboxState, id: string, token: Token) => {
  const o = state.object(id);
  return o && o.provider === "x" && o.type === "media" && o.profileId === token.profileId ? o : undefined;
};
export const mediaKey = (o: PlatformObject) => `${categories[upload(o).category]!.keyPrefix}_${o.id}`;
export const kindOf = (o: PlatformObject) => categories[upload(o).category]!.kind;
export const asynchronous = (o: PlatformObject) => kindOf(o) === "video" || kindOf(o) === "animated_gif";

/** processing_info as FINALIZE and STATUS report it; undefined for media processed synchronously. */
export function processingInfo(o: PlatformObject) {
  if (!asynchronous(o)) return undefined;
  const now = Date.now();
  if (now < o.readyAt) {
    const span = Math.max(1, o.readyAt - o.createdAt);
    const percent = Math.min(99, Math.floor(((now - o.createdAt) / span) * 100));
    return { state: percent < 10 ? "pending" : "in_progress", check_after_secs: Math.max(1, Math.ceil((o.readyAt - now) / 1000)), progress_percent: percent };
  }
  // A failed run carries X's error object (developer.x.com/en/docs/x-api/v1/media/upload-media/api-reference/get-media-upload-status).
  if (o.failure) return { state: "failed", progress_percent: 100, error: { code: 1, name: "InvalidMedia", message: o.failure } };
  return { state: "succeeded", progress_percent: 100 };
}

export const mediaData = (o: PlatformObject) => ({
  id: o.id,
  media_key: mediaKey(o),
  size: upload(o).totalBytes,
  expires_after_secs: Math.max(0, Math.floor((o.createdAt + DAY_S * 1000 - Date.now()) / 1000)),
  ...(processingInfo(o) ? { processing_info: processingInfo(o) } : {}),
  ...(kindOf(o) === "photo" ? { image: { image_type: upload(o).mediaType } } : {}),
  ...(kindOf(o) === "video" ? { video: { video_type: upload(o).mediaType } } : {}),
});

/** A post's media as X's media object has it (media_key, type, alt_text). */
export type AttachedMedia = { media_key: string; type: string; alt_text?: string; duration_ms?: number };

// Sandbox Threads, media containers: what POST /{threads-user-id}/threads accepts for TEXT, IMAGE,
// VIDEO and CAROUSEL containers and their carousel items, with the rules and specifications of
// https://developers.facebook.com/docs/threads/posts (carousels of 2–20 items; images JPEG or PNG
// up to 8 MB; videos MOV or MP4 up to 1 GB and 300 s), alt text per
// https://developers.facebook.com/docs/threads/posts/accessibility, and the fetch of each file
// from its URL ("We will cURL your image using the URL provided"). Video problems show as the
// container's ERROR with the error_message values of
// https://developers.facebook.com/docs/threads/troubleshooting.
import twitter from "twitter-text";
import type { Kit } from "../kit.ts";
import type { MediaBlob, PlatformObject } from "../state.ts";
import { UploadDigest } from "../youtube/youtube-media.ts";

export const TEXT_LIMIT = 500;
const LINK_LIMIT = 5;
const MIN_CHILDREN = 2;
const MAX_CHILDREN = 20;
const MAX_IMAGE_BYTES = 8 * 1024 ** 2;
const MAX_VIDEO_BYTES = 1024 ** 3;
const MAX_VIDEO_SECONDS = 300;
/** "The maximum length of alt_text is 1,000 characters" (…/docs/threads/reference/publishing). */
const MAX_ALT_TEXT = 1000;

export type ThreadsMediaType = "TEXT" | "IMAGE" | "VIDEO" | "CAROUSEL";

/** A container's data in the sandbox state. */
export type ThreadsContainer = {
  mediaType: ThreadsMediaType;
  isCarouselItem?: boolean;
  text: string;
  replyTo?: string;
  altText?: string;
  children?: string[];
  durationSeconds?: number;
  /** set by threads_publish (for items: the carousel's publish): PUBLISHED from then on */
  mediaId?: string;
};

/** Why a request is refused, in Meta's error envelope (the route renders it). */
export type Refusal = { refusal: { code: number; subcode?: number; message: string; title?: string; userMsg?: string } };
const refuse = (message: string, extra: Partial<Refusal["refusal"]> = {}): Refusal => ({ refusal: { code: 100, message, ...extra } });
export const isRefusal = (x: unknown): x is Refusal => typeof x === "object" && x !== null && "refusal" in x;

export type ContainerPlan = { data: ThreadsContainer; media?: MediaBlob; failure?: string };

/** The troubleshooting page's error_message values a container in ERROR can carry. */
const documentedFailures = new Set([
  "FAILED_DOWNLOADING_VIDEO",
  "FAILED_PROCESSING_AUDIO",
  "FAILED_PROCESSING_VIDEO",
  "INVALID_ASPEC_RATIO",
  "INVALID_BIT_RATE",
  "INVALID_DURATION",
  "INVALID_FRAME_RATE",
  "INVALID_AUDIO_CHANNELS",
  "INVALID_AUDIO_CHANNEL_LAYOUT",
  "UNKNOWN",
]);

/** A container's error_message: its documented failure, or the one its media type fails with otherwise. */
export function errorMessageOf(o: PlatformObject): string {
  if (o.failure && documentedFailures.has(o.failure)) return o.failure;
  return (o.data as ThreadsContainer).mediaType === "VIDEO" ? "FAILED_PROCESSING_VIDEO" : "UNKNOWN";
}

const JPEG = "ffd8ff";
const PNG = "89504e470d0a1a0a";
const FTYP = Buffer.from("ftyp").toString("hex");

function textRefusal(text: string): Refusal | undefined {
  if ([...text].length > TEXT_LIMIT) return refuse(`Param text must be at most ${TEXT_LIMIT} characters long.`);
  if (twitter.extractUrls(text).length > LINK_LIMIT)
    return refuse("THREADS_API__LINK_LIMIT_EXCEEDED", { title: "Too many links", userMsg: `A post can contain at most ${LINK_LIMIT} links.` });
  return undefined;
}

/** Threads fetches the image while answering; a file it cannot use is refused then. */
async function fetchImage(kit: Kit, url: string): Promise<MediaBlob | Refusal> {
  const blob = await kit.fetchMedia(url, MAX_IMAGE_BYTES + 1);
  if ("error" in blob) {
    if (blob.error.includes("larger")) return refuse("Param image_url: the image is larger than 8 MB (Threads image specifications)");
    return refuse("The media could not be fetched from this URI", { code: 9004, subcode: 2207052, userMsg: blob.error });
  }
  if (!blob.head?.startsWith(JPEG) && !blob.head?.startsWith(PNG))
    return refuse("Param image_url: the image must be a JPEG or PNG (Threads image specifications)");
  return blob;
}

/** The video as Threads' processing sees it: fetched, probed for its container and duration. */
async function fetchVideo(kit: Kit, url: string): Promise<{ media?: MediaBlob; durationSeconds?: number; failure?: string }> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  } catch {
    return { failure: "FAILED_DOWNLOADING_VIDEO" };
  }
  if (!res.ok || !res.body) return { failure: "FAILED_DOWNLOADING_VIDEO" };
  const file = kit.state.media.writer();
  const digest = new UploadDigest(file);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    digest.append(chunk);
    if (digest.size > MAX_VIDEO_BYTES) {
      file.abort();
      return { failure: "FAILED_PROCESSING_VIDEO" };
    }
  }
  const { blob, facts } = digest.finish(res.headers.get("content-type") ?? "application/octet-stream");
  if (blob.size === 0) return { failure: "FAILED_DOWNLOADING_VIDEO" };
  if (blob.head?.slice(8, 16) !== FTYP || !facts) return { media: blob, failure: "FAILED_PROCESSING_VIDEO" };
  // "Duration: 300 seconds (5 minutes) maximum, minimum longer than 0 seconds."
  if (!(facts.durationSeconds > 0) || facts.durationSeconds > MAX_VIDEO_SECONDS)
    return { media: blob, durationSeconds: facts.durationSeconds, failure: "INVALID_DURATION" };
  return { media: blob, durationSeconds: facts.durationSeconds };
}

/** An item container of this profile, with its status, for a carousel's `children`. */
export type ChildLookup = (id: string) => { data: ThreadsContainer; status: string } | undefined;

function childrenRefusal(children: string[], child: ChildLookup): Refusal | undefined {
  // "Carousels must have at least 2 and no more than 20 total images, videos, or a mix of the two."
  if (children.length < MIN_CHILDREN || children.length > MAX_CHILDREN)
    return refuse(
      `Param children must list at least ${MIN_CHILDREN} and no more than ${MAX_CHILDREN} images, videos, or a mix of the two (got ${children.length}).`,
    );
  if (new Set(children).size !== children.length) return refuse("Param children lists an item container more than once.");
  for (const id of children) {
    const c = child(id);
    if (!c || !c.data.isCarouselItem) return refuse(`Param children: ${id} is not a carousel item container of this user.`);
    // An item is used once processed: Threads' pages say nothing either way, so the sandbox holds
    // to the stricter reading (Instagram's container model; clients of the real API wait for it).
    if (c.status === "IN_PROGRESS")
      return refuse("Media ID is not available", {
        code: 9007,
        subcode: 2207027,
        title: "Media not ready",
        userMsg: `Carousel item ${id} is still being processed.`,
      });
    if (c.status !== "FINISHED") return refuse(`Param children: carousel item ${id} cannot be used (${c.status}).`);
  }
  return undefined;
}

/** Validates a container request as Threads does; the answer is a refusal or the container to create. */
export async function planContainer(kit: Kit, f: Record<string, string>, child: ChildLookup): Promise<ContainerPlan | Refusal> {
  const isCarouselItem = f.is_carousel_item === "true";
  // The posts page's own carousel-item example sends image_url and is_carousel_item without media_type.
  const mediaType = (f.media_type ?? (isCarouselItem ? (f.video_url ? "VIDEO" : "IMAGE") : "")).toUpperCase();
  if (!["TEXT", "IMAGE", "VIDEO", "CAROUSEL"].includes(mediaType)) return refuse("Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}");
  if (isCarouselItem && mediaType !== "IMAGE" && mediaType !== "VIDEO") return refuse("Carousel items must be IMAGE or VIDEO");
  if (f.alt_text !== undefined) {
    // "This feature isn't available for text-only posts": images, videos and carousel items only.
    if (mediaType === "TEXT" || mediaType === "CAROUSEL") return refuse("Param alt_text is available for IMAGE and VIDEO media only");
    if ([...f.alt_text].length > MAX_ALT_TEXT) return refuse(`Param alt_text must be at most ${MAX_ALT_TEXT} characters long.`);
  }
  // An item's text is not shown: the carousel container carries the post's text.
  const text = isCarouselItem ? "" : (f.text ?? "");
  const textProblem = textRefusal(text);
  if (textProblem) return textProblem;
  const base: ThreadsContainer = { mediaType: mediaType as ThreadsMediaType, text, ...(isCarouselItem ? { isCarouselItem } : {}) };
  switch (mediaType) {
    case "TEXT":
      return text.trim() === "" ? refuse("Param text is required for TEXT posts") : { data: base };
    case "CAROUSEL": {
      const children = (f.children ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const problem = childrenRefusal(children, child);
      return problem ?? { data: { ...base, children } };
    }
    case "IMAGE": {
      if (!f.image_url) return refuse("Param image_url is required for media_type=IMAGE");
      const media = await fetchImage(kit, f.image_url);
      return isRefusal(media) ? media : { data: { ...base, altText: f.alt_text }, media };
    }
    default: {
      if (!f.video_url) return refuse("Param video_url is required for media_type=VIDEO");
      const video = await fetchVideo(kit, f.video_url);
      return { data: { ...base, altText: f.alt_text, durationSeconds: video.durationSeconds }, media: video.media, failure: video.failure };
    }
  }
}

/** A `fields` value with one level of nesting ("id,children{id,media_type}"), or the first unknown name. */
export function parseFields(value: string | undefined, known: string[], fallback = ["id"]): { name: string; sub?: string[] }[] | { unknown: string } {
  const out: { name: string; sub?: string[] }[] = [];
  const re = /([a-z_]+)(?:\{([^}]*)\})?/g;
  for (const m of (value ?? "").replace(/\s/g, "").matchAll(re)) {
    if (!known.includes(m[1]!)) return { unknown: m[1]! };
    out.push({ name: m[1]!, ...(m[2] !== undefined ? { sub: m[2].split(",").filter(Boolean) } : {}) });
  }
  return out.length > 0 ? out : fallback.map((name) => ({ name }));
}

// Sandbox Instagram, part two: Meta's error envelope, and what POST /{ig-user-id}/media accepts:
// which parameters make which container, caption rules, and the media Meta fetches from the URL
// (JPEG signature for images, an ISO-BMFF "ftyp" box for videos), each refusal with Meta's codes.
import { jsonAnswer, type Kit } from "../kit.ts";
import { randomToken, type MediaBlob } from "../state.ts";

export type ContainerKind = "IMAGE" | "CAROUSEL_ITEM" | "CAROUSEL" | "REELS" | "STORIES";

export type ContainerData = {
  kind: ContainerKind;
  mediaKind?: "image" | "video";
  caption?: string;
  altText?: string;
  shareToFeed?: boolean;
  children?: string[];
  /** set by media_publish: the container is PUBLISHED from then on */
  publishedMediaId?: string;
};

export type MetaError = {
  code: number;
  subcode?: number;
  message: string;
  userMsg?: string;
  status?: number;
  transient?: boolean;
  headers?: Record<string, string>;
};

export function metaError(e: MetaError): Response {
  const error = {
    message: e.message,
    type: "OAuthException",
    code: e.code,
    ...(e.subcode === undefined ? {} : { error_subcode: e.subcode }),
    ...(e.userMsg ? { error_user_title: e.message, error_user_msg: e.userMsg } : {}),
    is_transient: e.transient ?? false,
    fbtrace_id: randomToken(9),
  };
  return jsonAnswer({ error }, { status: e.status ?? 400, headers: e.headers });
}

/** A refusal carried as a value. (Not `instanceof Response`: the node server swaps the global Response class.) */
export type Refusal = { refusal: Response };
export const refuse = (refusal: Response): Refusal => ({ refusal });
export const isRefusal = (x: unknown): x is Refusal => typeof x === "object" && x !== null && "refusal" in x;

export const invalid = (message: string, subcode?: number) => metaError({ code: 100, subcode, message: `(#100) ${message}` });

export const notReady = () =>
  metaError({ code: 9007, subcode: 2207027, message: "Media ID is not available", userMsg: "The media is not ready for publishing, please wait for a moment" });

const MAX_CAPTION = 2200;
const MAX_HASHTAGS = 30;
const MAX_IMAGE_BYTES = 8 * 1024 ** 2;
const JPEG = "ffd8ff";
const FTYP = Buffer.from("ftyp").toString("hex");

type Child = { data: ContainerData; status: string };
type Plan = { data: ContainerData; media?: MediaBlob };

function captionError(caption: string | undefined): Response | undefined {
  if (caption === undefined) return undefined;
  if ([...caption].length > MAX_CAPTION)
    return metaError({ code: 36004, subcode: 2207010, message: "The caption is too long", userMsg: `Captions are limited to ${MAX_CAPTION} characters.` });
  if ((caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > MAX_HASHTAGS) {
    return metaError({
      code: 36004,
      subcode: 2207010,
      message: "The caption has too many hashtags",
      userMsg: `Captions are limited to ${MAX_HASHTAGS} hashtags.`,
    });
  }
  return undefined;
}

function kindOf(f: Record<string, string>): ContainerKind | Refusal {
  const mediaType = f.media_type?.toUpperCase();
  if (f.is_carousel_item === "true")
    return !mediaType || mediaType === "IMAGE" || mediaType === "VIDEO" ? "CAROUSEL_ITEM" : refuse(invalid("Carousel items must be IMAGE or VIDEO"));
  if (!mediaType || mediaType === "IMAGE") return "IMAGE";
  if (mediaType === "VIDEO") return refuse(invalid("The VIDEO media type is no longer supported for feed posts; use REELS"));
  if (mediaType === "CAROUSEL" || mediaType === "REELS" || mediaType === "STORIES") return mediaType;
  return refuse(invalid("Param media_type must be one of {IMAGE, VIDEO, REELS, STORIES, CAROUSEL}"));
}

function carouselError(children: string[], child: (id: string) => Child | undefined): Response | undefined {
  if (children.length < 2 || children.length > 10)
    return metaError({ code: 100, subcode: 2207028, message: "(#100) The carousel must have between 2 and 10 items" });
  for (const id of children) {
    const c = child(id);
    if (!c || c.data.kind !== "CAROUSEL_ITEM")
      return metaError({ code: 100, subcode: 2207028, message: `(#100) ${id} is not a carousel item container of this account` });
    if (c.status === "IN_PROGRESS") return notReady();
    if (c.status !== "FINISHED") return metaError({ code: 100, subcode: 2207028, message: `(#100) Carousel item ${id} cannot be used: ${c.status}` });
  }
  return undefined;
}

/** Meta downloads the media while answering; what it gets must be what the container needs. */
async function fetchChecked(kit: Kit, url: string, mediaKind: "image" | "video"): Promise<MediaBlob | Refusal> {
  const blob = await kit.fetchMedia(url);
  if ("error" in blob) {
    const subcode = mediaKind === "image" ? 2207052 : 2207077;
    return refuse(metaError({ code: 9004, subcode, message: "Media download has failed. The media URI doesn't meet our requirements.", userMsg: blob.error }));
  }
  if (mediaKind === "image") {
    if (!blob.head?.startsWith(JPEG))
      return refuse(metaError({ code: 36001, subcode: 2207005, message: "The image format is not supported", userMsg: "Only JPEG images can be published." }));
    if (blob.size > MAX_IMAGE_BYTES)
      return refuse(metaError({ code: 36000, subcode: 2207004, message: "The image is too large to download", userMsg: "Images are limited to 8 MB." }));
  } else if (blob.head?.slice(8, 16) !== FTYP) {
    return refuse(metaError({ code: 352, subcode: 2207026, message: "The video format is not supported", userMsg: "Videos must be MP4 or MOV files." }));
  }
  return blob;
}

function mediaKindOf(kind: ContainerKind, f: Record<string, string>): "image" | "video" {
  return kind === "REELS" || (kind === "CAROUSEL_ITEM" && f.media_type?.toUpperCase() === "VIDEO") || (kind === "STORIES" && f.video_url) ? "video" : "image";
}

function requestError(kind: ContainerKind, f: Record<string, string>): Response | undefined {
  if (kind === "STORIES" && f.caption !== undefined) return invalid("Param caption is not supported for STORIES media");
  if (kind === "STORIES" && f.image_url && f.video_url) return invalid("A story takes either image_url or video_url");
  if (f.share_to_feed !== undefined && (kind !== "REELS" || !["true", "false"].includes(f.share_to_feed)))
    return invalid("Param share_to_feed must be true or false, on REELS only");
  return undefined;
}

/** Validates a container request; the answer is Meta's error, or the container to create. */
export async function planContainer(kit: Kit, f: Record<string, string>, child: (id: string) => Child | undefined): Promise<Plan | Refusal> {
  const kind = kindOf(f);
  if (isRefusal(kind)) return kind;
  const caption = kind === "CAROUSEL_ITEM" ? undefined : f.caption;
  const refusal = requestError(kind, f) ?? captionError(caption);
  if (refusal) return refuse(refusal);
  if (kind === "CAROUSEL") {
    const children = (f.children ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const refused = carouselError(children, child);
    return refused ? refuse(refused) : { data: { kind, caption, children } };
  }
  const mediaKind = mediaKindOf(kind, f);
  const url = mediaKind === "video" ? f.video_url : f.image_url;
  if (!url) return refuse(invalid(`The parameter ${mediaKind === "video" ? "video_url" : "image_url"} is required`));
  if (f.alt_text !== undefined && (mediaKind !== "image" || kind === "STORIES")) return refuse(invalid("Param alt_text is supported for feed images only"));
  const media = await fetchChecked(kit, url, mediaKind);
  if (isRefusal(media)) return media;
  const data: ContainerData = { kind, mediaKind, caption, altText: f.alt_text, ...(kind === "REELS" ? { shareToFeed: f.share_to_feed !== "false" } : {}) };
  return { data, media };
}

// LinkedIn posts with media, in the three steps of MediaPostAdapter, and comments.
//   prepare: each item uploaded through its API — Images (initializeUpload → PUT), Videos
//            (initializeUpload with fileSizeBytes → PUT each 4 MB part, collecting its ETag →
//            finalizeUpload with the ETags in order) or Documents (initializeUpload → PUT);
//            nothing is public yet.
//   status:  GET /rest/{images|videos|documents}/{urn}: AVAILABLE, PROCESSING (or WAITING_UPLOAD)
//            or PROCESSING_FAILED.
//   publish: POST /rest/posts with content.media {id, altText | title} (one image, a video or a
//            document) or content.multiImage {images: [{id, altText}]} (2 to 20 images).
// Docs: learn.microsoft.com/linkedin/marketing/community-management/shares/ images-api, videos-api,
// documents-api, posts-api, multiimage-post-api, comments-api. All need only w_member_social
// ("Post, comment, and like posts on behalf of an authenticated member"), which the self-serve
// product Share on LinkedIn grants.
import { PlatformError, isPlatformError, reclassify } from "../errors.ts";
import { platformRequest } from "../http.ts";
import type { AccountContext, MediaSource, PostInput, PostMediaItem, PreparedPost, PublishedRef, Readiness } from "../types.ts";
import { authorUrn, createPost, escapeLittleText, mapLinkedInError, permalink, provider, rest } from "./linkedin-rest.ts";

/** Images in one multiImage post (multiimage-post-api: "minimum of 2 images and maximum of 20 images"). */
export const LINKEDIN_MAX_IMAGES = 20;

export type LinkedInMediaKind = PostMediaItem["kind"];
/** One uploaded item: its URN (urn:li:image:…, urn:li:video:…, urn:li:document:…) and what the post says of it. */
export type LinkedInPreparedMedia = { kind: LinkedInMediaKind; urn: string; altText?: string; title?: string };
/** PreparedPost of LinkedIn: the post's media in order (empty for a text post). */
export type LinkedInPrepared = { media: LinkedInPreparedMedia[] };

/** Why LinkedIn would refuse this set of media in one post, or undefined. */
export function linkedinMediaProblem(media: Pick<PostMediaItem, "kind">[]): string | undefined {
  const images = media.filter((m) => m.kind === "image").length;
  if (images !== media.length && media.length > 1) return "a LinkedIn post carries one video, one document, or images; never a mix";
  if (images > LINKEDIN_MAX_IMAGES) return `a LinkedIn post carries at most ${LINKEDIN_MAX_IMAGES} images`;
  return undefined;
}

/** PUT bytes to an upload URL LinkedIn handed out (its examples send the member's token too). */
function putBytes(ctx: AccountContext, url: string, bytes: Uint8Array) {
  return platformRequest({
    provider,
    method: "PUT",
    url,
    headers: { Authorization: `Bearer ${ctx.accessToken}`, "Content-Type": "application/octet-stream" },
    body: bytes,
    timeoutMs: 120_000,
    mapError: mapLinkedInError,
  });
}

type InitializeAnswer = { value: { uploadUrl: string; image?: string; document?: string } };
type VideoInitializeAnswer = {
  value: { video: string; uploadToken?: string; uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[] };
};

/** Images and documents: one initializeUpload, one PUT of the whole file. */
async function uploadWhole(ctx: AccountContext, kind: "image" | "document", source: MediaSource): Promise<string> {
  const init = await rest<InitializeAnswer>(ctx, "POST", `/rest/${kind}s?action=initializeUpload`, { initializeUploadRequest: { owner: authorUrn(ctx) } });
  const urn = init.body.value[kind];
  if (!urn || !init.body.value.uploadUrl) throw new PlatformError(provider, "invalid_request", `initializeUpload answered no ${kind} URN or upload URL`);
  await putBytes(ctx, init.body.value.uploadUrl, await source.readRange(0, source.size));
  return urn;
}

/** Videos: the parts LinkedIn asks for, each PUT with its byte range; finalizeUpload lists their ETags in order. */
async function uploadVideo(ctx: AccountContext, source: MediaSource): Promise<string> {
  const init = await rest<VideoInitializeAnswer>(ctx, "POST", "/rest/videos?action=initializeUpload", {
    initializeUploadRequest: { owner: authorUrn(ctx), fileSizeBytes: source.size, uploadCaptions: false, uploadThumbnail: false },
  });
  const { video, uploadToken, uploadInstructions } = init.body.value;
  const etags: string[] = [];
  for (const part of uploadInstructions) {
    const res = await putBytes(ctx, part.uploadUrl, await source.readRange(part.firstByte, part.lastByte + 1));
    const etag = res.headers.get("etag");
    if (!etag) throw new PlatformError(provider, "invalid_request", `the upload of bytes ${part.firstByte}–${part.lastByte} answered no ETag`);
    etags.push(etag);
  }
  await rest(ctx, "POST", "/rest/videos?action=finalizeUpload", { finalizeUploadRequest: { video, uploadToken: uploadToken ?? "", uploadedPartIds: etags } });
  return video;
}

export async function preparePost(ctx: AccountContext, input: PostInput): Promise<PreparedPost> {
  if (input.replyToId) throw new PlatformError(provider, "invalid_request", "LinkedIn has no threads: a post cannot reply to another post");
  const problem = linkedinMediaProblem(input.media);
  if (problem) throw new PlatformError(provider, "media_rejected", problem);
  const media: LinkedInPreparedMedia[] = [];
  try {
    for (const item of input.media) {
      const urn = item.kind === "video" ? await uploadVideo(ctx, item.source) : await uploadWhole(ctx, item.kind, item.source);
      media.push({
        kind: item.kind,
        urn,
        ...(item.kind === "image" && item.altText ? { altText: item.altText } : {}),
        ...(item.kind !== "image" && item.title ? { title: item.title } : {}),
      });
    }
  } catch (err) {
    // A refused upload (size, part arithmetic, owner) is the media's fault, not a malformed call.
    if (isPlatformError(err, "invalid_request")) throw reclassify(err, "media_rejected");
    throw err;
  }
  const prepared: LinkedInPrepared = { media };
  return prepared;
}

/** The prepared post as it was stored in the job's progress. */
function preparedOf(prepared: PreparedPost): LinkedInPrepared {
  const media = (prepared as Partial<LinkedInPrepared>).media;
  const ok =
    Array.isArray(media) &&
    media.every((m) => m && ["image", "video", "document"].includes(m.kind) && typeof m.urn === "string" && m.urn.startsWith("urn:li:"));
  if (!ok) throw new PlatformError(provider, "invalid_request", "not a prepared LinkedIn post");
  return { media };
}

type AssetAnswer = { id: string; status: "WAITING_UPLOAD" | "PROCESSING" | "AVAILABLE" | "PROCESSING_FAILED"; processingFailureReason?: string };

export async function preparedStatus(ctx: AccountContext, prepared: PreparedPost): Promise<Readiness> {
  let waiting = false;
  for (const m of preparedOf(prepared).media) {
    const res = await rest<AssetAnswer>(ctx, "GET", `/rest/${m.kind}s/${encodeURIComponent(m.urn)}`);
    const { status, processingFailureReason } = res.body;
    if (status === "PROCESSING_FAILED") {
      return { state: "failed", reason: `LinkedIn could not process the ${m.kind} ${m.urn}${processingFailureReason ? `: ${processingFailureReason}` : ""}` };
    }
    if (status !== "AVAILABLE") waiting = true;
  }
  return waiting ? { state: "processing" } : { state: "ready" };
}

/** The post's content field: one media item, several images, or none. */
function contentOf(media: LinkedInPreparedMedia[]): Record<string, unknown> | undefined {
  const ref = (m: LinkedInPreparedMedia) => ({ id: m.urn, ...(m.altText ? { altText: m.altText } : {}), ...(m.title ? { title: m.title } : {}) });
  if (media.length === 0) return undefined;
  if (media.length === 1) return { media: ref(media[0]!) };
  return { multiImage: { images: media.map(ref) } };
}

export async function publishPrepared(ctx: AccountContext, prepared: PreparedPost, input: { text: string; replyToId?: string }): Promise<PublishedRef> {
  if (input.replyToId) throw new PlatformError(provider, "invalid_request", "LinkedIn has no threads: a post cannot reply to another post");
  const content = contentOf(preparedOf(prepared).media);
  const urn = await createPost(ctx, { commentary: escapeLittleText(input.text), ...(content ? { content } : {}), isReshareDisabledByAuthor: false });
  return { id: urn, permalink: permalink(urn) };
}

type CommentAnswer = { id?: string; commentUrn?: string; $URN?: string };

/** POST /rest/socialActions/{post urn}/comments: the member's comment (plain text, not little text). */
export async function comment(ctx: AccountContext, input: { postId: string; text: string }): Promise<{ id: string }> {
  const res = await rest<CommentAnswer>(ctx, "POST", `/rest/socialActions/${encodeURIComponent(input.postId)}/comments`, {
    actor: authorUrn(ctx),
    object: input.postId,
    message: { text: input.text },
  });
  const id = res.body?.commentUrn ?? res.body?.$URN ?? res.headers.get("x-restli-id");
  // Created, but without its id we cannot name the comment.
  if (!id) throw new PlatformError(provider, "unknown_outcome", `the comment answered ${res.status} without its id`, { status: res.status });
  return { id };
}

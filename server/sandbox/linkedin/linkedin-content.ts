// Sandbox LinkedIn: the media content of a post (POST /rest/posts), checked as the Posts API
// documents it. content.media {id, altText?, title?} names one image, video or document;
// content.multiImage {images: [{id, altText?}]} 2 to 20 images. Every asset must be AVAILABLE and
// owned by the post's author.
//   https://learn.microsoft.com/linkedin/marketing/community-management/shares/posts-api
//   https://learn.microsoft.com/linkedin/marketing/community-management/shares/multiimage-post-api
import type { MediaBlob, SandboxState } from "../state.ts";
import { assetOf, assetOwner, assetStatus, type AssetKind } from "./linkedin-media.ts";
import { inputError } from "./linkedin-shared.ts";

/** posts-api, Media: "altText … Maximum length is 4086 characters". */
export const ALT_TEXT_MAX = 4086;
export const MULTI_IMAGE_MIN = 2;
export const MULTI_IMAGE_MAX = 20;

type MediaRef = { id: string; altText?: string; title?: string };
/** The content as stored and as GET /rest/posts answers it. */
export type PostContent = { media: MediaRef } | { multiImage: { images: MediaRef[] } };
export type CheckedContent = { content: PostContent; media: (MediaBlob & { type: string })[] };

const invalid = (field: string, message: string) => inputError("INVALID_VALUE", field, `ERROR :: /${field} :: ${message}`);

/** One media reference checked: its URN names a usable asset of the author. */
function checkRef(
  state: SandboxState,
  author: string,
  ref: unknown,
  field: string,
  kinds: readonly AssetKind[],
): { ref: MediaRef; blob: MediaBlob & { type: string } } | { problem: Response } {
  const r = (typeof ref === "object" && ref ? ref : {}) as Record<string, unknown>;
  if (typeof r.id !== "string") return { problem: inputError("FIELD_REQUIRED", `${field}/id`, `ERROR :: /${field}/id :: field is required but not found`) };
  for (const key of ["altText", "title"] as const) {
    if (r[key] !== undefined && typeof r[key] !== "string") return { problem: invalid(`${field}/${key}`, "must be a string") };
  }
  const altText = r.altText as string | undefined;
  if (altText !== undefined && altText.length > ALT_TEXT_MAX) {
    return {
      problem: inputError("FIELD_LENGTH_TOO_LONG", `${field}/altText`, `ERROR :: /${field}/altText :: length ${altText.length} exceeds ${ALT_TEXT_MAX}`),
    };
  }
  const asset = assetOf(state, r.id, kinds);
  if (!asset) return { problem: invalid(`${field}/id`, `${r.id} is not the URN of an existing ${kinds.join(" or ")}`) };
  if (assetOwner(asset) !== author) return { problem: invalid(`${field}/id`, `${r.id} is not owned by the author ${author}`) };
  const status = assetStatus(state, asset);
  if (status !== "AVAILABLE") return { problem: invalid(`${field}/id`, `${r.id} is ${status}, not AVAILABLE`) };
  const out: MediaRef = { id: r.id, ...(altText !== undefined ? { altText } : {}), ...(typeof r.title === "string" ? { title: r.title } : {}) };
  return { ref: out, blob: { ...(asset.media ?? { size: 0, sha256: "" }), type: asset.type } };
}

/** A post's content checked, or LinkedIn's refusal. */
export function checkContent(state: SandboxState, author: string, content: unknown): CheckedContent | { problem: Response } {
  const c = (typeof content === "object" && content ? content : {}) as Record<string, unknown>;
  const keys = Object.keys(c);
  if (keys.length !== 1 || !["media", "multiImage"].includes(keys[0]!)) {
    return { problem: invalid("content", "the sandbox simulates content.media and content.multiImage (no article, poll or other content)") };
  }
  if (c.media !== undefined) {
    const checked = checkRef(state, author, c.media, "content/media", ["image", "video", "document"]);
    if ("problem" in checked) return checked;
    return { content: { media: checked.ref }, media: [checked.blob] };
  }
  const images = (c.multiImage as { images?: unknown } | null)?.images;
  if (!Array.isArray(images))
    return { problem: inputError("FIELD_REQUIRED", "content/multiImage/images", "ERROR :: /content/multiImage/images :: field is required") };
  if (images.length < MULTI_IMAGE_MIN || images.length > MULTI_IMAGE_MAX) {
    return { problem: invalid("content/multiImage/images", `a multiImage post has ${MULTI_IMAGE_MIN} to ${MULTI_IMAGE_MAX} images, not ${images.length}`) };
  }
  const refs: MediaRef[] = [];
  const blobs: (MediaBlob & { type: string })[] = [];
  for (const [i, image] of images.entries()) {
    const checked = checkRef(state, author, image, `content/multiImage/images/${i}`, ["image"]);
    if ("problem" in checked) return checked;
    refs.push(checked.ref);
    blobs.push(checked.blob);
  }
  return { content: { multiImage: { images: refs } }, media: blobs };
}

// Blob uploads (com.atproto.repo.uploadBlob). A blob is kept by the PDS only once a record
// references it, so an upload whose post is never made costs nothing. The reference is kept in
// its JSON form ({$type: "blob", ref: {$link}, mimeType, size}): a prepared post is stored as JSON
// in the job's progress, and the record is sent as JSON.
import type { Agent } from "@atproto/api";
import { PlatformError } from "../errors.ts";
import { provider, xrpc } from "./bluesky-errors.ts";
import type { MediaSource } from "../types.ts";
import type { FittedImage } from "./bluesky-image.ts";

export type BlobJson = { $type: "blob"; ref: { $link: string }; mimeType: string; size: number };

function blobJson(blob: unknown): BlobJson {
  const b = blob as { ref?: unknown; mimeType?: unknown; size?: unknown };
  const json = JSON.parse(JSON.stringify(blob)) as Partial<BlobJson>;
  const link = json.ref && typeof json.ref.$link === "string" ? json.ref.$link : b.ref ? String(b.ref) : undefined;
  if (!link || typeof b.mimeType !== "string" || typeof b.size !== "number")
    throw new PlatformError(provider, "unknown_outcome", "uploadBlob answered no blob reference");
  return { $type: "blob", ref: { $link: link }, mimeType: b.mimeType, size: b.size };
}

export async function uploadImage(agent: Agent, image: FittedImage): Promise<{ blob: BlobJson }> {
  const res = await xrpc("com.atproto.repo.uploadBlob", () => agent.com.atproto.repo.uploadBlob(image.bytes, { encoding: image.mimeType }));
  return { blob: blobJson(res.data.blob) };
}

/** How much of a video is read from storage at a time: the upload streams, never holding 100 MB. */
const VIDEO_CHUNK_BYTES = 8 * 1024 * 1024;

async function* chunksOf(source: MediaSource): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < source.size; start += VIDEO_CHUNK_BYTES) yield await source.readRange(start, Math.min(source.size, start + VIDEO_CHUNK_BYTES));
}

/**
 * A video as one blob on the account's PDS (the "simple method" of docs.bsky.app/docs/tutorials/video):
 * its bytes streamed from storage in chunks as the request body. The PDS names the blob's type
 * from its bytes, so what it answers is checked: anything but MP4 is refused before a post names it.
 */
export async function uploadVideo(agent: Agent, source: MediaSource): Promise<{ blob: BlobJson }> {
  // An OAuth session's client retries a request the PDS answers "use_dpop_nonce", which a
  // streamed body cannot be: a small call first gives it the PDS's current nonce.
  await xrpc("com.atproto.server.getSession", () => agent.com.atproto.server.getSession());
  const res = await xrpc("com.atproto.repo.uploadBlob", () => agent.com.atproto.repo.uploadBlob(chunksOf(source) as never, { encoding: source.mimeType }));
  const blob = blobJson(res.data.blob);
  if (blob.mimeType !== "video/mp4")
    throw new PlatformError(provider, "media_rejected", `Bluesky takes MP4 videos; the server read this file as ${blob.mimeType}`);
  if (blob.size !== source.size) throw new PlatformError(provider, "unknown_outcome", `The server stored ${blob.size} bytes of a ${source.size}-byte video`);
  return { blob };
}

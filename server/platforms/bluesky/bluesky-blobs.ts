// Blob uploads (com.atproto.repo.uploadBlob). A blob is kept by the PDS only once a record
// references it, so an upload whose post is never made costs nothing. The reference is kept in
// its JSON form ({$type: "blob", ref: {$link}, mimeType, size}): a prepared post is stored as JSON
// in the job's progress, and the record is sent as JSON.
import type { Agent } from "@atproto/api";
import { PlatformError } from "../errors.ts";
import { provider, xrpc } from "./bluesky-errors.ts";
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

// A confirmed media item as a platform adapter consumes it: a signed GET URL (Meta platforms
// fetch it) and byte ranges (chunked uploads). Gone or never confirmed: MEDIA_UNAVAILABLE.
import { sql, type MediaItem } from "../../../db.ts";
import { storage } from "../../../storage/index.ts";
import type { MediaSource } from "../../../platforms/types.ts";
import { JobFailure } from "../job-codes.ts";

const URL_SECONDS = 6 * 3600; // long enough for a platform's slow fetch

/** The columns a media source needs (the claim of a run reads them with the job). */
export type StoredMedia = Pick<MediaItem, "id" | "storageKey" | "mimeType" | "durationSeconds" | "width" | "height"> & { fileSize: number | bigint };

/** SQL for those columns of `MediaItem` row `m`, as one JSON object. */
export const STORED_MEDIA_JSON = `jsonb_build_object('id', m.id, 'storageKey', m."storageKey", 'mimeType', m."mimeType", 'fileSize', m."fileSize",
  'durationSeconds', m."durationSeconds", 'width', m.width, 'height', m.height)`;

export async function mediaSource(workspaceId: string, mediaId: string): Promise<MediaSource> {
  const [item] = await sql<StoredMedia>("media-confirmed", `SELECT * FROM "MediaItem" WHERE id = $1 AND "workspaceId" = $2 AND status = 'CONFIRMED'`, [
    mediaId,
    workspaceId,
  ]);
  if (!item) throw new JobFailure("MEDIA_UNAVAILABLE", `Media ${mediaId} is no longer in the library`);
  return sourceOf(item);
}

export async function sourceOf(item: StoredMedia): Promise<MediaSource> {
  const store = await storage();
  if (!(await store.exists(item.storageKey))) throw new JobFailure("MEDIA_UNAVAILABLE", `The stored file of media ${item.id} is missing`);
  return {
    url: await store.presignDownload(item.storageKey, { expiresInSeconds: URL_SECONDS, contentType: item.mimeType }),
    size: Number(item.fileSize),
    mimeType: item.mimeType,
    durationSeconds: item.durationSeconds,
    width: item.width,
    height: item.height,
    readRange: (start, end) => store.readRange(item.storageKey, start, end),
  };
}

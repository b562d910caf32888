// A confirmed media item as a platform adapter consumes it: a signed GET URL (Meta platforms
// fetch it) and byte ranges (chunked uploads). Gone or never confirmed: MEDIA_UNAVAILABLE.
import { sql, type MediaItem } from "../../../db.ts";
import { storage } from "../../../storage/index.ts";
import type { MediaSource } from "../../../platforms/types.ts";
import { JobFailure } from "../job-codes.ts";

const URL_SECONDS = 6 * 3600; // long enough for a platform's slow fetch

export async function mediaSource(workspaceId: string, mediaId: string): Promise<MediaSource> {
  const [item] = await sql<MediaItem>("media-confirmed", `SELECT * FROM "MediaItem" WHERE id = $1 AND "workspaceId" = $2 AND status = 'CONFIRMED'`, [mediaId, workspaceId]);
  if (!item) throw new JobFailure("MEDIA_UNAVAILABLE", `Media ${mediaId} is no longer in the library`);
  const store = await storage();
  const info = await store.head(item.storageKey);
  if (!info) throw new JobFailure("MEDIA_UNAVAILABLE", `The stored file of media ${mediaId} is missing`);
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

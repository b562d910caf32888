import type { MediaItem } from "../../db.ts";
import { storage } from "../../storage/index.ts";

export const DOWNLOAD_URL_SECONDS = 3600;

export async function presentMedia(item: MediaItem) {
  const url = await (await storage()).presignDownload(item.storageKey, { expiresInSeconds: DOWNLOAD_URL_SECONDS, contentType: item.mimeType });
  return {
    mediaId: item.id,
    mediaType: item.mediaType,
    fileName: item.fileName,
    mimeType: item.mimeType as "video/mp4" | "video/quicktime" | "image/jpeg",
    fileSize: Number(item.fileSize),
    url,
    ...(item.durationSeconds !== null ? { durationSeconds: item.durationSeconds } : {}),
    ...(item.width !== null ? { width: item.width } : {}),
    ...(item.height !== null ? { height: item.height } : {}),
    createdAt: item.createdAt.toISOString(),
  };
}

// The check every library item passes before it is confirmed, whether uploaded by a client or
// imported from a URL: the stored object has the expected size and content type, its bytes are
// what the type says (file signature), and its duration and dimensions are measured.
import type { ObjectInfo, StorageDriver } from "../../storage/storage.ts";
import { MediaInvalid, probeJpeg, probeVideo, type Probe } from "./probe-media.ts";

export type Expected = { storageKey: string; fileSize: number; mimeType: string; mediaType: "IMAGE" | "VIDEO" };

/** The object's info and measurements; null when no object is stored; MediaInvalid when it is not what was expected. */
export async function verifyStoredMedia(store: StorageDriver, expected: Expected): Promise<{ info: ObjectInfo; probe: Probe } | null> {
  const info = await store.head(expected.storageKey);
  if (!info) return null;
  if (info.size !== expected.fileSize) throw new MediaInvalid(`The stored file has ${info.size} bytes; ${expected.fileSize} were reserved`, "size");
  if (info.contentType !== expected.mimeType) {
    throw new MediaInvalid(`The stored file's type is ${info.contentType ?? "unknown"}; ${expected.mimeType} was reserved`, "content_type");
  }
  const probe =
    expected.mediaType === "IMAGE"
      ? await probeJpeg(await store.readRange(expected.storageKey, 0, expected.fileSize))
      : await probeVideo((start, end) => store.readRange(expected.storageKey, start, end), expected.fileSize);
  return { info, probe };
}

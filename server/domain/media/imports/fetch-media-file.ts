// Fetches an import's URL into a local file, SSRF-safe (the carousel URL fetcher's openUrl), and
// bounded while it streams: the file's kind is read from its first bytes (never from the
// server's Content-Type), and the download stops as soon as it passes that kind's size limit.
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { openUrl, UrlFetchError, UrlRefusedError } from "../../../carousel/source/safe-fetch.ts";
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from "../media.schema.ts";
import { hasFtypSignature, hasJpegSignature } from "../probe-media.ts";

export type FileKind = "jpeg" | "png" | "webp" | "mp4" | "quicktime";
export type ImportFailureCode = "URL_REFUSED" | "FETCH_FAILED" | "TOO_LARGE" | "UNSUPPORTED_MEDIA" | "INVALID_MEDIA" | "STORAGE_QUOTA_EXCEEDED";

/** An import that cannot succeed as asked: it fails with this code, and is not retried. */
export class ImportRefused extends Error {
  constructor(
    readonly code: ImportFailureCode,
    message: string,
  ) {
    super(message);
    this.name = "ImportRefused";
  }
}

const HEAD_BYTES = 16;
/** waiting for the response's headers, and for each next chunk of its body */
const HEADERS_TIMEOUT_MS = 15_000;
const IDLE_TIMEOUT_MS = 30_000;

export const isImageKind = (kind: FileKind) => kind === "jpeg" || kind === "png" || kind === "webp";

export function sniffKind(head: Uint8Array): FileKind | null {
  if (hasJpegSignature(head)) return "jpeg";
  if (Buffer.from(head.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  const text = Buffer.from(head).toString("latin1");
  if (text.startsWith("RIFF") && text.slice(8, 12) === "WEBP") return "webp";
  if (hasFtypSignature(head)) return text.slice(8, 12) === "qt  " ? "quicktime" : "mp4";
  return null;
}

const limitOf = (kind: FileKind) => (isImageKind(kind) ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES);
const limitText = (kind: FileKind) => (isImageKind(kind) ? "Images are limited to 8 MiB" : "Videos are limited to 2 GiB");

/** Streams `url` into `file`; answers the kind and size, or throws ImportRefused. */
export async function fetchMediaFile(url: string, file: string, expected: "IMAGE" | "VIDEO" | null): Promise<{ kind: FileKind; size: number }> {
  let response;
  try {
    ({ response } = await openUrl(url, {
      timeoutMs: HEADERS_TIMEOUT_MS,
      maxRedirects: 5,
      accept: "image/jpeg,image/png,image/webp,video/mp4,video/quicktime;q=0.9,*/*;q=0.1",
    }));
  } catch (err) {
    if (err instanceof UrlRefusedError) throw new ImportRefused("URL_REFUSED", `The URL ${err.message}`);
    if (err instanceof UrlFetchError) throw new ImportRefused("FETCH_FAILED", `Fetching the URL failed: ${err.message}`);
    throw err;
  }
  const declared = Number(response.headers["content-length"] ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_VIDEO_BYTES) {
    response.destroy();
    throw new ImportRefused("TOO_LARGE", `The file is ${declared} bytes; videos are limited to 2 GiB and images to 8 MiB`);
  }
  response.setTimeout(IDLE_TIMEOUT_MS, () => response.destroy(new UrlFetchError(`no data for ${IDLE_TIMEOUT_MS / 1000} s`)));

  let head = Buffer.alloc(0);
  let kind: FileKind | null = null;
  let size = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (!kind) {
        head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
        if (head.length < HEAD_BYTES && size < HEAD_BYTES) return done(null, chunk);
        kind = sniffKind(head);
        if (!kind) return done(new ImportRefused("UNSUPPORTED_MEDIA", "The file is not a JPEG, PNG or WebP image or an MP4 or QuickTime video"));
        const type = isImageKind(kind) ? "IMAGE" : "VIDEO";
        if (expected && expected !== type)
          return done(
            new ImportRefused(
              "UNSUPPORTED_MEDIA",
              `The file is ${kind === "quicktime" ? "a QuickTime video" : `a ${kind.toUpperCase()} ${type === "IMAGE" ? "image" : "video"}`}, not ${expected === "IMAGE" ? "an image" : "a video"} as mediaType says`,
            ),
          );
        if (Number.isFinite(declared) && declared > limitOf(kind))
          return done(new ImportRefused("TOO_LARGE", `The file is ${declared} bytes. ${limitText(kind)}`));
      }
      if (size > limitOf(kind)) return done(new ImportRefused("TOO_LARGE", `The file is larger than ${limitOf(kind)} bytes. ${limitText(kind)}`));
      done(null, chunk);
    },
  });
  try {
    await pipeline(response, guard, fs.createWriteStream(file));
  } catch (err) {
    if (err instanceof ImportRefused) throw err;
    throw new ImportRefused("FETCH_FAILED", `Fetching the URL failed: ${(err as Error).message}`);
  }
  if (size === 0) throw new ImportRefused("UNSUPPORTED_MEDIA", "The URL answered an empty file");
  kind ??= sniffKind(head);
  if (!kind) throw new ImportRefused("UNSUPPORTED_MEDIA", "The file is not a JPEG, PNG or WebP image or an MP4 or QuickTime video");
  return { kind, size };
}

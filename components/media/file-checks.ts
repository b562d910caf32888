// What the library takes, decided in the browser before anything is reserved, with a sentence for
// each refused file. The API takes MP4/QuickTime videos and JPEG images only (SPEC.md: every
// platform accepts JPEG); PNG, WebP and HEIC photos are converted to JPEG here first.
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from "@/server/domain/media/media.schema";
import { formatBytes } from "./upload-file";

export type FileVerdict = { ok: true; kind: "video" | "jpeg" } | { ok: true; kind: "convert"; from: "png" | "webp" | "heic" } | { ok: false; reason: string };

type FileLike = { name: string; type: string; size: number };

/** Converting decodes the whole picture in memory: larger sources than this are refused. */
export const MAX_CONVERT_SOURCE_BYTES = 50 * 1024 * 1024;

export const ACCEPTED_SUMMARY = "MP4 or QuickTime videos up to 2 GB · JPEG images up to 8 MB; PNG, WebP and HEIC photos are converted to JPEG";
const WHAT_WE_TAKE =
  "The library takes MP4 or QuickTime (.mov) videos and JPEG images; PNG, WebP and HEIC photos are converted to JPEG in your browser, because JPEG is the one image format every platform accepts.";

const ext = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";

function describe(file: FileLike): string {
  const e = ext(file.name);
  if (file.type.startsWith("text/") || ["txt", "md", "csv", "rtf"].includes(e)) return "a text file";
  if (file.type === "application/pdf" || e === "pdf") return "a PDF document";
  if (file.type === "image/gif" || e === "gif") return "a GIF animation";
  if (file.type === "image/svg+xml" || e === "svg") return "an SVG drawing";
  if (file.type.startsWith("audio/")) return "an audio file";
  if (file.type.startsWith("video/") || ["webm", "avi", "mkv"].includes(e)) return `a ${e ? e.toUpperCase() : "video"} video, which the platforms do not take`;
  if (file.type.startsWith("image/")) return `a ${e ? e.toUpperCase() : "kind of"} image this browser cannot convert`;
  return e ? `a .${e} file` : "a file of unknown type";
}

export function checkFile(file: FileLike): FileVerdict {
  const e = ext(file.name);
  const quoted = `“${file.name}”`;
  if (file.size === 0) return { ok: false, reason: `${quoted} is empty (0 bytes). Choose the original file: it may not have finished downloading or syncing.` };

  let verdict: FileVerdict;
  if (file.type === "video/mp4" || file.type === "video/quicktime" || e === "mp4" || e === "mov") verdict = { ok: true, kind: "video" };
  else if (file.type === "image/jpeg" || e === "jpg" || e === "jpeg") verdict = { ok: true, kind: "jpeg" };
  else if (file.type === "image/png" || e === "png") verdict = { ok: true, kind: "convert", from: "png" };
  else if (file.type === "image/webp" || e === "webp") verdict = { ok: true, kind: "convert", from: "webp" };
  else if (file.type === "image/heic" || file.type === "image/heif" || e === "heic" || e === "heif") verdict = { ok: true, kind: "convert", from: "heic" };
  else return { ok: false, reason: `${quoted} is ${describe(file)}. ${WHAT_WE_TAKE}` };

  if (verdict.kind === "video" && file.size > MAX_VIDEO_BYTES)
    return { ok: false, reason: `${quoted} is ${formatBytes(file.size)}; videos can be up to 2 GB. Export it at a lower bitrate or trim it.` };
  if (verdict.kind === "jpeg" && file.size > MAX_IMAGE_BYTES)
    return {
      ok: false,
      reason: `${quoted} is ${formatBytes(file.size)}; images can be up to 8 MB, the largest JPEG Instagram and Facebook accept. Resize it or save it at a lower quality.`,
    };
  if (verdict.kind === "convert" && file.size > MAX_CONVERT_SOURCE_BYTES)
    return { ok: false, reason: `${quoted} is ${formatBytes(file.size)}; photos to convert can be up to 50 MB. Resize it first.` };
  return verdict;
}

/** After conversion: the JPEG must still fit the image limit. */
export function checkConverted(original: string, jpeg: { size: number }): string | null {
  return jpeg.size > MAX_IMAGE_BYTES
    ? `“${original}” is ${formatBytes(jpeg.size)} even as a JPEG; images can be up to 8 MB, the largest JPEG Instagram and Facebook accept. Resize it first.`
    : null;
}

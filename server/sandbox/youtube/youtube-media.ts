// What the YouTube sandbox learns from uploaded bytes as they arrive: a running sha256 and an
// ISO-BMFF (MP4/QuickTime) probe for duration and frame size, fed chunk by chunk so nothing is
// buffered; the Content-Range header of upload requests; and a streaming reader for the
// multipart/related bodies the official client sends.
import crypto from "node:crypto";
import { createFile, MP4BoxBuffer, type Movie } from "mp4box";
import type { MediaWriter } from "../media-store.ts";
import type { MediaBlob } from "../state.ts";

export type VideoFacts = { durationSeconds: number; width: number; height: number; codec: string; container: string };

/** Bytes of one upload in order: hash, size, first 16 bytes, and the container facts once the moov box has passed. */
export class UploadDigest {
  private readonly hash = crypto.createHash("sha256");
  private readonly file = createFile();
  private movie: Movie | undefined;
  private broken = false;
  private head = Buffer.alloc(0);
  size = 0;

  /** `keep`: where the bytes are kept (for the sandbox's post pages) */
  constructor(private readonly keep?: MediaWriter) {
    this.file.onReady = (info) => (this.movie = info);
    this.file.onError = () => (this.broken = true);
  }

  append(bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return;
    this.hash.update(bytes);
    this.keep?.write(bytes);
    if (this.head.length < 16) this.head = Buffer.concat([this.head, Buffer.from(bytes.subarray(0, 16 - this.head.length))]);
    if (!this.movie && !this.broken) {
      try {
        this.file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes.slice().buffer, this.size));
      } catch {
        this.broken = true;
      }
    }
    this.size += bytes.byteLength;
  }

  finish(contentType: string): { blob: MediaBlob; facts: VideoFacts | null } {
    if (!this.movie && !this.broken) this.file.flush();
    const sha256 = this.hash.digest("hex");
    this.keep?.finish(sha256);
    return { blob: { size: this.size, sha256, contentType, head: this.head.toString("hex") }, facts: factsOf(this.movie) };
  }
}

function factsOf(movie: Movie | undefined): VideoFacts | null {
  const track = movie?.videoTracks[0];
  if (!movie || !track || !movie.timescale) return null;
  const fourcc = track.codec.split(".")[0] ?? "";
  const codec = fourcc === "avc1" || fourcc === "avc3" ? "h264" : fourcc === "hvc1" || fourcc === "hev1" ? "hevc" : fourcc;
  return {
    durationSeconds: movie.duration / movie.timescale,
    width: track.video?.width ?? track.track_width,
    height: track.video?.height ?? track.track_height,
    codec,
    container: movie.brands.includes("qt  ") ? "mov" : "mp4",
  };
}

/** ISO 8601 duration as YouTube writes it (PT1M1S; P0D for nothing). */
export function isoDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s === 0) return "P0D";
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${rest ? `${rest}S` : ""}`;
}

export type ContentRange = { probe: true; total: number | null } | { probe: false; start: number; end: number; total: number | null };

// "bytes */total" (a probe, no body), "bytes a-b/total" (total may be *), or no header (the whole file
// at once); a string is the refusal.
export function contentRange(header: string | undefined, bodyLength: number): ContentRange | string {
  if (header === undefined) return bodyLength === 0 ? { probe: true, total: null } : { probe: false, start: 0, end: bodyLength - 1, total: bodyLength };
  const probe = /^bytes \*\/(\d+|\*)$/.exec(header.trim());
  if (probe) {
    if (bodyLength !== 0) return "Invalid request. A status request must not carry content.";
    return { probe: true, total: probe[1] === "*" ? null : Number(probe[1]) };
  }
  const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim());
  if (!chunk) return "Failed to parse Content-Range header.";
  const [start, end] = [Number(chunk[1]), Number(chunk[2])];
  if (end < start || end - start + 1 !== bodyLength) return `Invalid request. The Content-Range ${header} does not match the ${bodyLength} bytes sent.`;
  return { probe: false, start, end, total: chunk[3] === "*" ? null : Number(chunk[3]) };
}

export type MultipartMedia = { metadata: string; mediaType: string };

const CRLF2 = Buffer.from("\r\n\r\n");
const MAX_PREAMBLE = 1024 * 1024;

/**
 * Reads multipart/related (metadata part, then media part) without buffering the media:
 * `onMetadata` sees the JSON part and media type first and may refuse (its answer is returned);
 * the media bytes then stream into `digest`.
 */
export async function readMultipartRelated<R>(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  digest: UploadDigest,
  onMetadata: (parts: MultipartMedia) => R | undefined,
): Promise<{ refused: R } | { error: string } | { done: true }> {
  const opening = Buffer.from(`--${boundary}`);
  const closing = Buffer.from(`\r\n--${boundary}`);
  let pending = Buffer.alloc(0);
  let inMedia = false;
  for await (const chunk of body) {
    pending = Buffer.concat([pending, chunk]);
    if (!inMedia) {
      const parts = preamble(pending, opening, closing);
      if (parts === undefined) {
        if (pending.length > MAX_PREAMBLE) return { error: "Multipart metadata part is too large." };
        continue;
      }
      if ("error" in parts) return parts;
      const refused = onMetadata(parts);
      if (refused !== undefined) return { refused };
      pending = pending.subarray(parts.mediaStart);
      inMedia = true;
    }
    const end = pending.indexOf(closing);
    if (end >= 0) {
      digest.append(pending.subarray(0, end));
      return { done: true };
    }
    // Keep a tail that could be the start of the closing delimiter.
    const safe = Math.max(0, pending.length - closing.length + 1);
    digest.append(pending.subarray(0, safe));
    pending = Buffer.from(pending.subarray(safe));
  }
  return { error: "Multipart body ended before its closing boundary." };
}

/** The metadata part and the media part's headers, once both are complete in `buf`. */
function preamble(buf: Buffer, opening: Buffer, closing: Buffer): (MultipartMedia & { mediaStart: number }) | { error: string } | undefined {
  if (buf.length < opening.length) return undefined;
  if (!buf.subarray(0, opening.length).equals(opening)) return { error: "Multipart body does not start with its boundary." };
  const metaHeadersEnd = buf.indexOf(CRLF2, opening.length);
  if (metaHeadersEnd < 0) return undefined;
  const metaEnd = buf.indexOf(closing, metaHeadersEnd);
  if (metaEnd < 0) return undefined;
  const mediaHeadersStart = metaEnd + closing.length;
  const mediaHeadersEnd = buf.indexOf(CRLF2, mediaHeadersStart);
  if (mediaHeadersEnd < 0) return undefined;
  const metaType = headerValue(buf.subarray(opening.length, metaHeadersEnd).toString("latin1"), "content-type");
  if (!metaType.startsWith("application/json")) return { error: `The metadata part must be application/json, not '${metaType}'.` };
  return {
    metadata: buf.subarray(metaHeadersEnd + CRLF2.length, metaEnd).toString("utf8"),
    mediaType: headerValue(buf.subarray(mediaHeadersStart, mediaHeadersEnd).toString("latin1"), "content-type"),
    mediaStart: mediaHeadersEnd + CRLF2.length,
  };
}

function headerValue(block: string, name: string): string {
  const line = block.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line
    ? line
        .slice(name.length + 1)
        .trim()
        .toLowerCase()
    : "";
}

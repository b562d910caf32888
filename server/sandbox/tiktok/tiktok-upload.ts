// Sandbox TikTok's upload side: the chunk arithmetic TikTok enforces, reading one chunk, and the
// checks TikTok's processing runs on the video: MP4/QuickTime (or WebM), duration within the
// creator's limit, each side 360–4096 px. Chunks arrive separately, so the top-level boxes are
// followed as bytes stream in and only the moov box (the metadata) is kept.
import { bodyStream, type Ctx } from "../kit.ts";

const MB = 1024 * 1024;
const MAX_VIDEO = 4 * 1024 * MB;

/** Larger moov boxes are not kept (real ones are a few hundred KB even for long videos). */
const MAX_MOOV = 64 * 1024 * 1024;
const WEBM_MAGIC = "1a45dfa3";

/** TikTok's chunk rules; undefined when the arithmetic holds. */
export function chunkProblem(size: number, chunk: number, count: number): string | undefined {
  if (size > MAX_VIDEO) return "video_size exceeds 4 GB";
  if (size < 5 * MB) return chunk === size && count === 1 ? undefined : "a video under 5 MB is uploaded whole: chunk_size = video_size, total_chunk_count = 1";
  if (chunk < 5 * MB || chunk > 64 * MB) return "chunk_size must be between 5 MB and 64 MB";
  if (count !== Math.floor(size / chunk)) return "total_chunk_count must be floor(video_size / chunk_size)";
  if (count > 1000) return "at most 1000 chunks";
  if (size - (count - 1) * chunk > 128 * MB) return "the final chunk may not exceed 128 MB";
  return undefined;
}

/** The request body, or undefined past `limit` bytes. */
export async function readChunk(c: Ctx, limit: number): Promise<Buffer | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of bodyStream(c)) {
    size += part.byteLength;
    if (size > limit) return undefined;
    parts.push(Buffer.from(part));
  }
  return Buffer.concat(parts);
}

export class VideoScanner {
  /** top-level box types in file order */
  readonly boxes: string[] = [];
  moov: Buffer | undefined;
  broken = false;
  head = "";
  private header = Buffer.alloc(0);
  private remaining = 0;
  private capture: Buffer[] | undefined;

  push(chunk: Buffer): void {
    if (this.head.length < 8) this.head += chunk.subarray(0, 4 - this.head.length / 2).toString("hex");
    let i = 0;
    while (i < chunk.length && !this.broken) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, chunk.length - i);
        this.capture?.push(chunk.subarray(i, i + take));
        this.remaining -= take;
        i += take;
        if (this.remaining === 0) this.closeCapture();
        continue;
      }
      i += this.readHeader(chunk, i);
    }
  }

  /** Reads (part of) a box header at chunk[i]; returns the bytes consumed. */
  private readHeader(chunk: Buffer, i: number): number {
    const want = this.header.length >= 8 && this.header.readUInt32BE(0) === 1 ? 16 : 8;
    const take = Math.min(want - this.header.length, chunk.length - i);
    this.header = Buffer.concat([this.header, chunk.subarray(i, i + take)]);
    if (this.header.length < 8 || (this.header.readUInt32BE(0) === 1 && this.header.length < 16)) return take;
    const size32 = this.header.readUInt32BE(0);
    const headerLength = size32 === 1 ? 16 : 8;
    // size 0: the box runs to the end of the file
    const size = size32 === 1 ? Number(this.header.readBigUInt64BE(8)) : size32 === 0 ? Number.POSITIVE_INFINITY : size32;
    const type = this.header.toString("latin1", 4, 8);
    if (size < headerLength || !/^[\x20-\x7e]{4}$/.test(type)) {
      this.broken = true;
      return take;
    }
    this.boxes.push(type);
    this.remaining = size - headerLength;
    if (type === "moov" && size <= MAX_MOOV) this.capture = [this.header];
    this.header = Buffer.alloc(0);
    if (this.remaining === 0) this.closeCapture();
    return take;
  }

  private closeCapture() {
    if (!this.capture) return;
    this.moov = Buffer.concat(this.capture);
    this.capture = undefined;
  }
}

type Box = { type: string; start: number; end: number };

function children(buf: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  let p = start;
  while (p + 8 <= end) {
    const size32 = buf.readUInt32BE(p);
    const header = size32 === 1 ? 16 : 8;
    const size = size32 === 1 ? Number(buf.readBigUInt64BE(p + 8)) : size32 === 0 ? end - p : size32;
    if (size < header || p + size > end) break;
    out.push({ type: buf.toString("latin1", p + 4, p + 8), start: p + header, end: p + size });
    p += size;
  }
  return out;
}

export type MovieFacts = { durationSeconds: number | null; width: number | null; height: number | null };

/** Duration (mvhd) and the first visual track's size (tkhd) of a moov box. */
export function movieFacts(moov: Buffer): MovieFacts {
  const top = children(moov, 8, moov.length);
  const facts: MovieFacts = { durationSeconds: null, width: null, height: null };
  const mvhd = top.find((b) => b.type === "mvhd");
  if (mvhd && mvhd.end - mvhd.start >= 20) {
    const v1 = moov[mvhd.start] === 1;
    const timescale = moov.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
    const duration = v1 ? Number(moov.readBigUInt64BE(mvhd.start + 24)) : moov.readUInt32BE(mvhd.start + 16);
    if (timescale > 0) facts.durationSeconds = duration / timescale;
  }
  for (const trak of top.filter((b) => b.type === "trak")) {
    const tkhd = children(moov, trak.start, trak.end).find((b) => b.type === "tkhd");
    if (!tkhd) continue;
    const at = tkhd.start + (moov[tkhd.start] === 1 ? 88 : 76);
    if (at + 8 > tkhd.end) continue;
    const width = moov.readUInt32BE(at) >>> 16;
    const height = moov.readUInt32BE(at + 4) >>> 16;
    if (width > 0 && height > 0) return { ...facts, width, height };
  }
  return facts;
}

/** TikTok's fail_reason for a completed upload, or undefined when it passes. */
export function videoVerdict(scan: VideoScanner, maxDurationSeconds: number): string | undefined {
  if (scan.head.startsWith(WEBM_MAGIC)) return undefined;
  if (scan.broken || scan.boxes[0] !== "ftyp" || !scan.moov) return "file_format_check_failed";
  const facts = movieFacts(scan.moov);
  if (facts.durationSeconds === null || facts.durationSeconds > maxDurationSeconds) return "duration_check_failed";
  if (facts.width === null || facts.height === null) return "file_format_check_failed";
  const side = (n: number) => n >= 360 && n <= 4096;
  if (!side(facts.width) || !side(facts.height)) return "picture_size_check_failed";
  return undefined;
}

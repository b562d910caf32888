// What the stored bytes really are: the file signature (JPEG, or an ISO-BMFF `ftyp` box for
// MP4/QuickTime) and the measured duration and dimensions. MP4/QuickTime files are read box by
// box through mp4box's progressive parser, which asks only for the boxes it needs and skips
// the media data, so a 2 GiB file costs a few small reads wherever its `moov` box sits.
import { createFile, type Movie } from "mp4box";
import sharp, { type Metadata } from "sharp";

export type ReadRange = (start: number, end: number) => Promise<Uint8Array>;
export type Probe = { durationSeconds: number | null; width: number | null; height: number | null };

export class MediaInvalid extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = "MediaInvalid";
  }
}

const CHUNK = 256 * 1024;
const MAX_READS = 400; // a valid file needs a handful; this bounds a hostile one

export function hasJpegSignature(head: Uint8Array): boolean {
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

export function hasFtypSignature(head: Uint8Array): boolean {
  return Buffer.from(head.subarray(4, 8)).toString("latin1") === "ftyp";
}

export async function probeVideo(read: ReadRange, size: number): Promise<Probe> {
  const head = await read(0, Math.min(size, 16));
  if (!hasFtypSignature(head)) throw new MediaInvalid("The file is not an MP4 or QuickTime video (no ftyp box at its start)", "signature");
  const file = createFile();
  let movie: Movie | undefined;
  let failure: string | undefined;
  file.onReady = (info) => (movie = info);
  file.onError = (_module, message) => (failure = message);
  let position = 0;
  for (let reads = 0; !movie && !failure && position < size && reads < MAX_READS; reads++) {
    const bytes = await read(position, Math.min(size, position + CHUNK));
    if (bytes.length === 0) break;
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer & { fileStart: number };
    buffer.fileStart = position;
    const next = file.appendBuffer(buffer);
    position = next > position ? next : position + bytes.length;
  }
  if (!movie) {
    file.flush();
    if (!movie) throw new MediaInvalid(failure ? `The video could not be read: ${failure}` : "The video has no readable movie header (moov box)", "container");
  }
  const m = movie as Movie;
  const track = m.videoTracks[0];
  const durationSeconds = m.timescale > 0 && m.duration > 0 ? round(m.duration / m.timescale) : null;
  if (!track) return { durationSeconds, width: null, height: null };
  // A 90°/270° rotation matrix means the picture is displayed with width and height swapped.
  const rotated = Math.abs(track.matrix?.[1] ?? 0) !== 0 && (track.matrix?.[0] ?? 0) === 0;
  const w = Math.round(track.track_width || track.video?.width || 0) || null;
  const h = Math.round(track.track_height || track.video?.height || 0) || null;
  return { durationSeconds, width: rotated ? h : w, height: rotated ? w : h };
}

export async function probeJpeg(bytes: Buffer): Promise<Probe> {
  if (!hasJpegSignature(bytes)) throw new MediaInvalid("The file is not a JPEG image", "signature");
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (err) {
    throw new MediaInvalid(`The JPEG could not be read: ${(err as Error).message}`, "container");
  }
  if (meta.format !== "jpeg" || !meta.width || !meta.height) throw new MediaInvalid("The file is not a readable JPEG image", "container");
  const swapped = (meta.orientation ?? 1) >= 5; // EXIF orientations 5–8 display rotated by 90°
  return { durationSeconds: null, width: swapped ? meta.height : meta.width, height: swapped ? meta.width : meta.height };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

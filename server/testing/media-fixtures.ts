// Real media files for tests, made on the spot: MP4/QuickTime files with exact duration and
// dimensions (a minimal, valid ISO-BMFF structure), and JPEGs through sharp.
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, "latin1"), body]);
};
const full = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, Buffer.from([version, (flags >> 16) & 255, (flags >> 8) & 255, flags & 255]), ...parts);
const matrix = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));
const zeros = (n: number) => Buffer.alloc(n);

export type Mp4Options = {
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** "isom" (MP4) or "qt  " (QuickTime .mov) */
  brand?: "isom" | "qt  ";
  /** bytes of media data after the header (the file's bulk) */
  payloadBytes?: number;
  /** put the moov box after the media data, as many cameras do */
  moovAtEnd?: boolean;
};

export function makeMp4(opts: Mp4Options = {}): Buffer {
  const { width = 1080, height = 1920, durationSeconds = 12.5, brand = "isom", payloadBytes = 4096, moovAtEnd = false } = opts;
  const timescale = 1000;
  const duration = Math.round(durationSeconds * timescale);
  const ftyp = box("ftyp", Buffer.from(brand, "latin1"), u32(0x200), Buffer.from(brand === "qt  " ? "qt  " : "isomiso2avc1mp41", "latin1"));
  const mvhd = full("mvhd", 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u32(0x00010000), u16(0x0100), zeros(10), matrix, zeros(24), u32(2));
  const tkhd = full(
    "tkhd",
    0,
    3,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    zeros(8),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    matrix,
    u32(width * 65536),
    u32(height * 65536),
  );
  const mdhd = full("mdhd", 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0));
  const hdlr = full("hdlr", 0, 0, u32(0), Buffer.from("vide", "latin1"), zeros(12), Buffer.from("VideoHandler\0", "latin1"));
  const dinf = box("dinf", full("dref", 0, 0, u32(1), full("url ", 0, 1)));
  // One H.264 sample description (avc1 + avcC with a High-profile SPS/PPS header).
  const sps = Buffer.from([0x67, 0x64, 0x00, 0x1f, 0xac, 0xd9, 0x40]);
  const pps = Buffer.from([0x68, 0xeb, 0xe3, 0xcb]);
  const avcC = box("avcC", Buffer.from([1, 0x64, 0x00, 0x1f, 0xff, 0xe1]), u16(sps.length), sps, Buffer.from([1]), u16(pps.length), pps);
  const avc1 = box(
    "avc1",
    zeros(6),
    u16(1),
    zeros(16),
    u16(width),
    u16(height),
    u32(0x00480000),
    u32(0x00480000),
    u32(0),
    u16(1),
    zeros(32),
    u16(0x18),
    u16(0xffff),
    avcC,
  );
  const stbl = box(
    "stbl",
    full("stsd", 0, 0, u32(1), avc1),
    full("stts", 0, 0, u32(0)),
    full("stsc", 0, 0, u32(0)),
    full("stsz", 0, 0, u32(0), u32(0)),
    full("stco", 0, 0, u32(0)),
  );
  const minf = box("minf", full("vmhd", 0, 1, zeros(8)), dinf, stbl);
  const moov = box("moov", mvhd, box("trak", tkhd, box("mdia", mdhd, hdlr, minf)));
  const mdat = box("mdat", Buffer.alloc(payloadBytes, 0x5a));
  return moovAtEnd ? Buffer.concat([ftyp, mdat, moov]) : Buffer.concat([ftyp, moov, mdat]);
}

export function makeJpeg(opts: { width?: number; height?: number; color?: string; quality?: number } = {}): Promise<Buffer> {
  const { width = 1080, height = 1350, color = "#2f6bff", quality = 80 } = opts;
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality })
    .toBuffer();
}

/** Serves fixed bytes over HTTP (a stand-in for a signed media URL in adapter tests). */
export async function serveBytes(
  files: Record<string, { body: Buffer; type: string }>,
): Promise<{ url(name: string): string; close(): Promise<void>; hits: Record<string, number> }> {
  const hits: Record<string, number> = {};
  const server = http.createServer((req, res) => {
    const name = (req.url ?? "/").slice(1).split("?")[0]!;
    const file = files[name];
    hits[name] = (hits[name] ?? 0) + 1;
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": file.type, "Content-Length": file.body.length });
    res.end(file.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

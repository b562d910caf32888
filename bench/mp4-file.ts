// A large MP4 file for the upload benchmarks, made without holding it in memory.
import fs from "node:fs";
import { makeMp4 } from "../server/testing/media-fixtures.ts";

/** A valid MP4 of `size` bytes (an hour long): a real header (ftyp + moov) and media data, written in 8 MiB blocks. */
export function writeMp4(file: string, size: number, moovAtEnd: boolean): void {
  const header = makeMp4({ durationSeconds: 3600, width: 1920, height: 1080, payloadBytes: 0, moovAtEnd });
  const ftyp = header.subarray(0, header.readUInt32BE(0));
  const rest = header.subarray(ftyp.length); // moov (and an empty mdat) in some order
  const moov = moovAtEnd ? rest.subarray(8) : rest.subarray(0, rest.length - 8);
  const payload = size - ftyp.length - moov.length - 8;
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(payload + 8);
  mdatHeader.write("mdat", 4, "latin1");
  const fd = fs.openSync(file, "w");
  fs.writeSync(fd, ftyp);
  if (!moovAtEnd) fs.writeSync(fd, moov);
  fs.writeSync(fd, mdatHeader);
  const block = Buffer.alloc(8 * 1024 ** 2, 0x5a);
  for (let left = payload; left > 0; left -= block.length) fs.writeSync(fd, left >= block.length ? block : block.subarray(0, left));
  if (moovAtEnd) fs.writeSync(fd, moov);
  fs.closeSync(fd);
  if (fs.statSync(file).size !== size) throw new Error("size mismatch");
}

// The bytes of the media the platforms received, kept so that the sandbox's page of a post can
// show them (docs/sandbox.md). A file per content hash, beside the state file (or in a temporary
// directory when the sandbox keeps no state), so a file posted twice is kept once.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Larger files are received and checked as ever, but not kept: the page says so. */
export const MAX_KEPT_BYTES = 256 * 1024 ** 2;

export class MediaStore {
  readonly dir: string;

  constructor(stateFile?: string) {
    this.dir = stateFile ? path.join(path.dirname(stateFile), "media") : path.join(os.tmpdir(), `posteady-sandbox-media-${process.pid}`);
  }

  /** A file arriving in order, chunk by chunk (uploads in parts, fetched URLs), named by its hash once complete. */
  writer(): MediaWriter {
    return new MediaWriter(this);
  }

  /** A file that arrived whole. */
  keep(bytes: Uint8Array, sha256: string): void {
    const w = this.writer();
    w.write(bytes);
    w.finish(sha256);
  }

  /** The kept file of a hash, if any. */
  file(sha256: string): string | undefined {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return undefined;
    const file = path.join(this.dir, sha256);
    return fs.existsSync(file) ? file : undefined;
  }

  clear(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export class MediaWriter {
  private readonly tmp: string;
  private size = 0;
  private dropped = false;

  constructor(private readonly store: MediaStore) {
    this.tmp = path.join(store.dir, `.${crypto.randomUUID()}.part`);
  }

  write(chunk: Uint8Array): void {
    if (this.dropped || chunk.byteLength === 0) return;
    this.size += chunk.byteLength;
    if (this.size > MAX_KEPT_BYTES) return this.abort();
    if (this.size === chunk.byteLength) fs.mkdirSync(this.store.dir, { recursive: true });
    fs.appendFileSync(this.tmp, chunk);
  }

  finish(sha256: string): void {
    if (this.dropped || this.size === 0) return;
    this.dropped = true;
    fs.renameSync(this.tmp, path.join(this.store.dir, sha256));
  }

  abort(): void {
    this.dropped = true;
    fs.rmSync(this.tmp, { force: true });
  }
}

// Local-disk storage (the default): objects under DATA_DIR/storage, each with a small JSON
// sidecar (size, content type, version). Upload and download URLs are this app's own
// endpoints (server/http/storage-routes.ts), HMAC-signed and expiring like S3 presigned URLs.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { ObjectChangedError, type ObjectInfo, type SignedUpload, type StorageDriver } from "./storage.ts";

type Meta = ObjectInfo & { modifiedAt: string };

export class UploadRejected extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "UploadRejected";
  }
}

const WRITE_BATCH = 1024 * 1024;
const FLUSH_EVERY = 64 * 1024 * 1024;
/** reads up to this size are done in place (see readRange) */
const SMALL_READ = 256 * 1024;

export class LocalStorage implements StorageDriver {
  readonly kind = "local" as const;

  constructor(
    private readonly root: string,
    private readonly publicUrl: string,
    private readonly signingKey: string,
  ) {}

  private file(key: string): string {
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split("/").some((p) => p === "." || p === "..")) throw new Error(`Invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  private sign(parts: (string | number)[]): string {
    return crypto.createHmac("sha256", this.signingKey).update(parts.join("\n")).digest("base64url");
  }

  private verify(expected: string, given: string | null): boolean {
    if (!given) return false;
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  }

  async presignUpload(key: string, input: { contentType: string; contentLength: number; expiresInSeconds: number }): Promise<SignedUpload> {
    const expires = Math.floor(Date.now() / 1000) + input.expiresInSeconds;
    const signature = this.sign(["PUT", key, expires, input.contentType, input.contentLength]);
    const q = new URLSearchParams({ expires: String(expires), type: input.contentType, length: String(input.contentLength), signature });
    return {
      url: `${this.publicUrl}/storage/upload/${key}?${q}`,
      headers: { "Content-Type": input.contentType, "Content-Length": String(input.contentLength) },
    };
  }

  /** The terms an upload URL was signed with, or why it is refused (401/403 like S3). */
  uploadTerms(key: string, query: URLSearchParams): { contentType: string; contentLength: number; expiresAt: number } {
    const expires = Number(query.get("expires"));
    const contentType = query.get("type") ?? "";
    const contentLength = Number(query.get("length"));
    if (!this.verify(this.sign(["PUT", key, expires, contentType, contentLength]), query.get("signature"))) {
      throw new UploadRejected(403, "The upload URL's signature does not match");
    }
    if (expires * 1000 <= Date.now()) throw new UploadRejected(403, "The upload URL has expired (uploads must complete within 300 seconds of the reservation)");
    return { contentType, contentLength, expiresAt: expires * 1000 };
  }

  async presignDownload(key: string, input: { expiresInSeconds: number }): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + input.expiresInSeconds;
    const q = new URLSearchParams({ expires: String(expires), signature: this.sign(["GET", key, expires]) });
    return `${this.publicUrl}/storage/object/${key}?${q}`;
  }

  downloadAllowed(key: string, query: URLSearchParams): boolean {
    const expires = Number(query.get("expires"));
    return expires * 1000 > Date.now() && this.verify(this.sign(["GET", key, expires]), query.get("signature"));
  }

  /**
   * Streams a body into the object: to a temporary file first, renamed into place only when
   * exactly `contentLength` bytes arrived before `deadline` (SPEC.md: an upload completes within
   * 300 s of its reservation), so a partial upload leaves nothing. A body that stops arriving is
   * cut off sooner, by the web server's slow-client deadline (server/http/slow-clients.ts).
   * Bytes are flushed to disk while they arrive (one fdatasync in flight at a time), so the
   * final fsync before acknowledging does not start a whole file's writeback from scratch.
   */
  async receive(key: string, body: Readable, input: { contentType: string; contentLength: number; deadline: number }): Promise<ObjectInfo> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${crypto.randomBytes(6).toString("hex")}.part`;
    const timer = setTimeout(
      () => body.destroy(new UploadRejected(408, "The upload did not complete within the upload window (300 seconds of the reservation)")),
      Math.max(0, input.deadline - Date.now()),
    );
    const handle = await fsp.open(tmp, "w");
    let flushing: Promise<void> | null = null;
    try {
      let received = 0;
      let batch: Buffer[] = [];
      let batchBytes = 0;
      let unsynced = 0;
      const writeBatch = async () => {
        if (batchBytes === 0) return;
        await handle.writev(batch);
        unsynced += batchBytes;
        batch = [];
        batchBytes = 0;
        if (unsynced >= FLUSH_EVERY && !flushing) {
          unsynced = 0;
          flushing = handle.datasync().finally(() => (flushing = null));
        }
      };
      for await (const chunk of body as AsyncIterable<Buffer>) {
        received += chunk.length;
        batch.push(chunk);
        batchBytes += chunk.length;
        if (batchBytes >= WRITE_BATCH) await writeBatch();
      }
      await writeBatch();
      if (received !== input.contentLength) throw new UploadRejected(400, `Received ${received} bytes; Content-Length said ${input.contentLength}`);
      await flushing;
      await handle.sync(); // acknowledged bytes are on disk, not only in the page cache
      await handle.close();
      const info: Meta = { size: received, contentType: input.contentType, version: crypto.randomUUID(), modifiedAt: new Date().toISOString() };
      await fsp.rename(tmp, target);
      await this.writeMeta(key, info);
      return info;
    } catch (err) {
      await (flushing as Promise<void> | null)?.catch(() => {});
      await handle.close().catch(() => {});
      await fsp.rm(tmp, { force: true });
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private async writeMeta(key: string, meta: Meta) {
    const file = `${this.file(key)}.meta.json`;
    await fsp.writeFile(`${file}.tmp`, JSON.stringify(meta));
    await fsp.rename(`${file}.tmp`, file);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const meta = JSON.parse(await fsp.readFile(`${this.file(key)}.meta.json`, "utf8")) as Meta;
      const stat = await fsp.stat(this.file(key));
      return { size: stat.size, contentType: meta.contentType, version: meta.version };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  // A file check and a small read are done in place: each costs microseconds, less than a trip
  // through libuv's thread pool, whose two thread hand-offs were a busy worker's largest cost per post.
  async exists(key: string): Promise<boolean> {
    try {
      fs.accessSync(this.file(key));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw err;
    }
  }

  async readRange(key: string, start: number, end: number): Promise<Buffer> {
    if (end - start <= SMALL_READ) {
      const fd = fs.openSync(this.file(key), "r");
      try {
        const buffer = Buffer.alloc(Math.max(0, end - start));
        return buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.length, start));
      } finally {
        fs.closeSync(fd);
      }
    }
    const handle = await fsp.open(this.file(key), "r");
    try {
      const buffer = Buffer.alloc(Math.max(0, end - start));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return fs.createReadStream(this.file(key), range ? { start: range.start, end: range.end - 1, highWaterMark: 1 << 20 } : { highWaterMark: 1 << 20 });
  }

  async move(from: string, to: string, expectedVersion: string): Promise<ObjectInfo> {
    const current = await this.head(from);
    if (!current || current.version !== expectedVersion) throw new ObjectChangedError(from);
    await fsp.mkdir(path.dirname(this.file(to)), { recursive: true });
    await fsp.rename(this.file(from), this.file(to));
    await fsp.rename(`${this.file(from)}.meta.json`, `${this.file(to)}.meta.json`);
    return current;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<ObjectInfo> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(`${target}.tmp`, body);
    await fsp.rename(`${target}.tmp`, target);
    const meta: Meta = { size: body.length, contentType, version: crypto.randomUUID(), modifiedAt: new Date().toISOString() };
    await this.writeMeta(key, meta);
    return meta;
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<ObjectInfo> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.copyFile(filePath, `${target}.tmp`);
    await fsp.rename(`${target}.tmp`, target);
    const meta: Meta = { size: (await fsp.stat(target)).size, contentType, version: crypto.randomUUID(), modifiedAt: new Date().toISOString() };
    await this.writeMeta(key, meta);
    return meta;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
    await fsp.rm(`${this.file(key)}.meta.json`, { force: true });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const base = this.file(prefix.replace(/\/$/, ""));
    const walk = async function* (dir: string): AsyncGenerator<string> {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) yield* walk(full);
        else if (!e.name.endsWith(".meta.json") && !e.name.endsWith(".part") && !e.name.endsWith(".tmp")) yield full;
      }
    };
    for await (const file of walk(base)) {
      const stat = await fsp.stat(file);
      yield { key: path.relative(this.root, file).split(path.sep).join("/"), modifiedAt: stat.mtime };
    }
  }
}

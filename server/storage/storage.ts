// Object storage behind one interface: local disk (default) or S3-compatible. Keys are
// "staging/<workspace>/<media>" while an upload waits for confirmation and
// "media/<workspace>/<media>.<ext>" afterwards. Bytes always stream; nothing holds a whole file.
import type { Readable } from "node:stream";

export type ObjectInfo = {
  size: number;
  contentType: string | null;
  /** changes whenever the object is written (ETag / version id) */
  version: string;
  /** S3: the object's ETag */
  etag?: string;
};

export type SignedUpload = { url: string; headers: Record<string, string> };

export interface StorageDriver {
  readonly kind: "local" | "s3";
  /** a URL the client PUTs the bytes to, valid `expiresInSeconds`, requiring exactly these headers */
  presignUpload(key: string, input: { contentType: string; contentLength: number; expiresInSeconds: number }): Promise<SignedUpload>;
  /** a time-limited GET URL (platforms that fetch media by URL, the dashboard's previews) */
  presignDownload(key: string, input: { expiresInSeconds: number; contentType?: string }): Promise<string>;
  head(key: string): Promise<ObjectInfo | null>;
  /** whether the object is there (cheaper than head where the driver can tell without its metadata) */
  exists(key: string): Promise<boolean>;
  /** bytes [start, end) */
  readRange(key: string, start: number, end: number): Promise<Buffer>;
  /** the object's bytes, or bytes [start, end) */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** moves an object, only if it is still at `expectedVersion`; answers the moved object's info */
  move(from: string, to: string, expectedVersion: string): Promise<ObjectInfo>;
  put(key: string, body: Buffer, contentType: string): Promise<ObjectInfo>;
  /** stores a local file's bytes, streamed (media imported from a URL, up to 2 GiB) */
  putFile(key: string, filePath: string, contentType: string): Promise<ObjectInfo>;
  delete(key: string): Promise<void>;
  /** keys under a prefix with their last modification (cleanup of abandoned staging objects) */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

export class ObjectChangedError extends Error {
  constructor(key: string) {
    super(`${key} changed since it was verified`);
    this.name = "ObjectChangedError";
  }
}

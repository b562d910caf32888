// S3-compatible storage: real presigned PUT URLs (Content-Type and Content-Length signed, so
// S3 refuses any other), presigned GETs, and a move that copies only the verified version.
import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { ObjectChangedError, type ObjectInfo, type SignedUpload, type StorageDriver } from "./storage.ts";

export type S3Options = { bucket: string; region: string; endpoint?: string; forcePathStyle: boolean; accessKeyId?: string; secretAccessKey?: string };

export class S3Storage implements StorageDriver {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(opts: S3Options) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      ...(opts.accessKeyId && opts.secretAccessKey ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } } : {}),
    });
  }

  async presignUpload(key: string, input: { contentType: string; contentLength: number; expiresInSeconds: number }): Promise<SignedUpload> {
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: input.contentType, ContentLength: input.contentLength }),
      {
        expiresIn: input.expiresInSeconds,
        signableHeaders: new Set(["content-type", "content-length"]),
      },
    );
    return { url, headers: { "Content-Type": input.contentType, "Content-Length": String(input.contentLength) } };
  }

  presignDownload(key: string, input: { expiresInSeconds: number; contentType?: string }): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentType: input.contentType }), {
      expiresIn: input.expiresInSeconds,
    });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? null, version: res.VersionId ?? res.ETag ?? "", etag: res.ETag };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === "NotFound" || (err as Error).name === "NoSuchKey") return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async readRange(key: string, start: number, end: number): Promise<Buffer> {
    if (end <= start) return Buffer.alloc(0);
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end - 1}` }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const res = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end - 1}` } : {}) }),
    );
    return res.Body as Readable;
  }

  /**
   * Copies only the verified version (If-Match), then compares the copy's ETag as well: some
   * S3-compatible servers ignore If-Match. (A single-part object's ETag is its MD5, which a copy keeps.)
   */
  async move(from: string, to: string, expectedVersion: string): Promise<ObjectInfo> {
    const current = await this.head(from);
    if (!current || current.version !== expectedVersion) throw new ObjectChangedError(from);
    const copy = await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        CopySource: `${this.bucket}/${encodeURIComponent(from).replace(/%2F/g, "/")}`,
        CopySourceIfMatch: current.etag,
      }),
    );
    const copied = copy.CopyObjectResult?.ETag;
    if (copied && current.etag && !current.etag.includes("-") && copied !== current.etag) {
      await this.delete(to);
      throw new ObjectChangedError(from);
    }
    await this.delete(from);
    const moved = await this.head(to);
    if (!moved) throw new ObjectChangedError(to);
    return moved;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<ObjectInfo> {
    const res = await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
    return { size: body.length, contentType, version: res.VersionId ?? res.ETag ?? "" };
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<ObjectInfo> {
    // a known length lets PutObject stream the file instead of buffering it
    const size = (await fsp.stat(filePath)).size;
    const res = await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: fs.createReadStream(filePath), ContentLength: size, ContentType: contentType }),
    );
    return { size, contentType, version: res.VersionId ?? res.ETag ?? "" };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

// Uploads in the service's three steps (docs/api-media.md): reserve, PUT the bytes to the signed
// uploadUrl with exactly the requiredHeaders, confirm. The PUT goes through node:http so a stream
// is sent as it is read, with the reserved Content-Length, and progress counts the bytes written.
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Posteady } from "./client.js";
import { PosteadyError } from "./errors.js";
import type { Schema } from "./types.js";

/** A file path, the bytes, or a stream of them (a stream needs `fileSize`). */
export type UploadSource = string | Uint8Array | Readable | AsyncIterable<Uint8Array>;

export type UploadOptions = {
  contentType: Schema<"MediaMimeType">;
  /** Default: the file path's name; required for bytes and streams. */
  fileName?: string;
  /** Required for a stream; read from the file or the bytes otherwise. */
  fileSize?: number;
  /** Called as bytes are sent. */
  onProgress?: (progress: { sentBytes: number; totalBytes: number }) => void;
  /** Hints that only fill what the server cannot measure. */
  hints?: { duration?: number; width?: number; height?: number };
};

export async function uploadMedia(client: Posteady, source: UploadSource, options: UploadOptions) {
  const fileName = options.fileName ?? (typeof source === "string" ? path.basename(source) : undefined);
  if (!fileName) throw new TypeError("uploadMedia: fileName is required when uploading bytes or a stream");
  const fileSize =
    options.fileSize ?? (typeof source === "string" ? (await fs.promises.stat(source)).size : source instanceof Uint8Array ? source.byteLength : undefined);
  if (fileSize === undefined) throw new TypeError("uploadMedia: fileSize is required when uploading a stream");

  const mediaType = options.contentType.startsWith("image/") ? "IMAGE" : "VIDEO";
  const reservation = await client.POST("/api/v1/media/uploads", { body: { fileName, contentType: options.contentType, fileSize, mediaType } });
  const bytes = typeof source === "string" ? fs.createReadStream(source) : source instanceof Uint8Array ? Readable.from([source]) : Readable.from(source);
  await put(reservation.uploadUrl, reservation.requiredHeaders, bytes, (sentBytes) => options.onProgress?.({ sentBytes, totalBytes: fileSize }));
  return client.POST("/api/v1/media/uploads/confirm", { body: { fileKey: reservation.fileKey, ...options.hints } });
}

async function put(url: string, headers: Record<string, string>, bytes: Readable, progress: (sent: number) => void): Promise<void> {
  const request = (url.startsWith("https:") ? https : http).request(url, { method: "PUT", headers });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => request.on("response", resolve).on("error", reject));
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      progress(sent);
      done(null, chunk);
    },
  });
  // the server may answer (and close) before the body is through: its answer is the better error
  const [response] = await Promise.all([answered, pipeline(bytes, counter, request).catch(() => undefined)]);
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) throw await PosteadyError.fromResponse(new Response(Buffer.concat(chunks), { status }));
}

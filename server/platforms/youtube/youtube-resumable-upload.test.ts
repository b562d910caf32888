// A YouTube resumable upload whose bytes are sent by an implementation of Google's resumable
// protocol that nobody here wrote: the resumable-upload module of @google-cloud/storage (the
// same Google upload servers' protocol, written for Cloud Storage). The session is opened as the
// YouTube guide says; the library then sends 256 KiB chunks from the session URI, reads the 308
// Range answers and, after an interrupted chunk, asks the session where it stands and resumes.
// https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol
// (@googleapis/youtube has no resumable upload: googleapis-common always sends multipart.)
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IdempotencyStrategy, Storage } from "@google-cloud/storage";
import { describe, expect, it } from "vitest";
import { makeMp4 } from "../../testing/media-fixtures.ts";
import { connect, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { youtubeAdapter as yt } from "./youtube-adapter.ts";

const KiB256 = 256 * 1024;
const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

/** Step 1 of the guide: POST the metadata with X-Upload-Content-Length/Type; the Location header is the session URI. */
async function openSession(accessToken: string, file: Buffer, title: string): Promise<string> {
  const url = `${sandboxUrl()}/youtube/googleapis/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`;
  const res = await fetch(url, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${accessToken}`,
      "Content-Type": "application/json; charset=UTF-8",
      "X-Upload-Content-Length": String(file.length),
      "X-Upload-Content-Type": "video/mp4",
    },
    body: JSON.stringify({
      snippet: { title, description: "Bytes sent by @google-cloud/storage", categoryId: "22" },
      status: { privacyStatus: "private", selfDeclaredMadeForKids: false },
    }),
  });
  expect(res.status).toBe(200);
  const location = res.headers.get("location");
  expect(location).toMatch(/upload_id=/);
  return location!;
}

type Sent = { range: string | undefined; status: number; lost?: true };

/**
 * A pass-through proxy in front of the sandbox that records each request the library sends and
 * can cut the connection after the sandbox answered one (the answer is lost on the way back).
 */
async function recordingProxy(loseAnswerTo?: string): Promise<{ url: string; sent: Sent[]; close(): Promise<void> }> {
  const target = new URL(sandboxUrl());
  const sent: Sent[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const headers = { ...req.headers, host: target.host };
    const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (answer) => {
      const range = req.headers["content-range"];
      if (loseAnswerTo && range?.startsWith(loseAnswerTo)) {
        loseAnswerTo = undefined; // once
        sent.push({ range, status: answer.statusCode!, lost: true });
        answer.resume();
        res.socket?.destroy();
        return;
      }
      sent.push({ range, status: answer.statusCode! });
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.socket?.destroy());
    upstream.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, sent, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Step 2 and on, by the independent library: the session URI handed over as an existing upload.
 * The sandbox host is no Google universe, so the library sends no credentials of its own, as the
 * session URI needs none. Its requests go through the recording proxy.
 */
async function sendWithGoogleLibrary(sessionUri: string, file: Buffer, loseAnswerTo?: string): Promise<{ video: Record<string, unknown>; sent: Sent[] }> {
  const proxy = await recordingProxy(loseAnswerTo);
  try {
    const storage = new Storage({
      apiEndpoint: proxy.url,
      projectId: "unused",
      // A YouTube session is resumable whatever Cloud Storage would say about idempotency.
      retryOptions: {
        autoRetry: true,
        maxRetries: 3,
        idempotencyStrategy: IdempotencyStrategy.RetryAlways,
        retryDelayMultiplier: 1,
        maxRetryDelay: 2,
        totalTimeout: 60,
      },
    });
    const uri = proxy.url + sessionUri.slice(sandboxUrl().length);
    const object = storage.bucket("youtube").file("video.mp4");
    const stream = object.createWriteStream({
      uri,
      resumable: true,
      chunkSize: KiB256,
      validation: false, // Cloud Storage's crc32c/md5 answer fields are not YouTube's
      metadata: { contentType: "video/mp4" },
    });
    await pipeline(Readable.from([file]), stream);
    return { video: object.metadata as Record<string, unknown>, sent: proxy.sent };
  } finally {
    await proxy.close();
  }
}

describe("a YouTube resumable upload sent by @google-cloud/storage's implementation of Google's protocol", () => {
  it("uploads in 256 KiB chunks from a session opened as the YouTube guide says", async () => {
    const { tokens, identity } = await connect(yt);
    const file = makeMp4({ payloadBytes: 700_000 });
    const session = await openSession(tokens.accessToken, file, "Chunks from Google's library");
    const { video, sent } = await sendWithGoogleLibrary(session, file);
    expect(video).toMatchObject({ kind: "youtube#video", snippet: { title: "Chunks from Google's library" }, status: { uploadStatus: "uploaded" } });
    // With a session URI handed over, the library first asks where the upload stands (no Range: nothing yet).
    expect(sent).toEqual([
      { range: "bytes */*", status: 308 },
      { range: "bytes 0-262143/*", status: 308 },
      { range: "bytes 262144-524287/*", status: 308 },
      { range: `bytes 524288-${file.length - 1}/${file.length}`, status: 200 },
    ]);
    const posts = await sandboxPosts("youtube", identity.username);
    expect(posts.map((p) => [p.id, p.media[0]!.sha256, p.media[0]!.size])).toEqual([[video.id, sha256(file), file.length]]);
  });

  it("resumes after an interruption: a chunk's answer is lost, the library asks the session where it stands and goes on", async () => {
    const { tokens, identity } = await connect(yt);
    const file = makeMp4({ payloadBytes: 900_000 });
    const session = await openSession(tokens.accessToken, file, "Resumed by Google's library");
    // The second chunk is stored but its 308 never reaches the client: the connection is cut.
    // (A 503 would not do here: the library retries a chunk answered 503 but gives up on a status
    // request answered 503, since gaxios reports that error without the code its retry test reads.)
    const { video, sent } = await sendWithGoogleLibrary(session, file, "bytes 262144-");
    expect(video).toMatchObject({ snippet: { title: "Resumed by Google's library" }, status: { uploadStatus: "uploaded" } });
    expect(sent).toEqual([
      { range: "bytes */*", status: 308 },
      { range: "bytes 0-262143/*", status: 308 },
      { range: "bytes 262144-524287/*", status: 308, lost: true },
      // The status request the guide describes for an interrupted upload; the Range answer
      // (bytes=0-524287) tells the library the lost chunk was stored, so it is not sent again.
      { range: "bytes */*", status: 308 },
      { range: "bytes 524288-786431/*", status: 308 },
      { range: `bytes 786432-${file.length - 1}/${file.length}`, status: 200 },
    ]);
    const posts = await sandboxPosts("youtube", identity.username);
    // Every byte arrived once, in order: the stored video hashes as the file does.
    expect(posts.map((p) => [p.id, p.media[0]!.sha256])).toEqual([[video.id, sha256(file)]]);
  });
});

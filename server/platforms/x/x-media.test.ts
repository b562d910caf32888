// Posts with media on X against the sandbox: the adapter's chunked uploads, processing, alt text,
// threads with media, first comments and X's refusals; the sandbox's upload rules as a raw client
// meets them; and the official twitter-api-v2 client's own upload helper against the same sandbox.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { PlatformError } from "../errors.ts";
import type { AccountContext, MediaSource, PostMediaItem } from "../types.ts";
import { makeJpeg, makeMp4 } from "../../testing/media-fixtures.ts";
import { connect, contextFor, fault, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { officialXClient } from "../../testing/x-official-client.ts";
import { xAdapter } from "./x-adapter.ts";
import { X_CHUNK_BYTES, type XPreparedPost } from "./x-media.ts";

const MB = 1024 * 1024;
const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

/** Bytes as the publishing engine hands them to an adapter; `reads` counts the ranges asked for. */
function source(body: Buffer, mimeType: string, reads: [number, number][] = []): MediaSource {
  return {
    url: "http://127.0.0.1:9/unused",
    size: body.length,
    mimeType,
    readRange: async (start, end) => {
      reads.push([start, end]);
      return body.subarray(start, end);
    },
  };
}
const image = (body: Buffer, altText?: string): PostMediaItem => ({ kind: "image", source: source(body, "image/jpeg"), ...(altText ? { altText } : {}) });
const video = (body: Buffer, reads?: [number, number][]): PostMediaItem => ({ kind: "video", source: source(body, "video/mp4", reads) });

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

async function account() {
  const { tokens, identity } = await connect(xAdapter);
  return { tokens, identity, ctx: contextFor(identity, tokens) };
}

/** A post as X's lookup answers it, with its media expanded (docs.x.com/x-api/posts/get-post-by-id). */
async function lookup(token: string, id: string) {
  const q = new URLSearchParams({ expansions: "attachments.media_keys", "media.fields": "alt_text,type,duration_ms" });
  const res = await fetch(`${sandboxUrl()}/x/api/2/tweets/${id}?${q}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    data: { id: string; text: string; attachments?: { media_keys: string[] } };
    includes?: { media: { media_key: string; type: string; alt_text?: string; duration_ms?: number }[] };
  };
}

async function untilReady(ctx: AccountContext, prepared: XPreparedPost, timeoutMs = 15_000) {
  const started = Date.now();
  for (;;) {
    const readiness = await xAdapter.preparedStatus!(ctx, prepared);
    if (readiness.state !== "processing" || Date.now() - started > timeoutMs) return readiness;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("X posts with media (adapter)", () => {
  it("publishes four images with alt text: chunked upload, ready at once, stored with their media keys, types and alt text", async () => {
    const { tokens, identity, ctx } = await account();
    const files = await Promise.all(["#e4572e", "#29335c", "#f3a712", "#669bbc"].map((color) => makeJpeg({ width: 800, height: 600, color })));
    const alts = ["A red square", "A navy square", "An amber square", "A blue square"];
    const prepared = (await xAdapter.preparePost!(ctx, { text: "Four colours", media: files.map((f, i) => image(f, alts[i])) })) as XPreparedPost;
    expect(prepared.mediaIds).toHaveLength(4);
    expect(prepared.processingIds).toEqual([]);
    expect(await xAdapter.preparedStatus!(ctx, prepared)).toEqual({ state: "ready" });
    // Prepared is plain JSON (it is kept in the job's progress) and publishes after a round trip.
    const post = await xAdapter.publishPrepared!(ctx, JSON.parse(JSON.stringify(prepared)), { text: "Four colours" });
    expect(post.permalink).toBe(`https://x.com/${identity.username}/status/${post.id}`);

    const found = await lookup(tokens.accessToken, post.id);
    expect(found.data.text).toBe("Four colours");
    expect(found.data.attachments!.media_keys).toEqual(prepared.mediaIds.map((id) => `3_${id}`));
    expect(found.includes!.media).toEqual(prepared.mediaIds.map((id, i) => ({ media_key: `3_${id}`, type: "photo", alt_text: alts[i] })));
    const [stored] = await sandboxPosts("x", identity.username);
    expect(stored!.media.map((m) => [m.type, m.sha256, m.size])).toEqual(files.map((f) => ["photo", sha256(f), f.length]));
  });

  it("uploads a video in 4 MiB segments, reports processing until X has processed it, then publishes it", async () => {
    const { tokens, identity, ctx } = await account();
    const file = makeMp4({ durationSeconds: 12.5, width: 1280, height: 720, payloadBytes: 9 * MB });
    const reads: [number, number][] = [];
    await fault("x", "slow_processing", { operation: "media.finalize", username: identity.username, delaySeconds: 2 });
    const prepared = (await xAdapter.preparePost!(ctx, { text: "A video", media: [video(file, reads)] })) as XPreparedPost;
    expect(reads).toEqual([
      [0, X_CHUNK_BYTES],
      [X_CHUNK_BYTES, 2 * X_CHUNK_BYTES],
      [2 * X_CHUNK_BYTES, file.length],
    ]);
    expect(prepared.processingIds).toEqual(prepared.mediaIds);
    expect(await xAdapter.preparedStatus!(ctx, prepared)).toEqual({ state: "processing" });
    // Too early: X refuses media it has not finished processing, and nothing is posted.
    const early = await failure(xAdapter.publishPrepared!(ctx, prepared, { text: "A video" }));
    expect(early.kind).toBe("media_rejected");
    expect(early.detail).toBe("Your media IDs are invalid.");
    expect(await sandboxPosts("x", identity.username)).toEqual([]);

    expect(await untilReady(ctx, prepared)).toEqual({ state: "ready" });
    const post = await xAdapter.publishPrepared!(ctx, prepared, { text: "A video" });
    const found = await lookup(tokens.accessToken, post.id);
    expect(found.includes!.media).toEqual([{ media_key: `7_${prepared.mediaIds[0]}`, type: "video", duration_ms: 12500 }]);
    const [stored] = await sandboxPosts("x", identity.username);
    expect(stored!.media).toMatchObject([{ type: "video", sha256: sha256(file), size: file.length }]);
  });

  it("publishes a QuickTime (.mov) video as X's video/quicktime", async () => {
    const { tokens, ctx } = await account();
    const mov = makeMp4({ brand: "qt  ", durationSeconds: 30, width: 1920, height: 1080 });
    const item: PostMediaItem = { kind: "video", source: source(mov, "video/quicktime") };
    const prepared = (await xAdapter.preparePost!(ctx, { text: "A MOV", media: [item] })) as XPreparedPost;
    expect(await untilReady(ctx, prepared)).toEqual({ state: "ready" });
    const post = await xAdapter.publishPrepared!(ctx, prepared, { text: "A MOV" });
    expect((await lookup(tokens.accessToken, post.id)).includes!.media).toEqual([
      { media_key: `7_${prepared.mediaIds[0]}`, type: "video", duration_ms: 30000 },
    ]);
  });

  it("threads with media: the reply carries its own image; a first comment is a reply from the same account", async () => {
    const { tokens, identity, ctx } = await account();
    const root = await xAdapter.publishText!(ctx, { text: "1/ a thread" });
    const file = await makeJpeg({ width: 640, height: 640 });
    const prepared = await xAdapter.preparePost!(ctx, { text: "2/ with a picture", replyToId: root.id, media: [image(file, "A square")] });
    const reply = await xAdapter.publishPrepared!(ctx, prepared, { text: "2/ with a picture", replyToId: root.id });
    // a post of the thread without media takes the same three steps
    const textOnly = await xAdapter.preparePost!(ctx, { text: "3/ words only", replyToId: reply.id, media: [] });
    expect(await xAdapter.preparedStatus!(ctx, textOnly)).toEqual({ state: "ready" });
    const third = await xAdapter.publishPrepared!(ctx, textOnly, { text: "3/ words only", replyToId: reply.id });
    const comment = await xAdapter.comment!(ctx, { postId: root.id, text: "First comment: sources below" });
    const posts = await sandboxPosts("x", identity.username);
    expect(posts.map((p) => [p.id, p.text, p.replyTo ?? null, p.media.map((m) => m.type)])).toEqual([
      [root.id, "1/ a thread", null, []],
      [reply.id, "2/ with a picture", root.id, ["photo"]],
      [third.id, "3/ words only", reply.id, []],
      [comment.id, "First comment: sources below", root.id, []],
    ]);
    expect((await lookup(tokens.accessToken, reply.id)).includes!.media).toEqual([
      { media_key: expect.stringMatching(/^3_\d+$/), type: "photo", alt_text: "A square" },
    ]);
  });

  it("reports a failed processing with X's message: a file that is no MP4, a video over 140 seconds, a refused video", async () => {
    const { identity, ctx } = await account();
    const notVideo = (await xAdapter.preparePost!(ctx, { text: "x", media: [video(Buffer.from("this is not a video at all"))] })) as XPreparedPost;
    const tooLong = (await xAdapter.preparePost!(ctx, { text: "x", media: [video(makeMp4({ durationSeconds: 200 }))] })) as XPreparedPost;
    await fault("x", "reject_media", { operation: "media.finalize", username: identity.username });
    const refused = (await xAdapter.preparePost!(ctx, { text: "x", media: [video(makeMp4({ durationSeconds: 10 }))] })) as XPreparedPost;
    expect(await untilReady(ctx, notVideo)).toEqual({ state: "failed", reason: "Unsupported video format" });
    expect(await untilReady(ctx, tooLong)).toEqual({ state: "failed", reason: "Invalid video duration: 200.0 seconds (X takes 0.5 to 140 seconds)" });
    expect(await untilReady(ctx, refused)).toEqual({ state: "failed", reason: "media rejected by the sandbox (fault injection)" });
    const err = await failure(xAdapter.publishPrepared!(ctx, tooLong, { text: "never" }));
    expect(err.kind).toBe("media_rejected");
    expect(await sandboxPosts("x", identity.username)).toEqual([]);
  });

  it("is refused as X refuses: an image over 5 MB at initialize, a fifth image and a video with an image at post creation", async () => {
    const { identity, ctx } = await account();
    const big: PostMediaItem = {
      kind: "image",
      source: {
        ...source(Buffer.alloc(0), "image/jpeg"),
        size: 5 * MB + 1,
        readRange: () => Promise.reject(new Error("no byte of a refused upload is read")),
      },
    };
    const oversize = await failure(xAdapter.preparePost!(ctx, { text: "big", media: [big] }));
    expect(oversize).toMatchObject({ kind: "media_rejected", status: 400, detail: "File size exceeds 5242880 bytes." });

    const jpeg = await makeJpeg({ width: 320, height: 320 });
    const five = await xAdapter.preparePost!(ctx, { text: "five", media: [1, 2, 3, 4, 5].map(() => image(jpeg)) });
    const fifth = await failure(xAdapter.publishPrepared!(ctx, five, { text: "five" }));
    expect(fifth.kind).toBe("media_rejected");
    expect(fifth.detail).toBe("One or more parameters to your request was invalid. $.media.media_ids: there must be a maximum of 4 items in the array");

    const mixed = await xAdapter.preparePost!(ctx, { text: "mixed", media: [video(makeMp4({ durationSeconds: 3 })), image(jpeg)] });
    expect(await untilReady(ctx, mixed as XPreparedPost)).toEqual({ state: "ready" });
    const mix = await failure(xAdapter.publishPrepared!(ctx, mixed, { text: "mixed" }));
    expect(mix).toMatchObject({ kind: "media_rejected", detail: "Your media IDs are invalid." });

    const notJpeg = await failure(xAdapter.preparePost!(ctx, { text: "bad", media: [image(Buffer.from("plain text, not an image"))] }));
    expect(notJpeg).toMatchObject({ kind: "media_rejected", detail: "media type unrecognized." });

    const document: PostMediaItem = { kind: "document", source: source(Buffer.from("%PDF-1.7"), "application/pdf") };
    expect((await failure(xAdapter.preparePost!(ctx, { text: "pdf", media: [document] }))).kind).toBe("media_rejected");
    expect(await sandboxPosts("x", identity.username)).toEqual([]);
  });

  it("reports a post whose answer was lost as unknown_outcome: it exists once, with its media", async () => {
    const { identity, ctx } = await account();
    const prepared = await xAdapter.preparePost!(ctx, { text: "lost answer", media: [image(await makeJpeg({ width: 200, height: 200 }))] });
    await fault("x", "response_lost", { operation: "tweets.create", username: identity.username });
    const err = await failure(xAdapter.publishPrepared!(ctx, prepared, { text: "lost answer" }));
    expect(err.kind).toBe("unknown_outcome");
    const posts = await sandboxPosts("x", identity.username);
    expect(posts.map((p) => [p.text, p.media.length])).toEqual([["lost answer", 1]]);
  });

  it("answers permission when the account did not grant media.write", async () => {
    const limited = await connect(xAdapter, { scopes: ["tweet.read", "tweet.write", "users.read"] });
    const ctx = contextFor(limited.identity, limited.tokens);
    const err = await failure(xAdapter.preparePost!(ctx, { text: "no scope", media: [image(await makeJpeg({ width: 100, height: 100 }))] }));
    expect(err.kind).toBe("permission");
  });
});

describe("X media upload rules (sandbox, raw protocol)", () => {
  async function raw(token: string, method: string, path: string, body?: BodyInit, type?: string) {
    const res = await fetch(`${sandboxUrl()}/x/api/2${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(type ? { "Content-Type": type } : {}) },
      body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  }
  const json = (v: unknown) => JSON.stringify(v);
  const append = (token: string, id: string, index: number, bytes: Buffer) => {
    const form = new FormData();
    form.set("segment_index", String(index));
    form.set("media", new Blob([new Uint8Array(bytes)]), "media");
    return raw(token, "POST", `/media/upload/${id}/append`, form);
  };

  it("finalizes only when the segments run from 0 without a gap and add up to total_bytes; a chunk is at most 5 MB", async () => {
    const { tokens } = await account();
    const t = tokens.accessToken;
    const file = makeMp4({ durationSeconds: 4, payloadBytes: 3000 });
    const init = await raw(
      t,
      "POST",
      "/media/upload/initialize",
      json({ media_type: "video/mp4", total_bytes: file.length, media_category: "tweet_video" }),
      "application/json",
    );
    expect(init.status).toBe(200);
    const id = init.body.data.id as string;
    expect(init.body.data.media_key).toBe(`7_${id}`);
    // segment 1 before segment 0: accepted; FINALIZE counts the bytes
    expect((await append(t, id, 1, file.subarray(1000, 2000))).status).toBe(200);
    expect((await append(t, id, 0, file.subarray(0, 1000))).status).toBe(200);
    const short = await raw(t, "POST", `/media/upload/${id}/finalize`);
    expect(short).toMatchObject({ status: 400, body: { detail: "Segments do not add up to provided total file size." } });
    // all the bytes, but segment 2 is missing (the rest came as segment 3)
    expect((await append(t, id, 3, file.subarray(2000))).status).toBe(200);
    expect((await raw(t, "POST", `/media/upload/${id}/finalize`)).status).toBe(400);
    expect((await append(t, id, 2, Buffer.alloc(0))).status).toBe(400); // media is required
    expect((await append(t, id, 1000, file.subarray(0, 10))).status).toBe(400); // segment_index 0–999
    expect((await append(t, id, 4, Buffer.alloc(5 * MB + 1))).status).toBe(400); // a chunk is at most 5 MB
    expect((await append(t, id, 1, file.subarray(0, 1000))).status).toBe(400); // segment 1 again, other bytes

    const full = await raw(t, "POST", "/media/upload/initialize", json({ media_type: "video/mp4", total_bytes: file.length }), "application/json");
    const fullId = full.body.data.id as string;
    expect((await append(t, fullId, 0, file.subarray(0, 2000))).status).toBe(200);
    expect((await append(t, fullId, 1, file.subarray(2000))).status).toBe(200);
    const done = await raw(t, "POST", `/media/upload/${fullId}/finalize`);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id: fullId, size: file.length, processing_info: { state: expect.stringMatching(/^(pending|in_progress)$/) } });
    const status = await raw(t, "GET", `/media/upload?command=STATUS&media_id=${fullId}`);
    expect(status.body.data.processing_info.check_after_secs).toBeGreaterThanOrEqual(1);
  });

  it("refuses at initialize what X documents: an unknown media_type, a type outside its category, files over the category's cap", async () => {
    const { tokens } = await account();
    const init = (body: object) => raw(tokens.accessToken, "POST", "/media/upload/initialize", json(body), "application/json");
    expect((await init({ media_type: "application/pdf", total_bytes: 10 })).status).toBe(400);
    expect((await init({ media_type: "video/mp4", total_bytes: 10, media_category: "tweet_image" })).status).toBe(400);
    expect((await init({ media_type: "image/gif", total_bytes: 15 * MB + 1 })).body.detail).toBe("File size exceeds 15728640 bytes.");
    expect((await init({ media_type: "video/mp4", total_bytes: 512 * MB + 1 })).body.detail).toBe("File size exceeds 536870912 bytes.");
    expect((await init({ media_type: "image/png", total_bytes: 5 * MB })).status).toBe(200);
    expect((await init({ media_type: "image/png", total_bytes: 10, command: "INIT" })).status).toBe(400);
  });
});

describe("X media with the official twitter-api-v2 client", () => {
  it("uploads an image (with alt text) and a video with its own chunked helper, and posts them", async () => {
    const { tokens, identity } = await account();
    const client = officialXClient(tokens.accessToken);
    const jpeg = await makeJpeg({ width: 500, height: 500, color: "#123456" });
    const imageId = await client.v2.uploadMedia(jpeg, { media_type: "image/jpeg" });
    await client.v2.createMediaMetadata(imageId, { alt_text: { text: "A dark blue square" } });
    const withImage = await client.v2.tweet({ text: "Image from the official client", media: { media_ids: [imageId] } });

    const mp4 = makeMp4({ durationSeconds: 6, width: 720, height: 720, payloadBytes: 1.5 * MB });
    // 1 MiB chunks (the client's default): two APPENDs; it polls STATUS until processing succeeds
    const videoId = await client.v2.uploadMedia(mp4, { media_type: "video/mp4" });
    const withVideo = await client.v2.reply("Video from the official client", withImage.data.id, { media: { media_ids: [videoId] } });

    const read = await client.v2.singleTweet(withImage.data.id, { expansions: ["attachments.media_keys"], "media.fields": ["alt_text", "type"] });
    expect(read.includes?.media).toEqual([{ media_key: `3_${imageId}`, type: "photo", alt_text: "A dark blue square" }]);
    const posts = await sandboxPosts("x", identity.username);
    expect(posts.map((p) => [p.text, p.replyTo ?? null, p.media.map((m) => [m.type, m.sha256])])).toEqual([
      ["Image from the official client", null, [["photo", sha256(jpeg)]]],
      ["Video from the official client", withImage.data.id, [["video", sha256(mp4)]]],
    ]);
    expect(withVideo.data.id).toBe(posts[1]!.id);
  });
});

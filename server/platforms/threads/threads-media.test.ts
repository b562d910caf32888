// Threads posts with media against the sandbox: an image, a video that takes time to process, a
// carousel with alt text (made at publish, of processed items), a reply with media, Threads' documented limits (2–20 carousel items,
// image formats, video duration) and containers that end in ERROR; and a first comment (a reply).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, contextFor, fault, sandboxPosts } from "../../testing/platform-fixtures.ts";
import { makeJpeg, makeMp4, serveBytes } from "../../testing/media-fixtures.ts";
import { platformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import type { AccountContext, MediaSource, PostMediaItem, PreparedPost, Readiness } from "../types.ts";
import { threadsAdapter as threads } from "./threads-adapter.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

const files: Record<string, { body: Buffer; type: string }> = {};
let served: Awaited<ReturnType<typeof serveBytes>>;

beforeAll(async () => {
  files["photo.jpg"] = { body: await makeJpeg(), type: "image/jpeg" };
  files["other.jpg"] = { body: await makeJpeg({ color: "#ff3300" }), type: "image/jpeg" };
  files["photo.png"] = { body: await (await import("sharp")).default(files["photo.jpg"].body).png().toBuffer(), type: "image/png" };
  files["clip.mp4"] = { body: makeMp4({ durationSeconds: 12.5 }), type: "video/mp4" };
  files["long.mp4"] = { body: makeMp4({ durationSeconds: 400 }), type: "video/mp4" };
  files["not-a-video.mp4"] = { body: Buffer.from("this is text, not a movie"), type: "video/mp4" };
  files["anim.gif"] = { body: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), type: "image/gif" };
  served = await serveBytes(files);
});
afterAll(() => served.close());

function item(name: string, extra: Partial<PostMediaItem> = {}): PostMediaItem {
  const file = files[name]!;
  const source: MediaSource = {
    url: served.url(name),
    size: file.body.length,
    mimeType: file.type,
    readRange: async (start, end) => file.body.subarray(start, end),
  };
  return { kind: file.type.startsWith("video/") ? "video" : "image", source, ...extra };
}

async function account() {
  const { tokens, identity } = await connect(threads);
  return { identity, ctx: contextFor(identity, tokens) };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

/** Polls preparedStatus as the durable job does, until it is no longer processing. */
async function settled(ctx: AccountContext, prepared: PreparedPost, seen: Readiness["state"][] = []): Promise<Readiness> {
  for (let i = 0; i < 300; i++) {
    const r = await threads.preparedStatus!(ctx, prepared);
    seen.push(r.state);
    if (r.state !== "processing") return r;
    await sleep(50);
  }
  throw new Error("still processing");
}

async function graphGet<T = Record<string, unknown>>(ctx: AccountContext, path: string): Promise<T> {
  const res = await fetch(`${platformConfig().endpoints.threads.graph}${path}`, { headers: { Authorization: `Bearer ${ctx.accessToken}` } });
  return (await res.json()) as T;
}

describe("Threads posts with media", () => {
  it("publishes an image with text and alt text: Threads stores one IMAGE, the bytes it fetched", async () => {
    const { ctx, identity } = await account();
    const prepared = await threads.preparePost!(ctx, { text: "Sunrise over the bay", media: [item("photo.jpg", { altText: "A red sun over water" })] });
    expect(prepared).toEqual({ mediaType: "IMAGE", creationId: expect.stringMatching(/^\d+$/), itemIds: [], replyToId: null });
    expect(await settled(ctx, prepared)).toEqual({ state: "ready" });
    const published = await threads.publishPrepared!(ctx, prepared, { text: "Sunrise over the bay" });
    expect(published.permalink).toMatch(new RegExp(`^https://www\\.threads\\.net/@${identity.username}/post/`));
    expect(await graphGet(ctx, `/v1.0/${published.id}?fields=media_type,text,alt_text`)).toEqual({
      id: published.id,
      media_type: "IMAGE",
      text: "Sunrise over the bay",
      alt_text: "A red sun over water",
    });
    const [post] = await sandboxPosts("threads", identity.username);
    expect(post!.media.map((m) => [m.type, m.sha256])).toEqual([["image", sha(files["photo.jpg"]!.body)]]);
    // The container is spent: PUBLISHED, and a second publish is refused.
    expect(await graphGet(ctx, `/v1.0/${prepared.creationId}?fields=status`)).toMatchObject({ status: "PUBLISHED" });
    expect((await failure(threads.publishPrepared!(ctx, prepared, { text: "again" }))).kind).toBe("invalid_request");
    expect(await sandboxPosts("threads", identity.username)).toHaveLength(1);
  });

  it("takes PNG images too (JPEG and PNG are Threads' image formats)", async () => {
    const { ctx } = await account();
    const prepared = await threads.preparePost!(ctx, { text: "", media: [item("photo.png")] });
    expect(await settled(ctx, prepared)).toEqual({ state: "ready" });
  });

  it("waits while a video is processed, then publishes it as a VIDEO", async () => {
    const { ctx, identity } = await account();
    await fault("threads", "slow_processing", { operation: "threads.create", username: identity.username, delaySeconds: 1 });
    const prepared = await threads.preparePost!(ctx, { text: "A short clip", media: [item("clip.mp4", { altText: "Waves on rocks" })] });
    expect(prepared).toMatchObject({ mediaType: "VIDEO", itemIds: [] });
    const seen: Readiness["state"][] = [];
    expect(await settled(ctx, prepared, seen)).toEqual({ state: "ready" });
    expect(seen[0]).toBe("processing");
    const published = await threads.publishPrepared!(ctx, prepared, { text: "A short clip" });
    expect(await graphGet(ctx, `/v1.0/${published.id}?fields=media_type,alt_text`)).toEqual({
      id: published.id,
      media_type: "VIDEO",
      alt_text: "Waves on rocks",
    });
    const [post] = await sandboxPosts("threads", identity.username);
    expect(post!.media.map((m) => [m.type, m.sha256])).toEqual([["video", sha(files["clip.mp4"]!.body)]]);
  });

  it("publishes a carousel of three (image, video, image) with alt text, in order, as one CAROUSEL_ALBUM", async () => {
    const { ctx, identity } = await account();
    const media = [item("photo.jpg", { altText: "First" }), item("clip.mp4", { altText: "Second" }), item("other.jpg", { altText: "Third" })];
    const prepared = await threads.preparePost!(ctx, { text: "Three in one", media });
    // The carousel container is made at publish, of processed items; until then the items are what is prepared.
    expect(prepared).toEqual({
      mediaType: "CAROUSEL",
      creationId: null,
      itemIds: [expect.any(String), expect.any(String), expect.any(String)],
      replyToId: null,
    });
    expect(await settled(ctx, prepared)).toEqual({ state: "ready" });
    const published = await threads.publishPrepared!(ctx, prepared, { text: "Three in one" });

    const read = await graphGet<{ media_type: string; text: string; children: { data: Record<string, unknown>[] } }>(
      ctx,
      `/v1.0/${published.id}?fields=media_type,text,children{id,media_type,alt_text}`,
    );
    expect(read).toMatchObject({ media_type: "CAROUSEL_ALBUM", text: "Three in one" });
    expect(read.children.data.map(({ media_type, alt_text }) => [media_type, alt_text])).toEqual([
      ["IMAGE", "First"],
      ["VIDEO", "Second"],
      ["IMAGE", "Third"],
    ]);
    // Each child is a media of its own.
    const second = read.children.data[1]!.id as string;
    expect(await graphGet(ctx, `/v1.0/${second}?fields=media_type,alt_text`)).toEqual({ id: second, media_type: "VIDEO", alt_text: "Second" });
    const [post] = await sandboxPosts("threads", identity.username);
    expect(post!.media.map((m) => [m.type, m.sha256])).toEqual([
      ["image", sha(files["photo.jpg"]!.body)],
      ["video", sha(files["clip.mp4"]!.body)],
      ["image", sha(files["other.jpg"]!.body)],
    ]);
    for (const id of (prepared as { itemIds: string[] }).itemIds)
      expect(await graphGet(ctx, `/v1.0/${id}?fields=status`)).toMatchObject({ status: "PUBLISHED" });
  });

  it("replies with media within a thread; the reply target is fixed when the container is made", async () => {
    const { ctx } = await account();
    const root = await threads.publishText!(ctx, { text: "A thread with pictures" });
    const prepared = await threads.preparePost!(ctx, { text: "Picture two", replyToId: root.id, media: [item("photo.jpg")] });
    expect(prepared).toMatchObject({ replyToId: root.id });
    await settled(ctx, prepared);
    // Publishing it as a reply to something else cannot be done: refused before anything is sent.
    expect((await failure(threads.publishPrepared!(ctx, prepared, { text: "Picture two" }))).kind).toBe("invalid_request");
    const reply = await threads.publishPrepared!(ctx, prepared, { text: "Picture two", replyToId: root.id });
    expect(await graphGet(ctx, `/v1.0/${reply.id}?fields=media_type,is_reply,replied_to,root_post`)).toEqual({
      id: reply.id,
      media_type: "IMAGE",
      is_reply: true,
      replied_to: { id: root.id },
      root_post: { id: root.id },
    });
    // A carousel further down the thread replies to the post before it.
    const third = await threads.preparePost!(ctx, { text: "Pictures three and four", replyToId: reply.id, media: [item("photo.jpg"), item("other.jpg")] });
    await settled(ctx, third);
    const carousel = await threads.publishPrepared!(ctx, third, { text: "Pictures three and four", replyToId: reply.id });
    expect(await graphGet(ctx, `/v1.0/${carousel.id}?fields=media_type,replied_to,root_post`)).toEqual({
      id: carousel.id,
      media_type: "CAROUSEL_ALBUM",
      replied_to: { id: reply.id },
      root_post: { id: root.id },
    });
  });

  it("the sandbox makes a carousel of processed items only, of this user's carousel items", async () => {
    const { ctx, identity } = await account();
    const other = await account();
    const post = (c: AccountContext, form: Record<string, string>) =>
      fetch(`${platformConfig().endpoints.threads.graph}/v1.0/${c.providerAccountId}/threads`, {
        method: "POST",
        headers: { Authorization: `Bearer ${c.accessToken}` },
        body: new URLSearchParams(form),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id?: string; error?: { code: number; message: string } } }));
    await fault("threads", "slow_processing", { operation: "threads.create", username: identity.username, delaySeconds: 5 });
    const slow = (await post(ctx, { media_type: "IMAGE", image_url: served.url("photo.jpg"), is_carousel_item: "true" })).body.id!;
    const pair = await threads.preparePost!(ctx, { text: "", media: [item("photo.jpg"), item("other.jpg")] });
    expect(await settled(ctx, pair)).toEqual({ state: "ready" });
    const ready = pair.itemIds as string[];
    expect((await post(ctx, { media_type: "CAROUSEL", children: [slow, ready[0]].join(",") })).body.error).toMatchObject({ code: 9007 });
    const single = (await threads.preparePost!(ctx, { text: "", media: [item("photo.jpg")] })).creationId as string;
    const theirs = (await threads.preparePost!(other.ctx, { text: "", media: [item("photo.jpg"), item("other.jpg")] })).itemIds as string[];
    for (const children of [
      [ready[0], single],
      [ready[0], theirs[0]],
    ]) {
      const res = await post(ctx, { media_type: "CAROUSEL", children: children.join(",") });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 100, message: expect.stringContaining("is not a carousel item container of this user") });
    }
  });

  it("refuses a carousel of 21 items with Threads' rule (at least 2, no more than 20), and nothing is published", async () => {
    const { ctx, identity } = await account();
    const media = Array.from({ length: 21 }, () => item("photo.jpg"));
    const prepared = await threads.preparePost!(ctx, { text: "Too many", media });
    expect(await settled(ctx, prepared)).toEqual({ state: "ready" });
    const err = await failure(threads.publishPrepared!(ctx, prepared, { text: "Too many" }));
    expect(err.kind).toBe("invalid_request");
    expect(err.message).toMatch(/at least 2 and no more than 20/);
    // The same rule in Meta's error envelope, for a carousel of one.
    const res = await fetch(`${platformConfig().endpoints.threads.graph}/v1.0/${ctx.providerAccountId}/threads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ctx.accessToken}` },
      body: new URLSearchParams({ media_type: "CAROUSEL", children: "123" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: 100,
      message: expect.stringContaining("at least 2 and no more than 20"),
    });
    expect(await sandboxPosts("threads", identity.username)).toEqual([]);
  });

  it("ends containers in ERROR with Threads' error_message: a video over 300 s, a file that is not a video; nothing is published", async () => {
    const { ctx, identity } = await account();
    const long = await threads.preparePost!(ctx, { text: "Too long", media: [item("long.mp4")] });
    expect(await settled(ctx, long)).toEqual({ state: "failed", reason: "INVALID_DURATION" });
    expect(await graphGet(ctx, `/v1.0/${long.creationId}?fields=status,error_message`)).toEqual({
      id: long.creationId,
      status: "ERROR",
      error_message: "INVALID_DURATION",
    });
    expect((await failure(threads.publishPrepared!(ctx, long, { text: "Too long" }))).kind).toBe("invalid_request");

    const broken = await threads.preparePost!(ctx, { text: "Broken", media: [item("not-a-video.mp4")] });
    expect(await settled(ctx, broken)).toEqual({ state: "failed", reason: "FAILED_PROCESSING_VIDEO" });

    // A failed carousel item fails the carousel before it is made.
    const mixed = await threads.preparePost!(ctx, { text: "Mixed", media: [item("photo.jpg"), item("not-a-video.mp4")] });
    expect(await settled(ctx, mixed)).toEqual({ state: "failed", reason: "FAILED_PROCESSING_VIDEO" });
    expect(await sandboxPosts("threads", identity.username)).toEqual([]);
  });

  it("refuses images that are not JPEG or PNG, and media it cannot fetch", async () => {
    const { ctx } = await account();
    expect((await failure(threads.preparePost!(ctx, { text: "", media: [item("anim.gif")] }))).kind).toBe("invalid_request");
    const missing = { ...item("photo.jpg"), source: { ...item("photo.jpg").source, url: served.url("gone.jpg") } };
    expect((await failure(threads.preparePost!(ctx, { text: "", media: [missing] }))).kind).toBe("media_rejected");
    expect((await failure(threads.preparePost!(ctx, { text: "", media: [{ ...item("photo.jpg"), kind: "document" }] }))).kind).toBe("invalid_request");
  });

  it("posts a first comment as a reply from the same account", async () => {
    const { ctx, identity } = await account();
    const post = await threads.publishText!(ctx, { text: "The post" });
    const { id } = await threads.comment!(ctx, { postId: post.id, text: "The first comment" });
    const stored = (await sandboxPosts("threads", identity.username)).find((p) => p.id === id);
    expect(stored).toMatchObject({ kind: "reply", replyTo: post.id, text: "The first comment" });
    expect((await failure(threads.comment!(ctx, { postId: "999", text: "nowhere" }))).kind).toBe("not_found");
  });
});

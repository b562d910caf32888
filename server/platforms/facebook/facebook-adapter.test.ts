// Facebook adapter against the sandbox: Facebook Login with the long-lived exchange and Page
// tokens, feed posts (text, link, photos, video), Reels and Stories with their upload phases
// and status polling, published posts with insights, and every mapped error.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import type { AccountContext } from "../types.ts";
import { makeJpeg, makeMp4, serveBytes } from "../../testing/media-fixtures.ts";
import { connect, contextFor, fault, redirectUri, sandbox, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { facebookAdapter as fb, type FacebookVideoStatus, type VideoMilestone } from "./facebook-adapter.ts";

const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

/** Polls a video until processing ends (complete or error), as the publishing job does. */
async function processed(ctx: AccountContext, videoId: string, withinMs = 15_000): Promise<FacebookVideoStatus> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const status = await fb.videoStatus(ctx, videoId);
    if (status.processingPhase === "complete" || status.processingPhase === "error" || Date.now() > deadline) return status;
    await sleep(100);
  }
}

/** Follows a Reel or video Story to a milestone as the publishing job does, giving up at the deadline. */
async function follow(ctx: AccountContext, videoId: string, milestone: VideoMilestone, withinMs = 10_000): Promise<void> {
  const deadline = new Date(Date.now() + withinMs);
  while (!(await fb.videoReached(ctx, { videoId, milestone, deadline }))) await sleep(50);
}

async function page(choices: Parameters<typeof connect>[1] = {}, scopes?: string[]) {
  const { tokens, identity } = await connect(fb, choices, { scopes });
  return { tokens, identity, ctx: contextFor(identity, tokens) };
}

const files: Record<string, Buffer> = {};
let media: Awaited<ReturnType<typeof serveBytes>>;
const url = (name: string) => media.url(name);

beforeAll(async () => {
  files.jpeg = await makeJpeg();
  files.red = await makeJpeg({ color: "#d22" });
  files.green = await makeJpeg({ color: "#2d2" });
  files.big = Buffer.concat([files.jpeg, Buffer.alloc(9 * 1024 ** 2, 1)]);
  files.png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
  files.mp4 = makeMp4({ durationSeconds: 12 });
  media = await serveBytes({
    "photo.jpg": { body: files.jpeg, type: "image/jpeg" },
    "red.jpg": { body: files.red, type: "image/jpeg" },
    "green.jpg": { body: files.green, type: "image/jpeg" },
    "big.jpg": { body: files.big, type: "image/jpeg" },
    "image.png": { body: files.png, type: "image/png" },
    "clip.mp4": { body: files.mp4, type: "video/mp4" },
  });
});
afterAll(() => media.close());

describe("Facebook adapter: connecting", () => {
  it("connects through the dialog: long-lived user token, granted scopes, one identity per Page with its own token", async () => {
    const v = platformConfig().metaGraphVersion;
    const authorize = new URL(fb.authorizeUrl({ state: "s1", redirectUri }));
    expect(authorize.pathname.endsWith(`/${v}/dialog/oauth`)).toBe(true);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: platformConfig().credentials.facebook.clientId,
      redirect_uri: redirectUri,
      state: "s1",
      response_type: "code",
      scope:
        "pages_show_list,pages_manage_posts,pages_read_engagement,pages_read_user_engagement,pages_manage_engagement,read_insights,publish_video,business_management",
    });

    const username = `fb_ada_${crypto.randomUUID().slice(0, 8)}`;
    const { tokens, identities, identity } = await connect(fb, {
      username,
      displayName: "Ada",
      pageName: "Ada's Bäkery",
      pageTasks: ["CREATE_CONTENT", "ANALYZE"],
    });
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(tokens.scopes).toEqual(["public_profile", ...fb.defaultScopes]);

    const { profiles } = await sandbox<{ profiles: { provider: string; username: string; page?: { id: string } }[] }>("GET", "/_sandbox/profiles");
    const pageId = profiles.find((p) => p.provider === "facebook" && p.username === username)!.page!.id;
    expect(identities).toHaveLength(1);
    expect(identity).toMatchObject({
      providerAccountId: pageId,
      username: "ada-s-bakery",
      displayName: "Ada's Bäkery",
      pageTasks: ["CREATE_CONTENT", "ANALYZE"],
      scopes: tokens.scopes,
    });
    expect(identity.tokens).toMatchObject({ refreshToken: null, expiresAt: null });
    expect(identity.tokens!.accessToken).not.toBe(tokens.accessToken);
  });

  it("uses each code once and only with the redirect uri it was issued for", async () => {
    const back = await consentHeadlessly(fb.authorizeUrl({ state: "s2", redirectUri }), { username: "fb_once" });
    const code = back.searchParams.get("code")!;
    expect((await failure(fb.exchangeCode({ code, redirectUri: "http://127.0.0.1:9/elsewhere" }))).kind).toBe("invalid_request");
    // the failed attempt consumed the code
    expect((await failure(fb.exchangeCode({ code, redirectUri }))).kind).toBe("invalid_request");
  });

  it("has no refresh: Page tokens do not expire, and a dead grant means reconnecting", async () => {
    const { tokens, ctx } = await page();
    expect(fb.canRefresh({ accessToken: tokens.accessToken, refreshToken: null })).toBe(false);
    expect((await failure(fb.refresh({ accessToken: tokens.accessToken, refreshToken: null }))).kind).toBe("auth_expired");
    await fault("facebook", "revoked_token", { operation: "page.feed" });
    expect((await failure(fb.publishFeed(ctx, { message: "revoked now" }))).kind).toBe("auth_expired");
    // revoking the grant kills the user token and every Page token derived from it
    expect((await failure(fb.publishFeed(ctx, { message: "still revoked" }))).kind).toBe("auth_expired");
    expect((await failure(fb.identities(tokens))).kind).toBe("auth_expired");
  });
});

describe("Facebook adapter: publishing", () => {
  it("publishes text and link posts; duplicates, facebook.com links and invalid URLs are refused", async () => {
    const { ctx, identity } = await page();
    const text = await fb.publishFeed(ctx, { message: "Hello from the sandbox" });
    expect(text.id).toMatch(new RegExp(`^${identity.providerAccountId}_\\d+$`));
    const info = await fb.postInfo(ctx, text.id);
    expect(info.permalink).toBe(`https://www.facebook.com/${text.id}`);
    expect(Math.abs(info.createdAt!.getTime() - Date.now())).toBeLessThan(60_000);
    await fb.publishFeed(ctx, { message: "Read this", link: "https://example.com/article" });
    expect((await failure(fb.publishFeed(ctx, { message: "Read this", link: "https://example.com/article" }))).kind).toBe("content_rejected");
    expect((await failure(fb.publishFeed(ctx, { message: "See", link: "https://www.facebook.com/somepage" }))).kind).toBe("content_rejected");
    expect((await failure(fb.publishFeed(ctx, { message: "See", link: "not a url" }))).kind).toBe("content_rejected");
    const posts = await sandboxPosts("facebook", identity.username);
    expect(posts.map((p) => [p.kind, p.text, p.extra.link ?? null])).toEqual([
      ["text", "Hello from the sandbox", null],
      ["link", "Read this", "https://example.com/article"],
    ]);
  });

  it("publishes one photo, and 2–10 photos as one post in order; a photo is used once; bad images are media_rejected", async () => {
    const { ctx, identity } = await page();
    const single = await fb.uploadPhoto(ctx, { url: url("photo.jpg"), published: true, caption: "One photo" });
    expect(single.postId).toMatch(/^\d+_\d+$/);
    const children = [];
    for (const name of ["red.jpg", "green.jpg", "photo.jpg"]) children.push(await fb.uploadPhoto(ctx, { url: url(name), published: false }));
    expect(children.every((c) => c.postId === null)).toBe(true);
    const album = await fb.publishMultiPhoto(ctx, { message: "Three photos", photoIds: children.map((c) => c.id) });
    const posts = await sandboxPosts("facebook", identity.username);
    expect(posts.map((p) => [p.id, p.kind, p.text, p.media.map((m) => m.sha256)])).toEqual([
      [single.postId, "photo", "One photo", [sha(files.jpeg!)]],
      [album.id, "multi_photo", "Three photos", [sha(files.red!), sha(files.green!), sha(files.jpeg!)]],
    ]);
    const again = await fb.uploadPhoto(ctx, { url: url("red.jpg"), published: false });
    expect((await failure(fb.publishMultiPhoto(ctx, { message: "reuse", photoIds: [children[0]!.id, again.id] }))).kind).toBe("media_rejected");
    expect((await failure(fb.publishMultiPhoto(ctx, { message: "one", photoIds: [again.id] }))).kind).toBe("invalid_request");
    for (const name of ["image.png", "big.jpg", "missing.jpg"]) {
      expect((await failure(fb.uploadPhoto(ctx, { url: url(name), published: true }))).kind, name).toBe("media_rejected");
    }
    expect(await sandboxPosts("facebook", identity.username)).toHaveLength(2);
  });

  it("publishes a feed video that Meta fetches; the post appears once processing completes", async () => {
    const { ctx, identity } = await page();
    const hits = media.hits["clip.mp4"] ?? 0;
    const video = await fb.publishVideo(ctx, { fileUrl: url("clip.mp4"), description: "A feed video" });
    expect(media.hits["clip.mp4"]).toBe(hits + 1);
    expect(await fb.videoStatus(ctx, video.id)).toMatchObject({ videoStatus: "processing", uploadingPhase: "complete", processingPhase: "in_progress" });
    expect(await sandboxPosts("facebook", identity.username)).toEqual([]);
    expect(await processed(ctx, video.id)).toEqual({
      videoStatus: "ready",
      uploadingPhase: "complete",
      processingPhase: "complete",
      publishingPhase: "complete",
      error: null,
    });
    const [post] = await sandboxPosts("facebook", identity.username);
    expect(post).toMatchObject({ kind: "video", text: "A feed video", media: [{ sha256: sha(files.mp4!), type: "video" }] });
    expect((await fb.postInfo(ctx, video.id)).permalink).toBe(`https://www.facebook.com/${post!.id}`);
  });

  it("ends a rejected feed video in the error status, never as a post", async () => {
    const { ctx, identity } = await page();
    await fault("facebook", "reject_media", { operation: "page.videos" });
    const video = await fb.publishVideo(ctx, { fileUrl: url("clip.mp4"), description: "rejected" });
    const status = await processed(ctx, video.id);
    expect(status).toMatchObject({ videoStatus: "error", processingPhase: "error", publishingPhase: "not_started" });
    expect(status.error).toMatch(/rejected/);
    expect((await failure(fb.publishVideo(ctx, { fileUrl: url("photo.jpg"), description: "not a video" }))).kind).toBe("media_rejected");
    expect(await sandboxPosts("facebook", identity.username)).toEqual([]);
  });

  it("publishes a reel: start, hosted upload, finish as soon as the upload completes, then processing and publishing", async () => {
    const { ctx, identity } = await page();
    await fault("facebook", "slow_processing", { operation: "page.video_reels", delaySeconds: 0.8 });
    const session = await fb.startReel(ctx);
    expect(session.uploadUrl).toBe(`${sandboxUrl()}/facebook/rupload/video-upload/${platformConfig().metaGraphVersion}/${session.videoId}`);
    expect(await fb.videoStatus(ctx, session.videoId)).toMatchObject({ videoStatus: "uploading", uploadingPhase: "not_started" });
    expect((await failure(fb.finishReel(ctx, { videoId: session.videoId, description: "too early" }))).kind).toBe("invalid_request");
    expect(await fb.uploadHosted(ctx, { videoId: session.videoId, fileUrl: url("clip.mp4"), uploadUrl: session.uploadUrl })).toEqual({ success: true });
    expect(await fb.videoReached(ctx, { videoId: session.videoId, milestone: "uploaded", deadline: new Date(Date.now() + 1000) })).toBe(true);
    const done = await fb.finishReel(ctx, { videoId: session.videoId, description: "My first reel" });
    expect(done.success).toBe(true);
    // processing starts with finish
    expect(await fb.videoStatus(ctx, session.videoId)).toMatchObject({
      videoStatus: "processing",
      processingPhase: "in_progress",
      publishingPhase: "not_started",
    });
    expect(await fb.videoReached(ctx, { videoId: session.videoId, milestone: "published", deadline: new Date(Date.now() + 5000) })).toBe(false);
    await follow(ctx, session.videoId, "published");
    expect(await fb.videoStatus(ctx, session.videoId)).toEqual({
      videoStatus: "ready",
      uploadingPhase: "complete",
      processingPhase: "complete",
      publishingPhase: "complete",
      error: null,
    });
    expect((await fb.postInfo(ctx, session.videoId)).permalink).toBe(`https://www.facebook.com/reel/${session.videoId}`);
    const posts = await sandboxPosts("facebook", identity.username);
    expect(posts.map((p) => [p.id, p.kind, p.text, p.media[0]!.sha256])).toEqual([[done.postId, "reel", "My first reel", sha(files.mp4!)]]);
  });

  // https://developers.facebook.com/docs/video-api/guides/reels-publishing/ ("Rate Limit": 30
  // API-published posts within a 24-hour moving period, enforced when publishing a reel)
  it("refuses a Page's 31st reel in 24 hours as quota_exceeded, and counts each Page's reels apart", async () => {
    const busy = await page();
    const other = await page();
    const reel = async (ctx: AccountContext, n: number) => {
      const session = await fb.startReel(ctx);
      await fb.uploadHosted(ctx, { videoId: session.videoId, fileUrl: url("clip.mp4"), uploadUrl: session.uploadUrl });
      return fb.finishReel(ctx, { videoId: session.videoId, description: `reel ${n}` });
    };
    for (let n = 1; n <= 30; n++) expect((await reel(busy.ctx, n)).success).toBe(true);
    const refused = await failure(reel(busy.ctx, 31));
    expect([refused.kind, refused.message]).toEqual(["quota_exceeded", expect.stringContaining("(#9)")]);
    expect((await reel(other.ctx, 1)).success).toBe(true);
  });

  it("never processes an uploaded reel or video Story before finish, so waiting for processing first would never end", async () => {
    const { ctx } = await page();
    for (const session of [await fb.startReel(ctx), await fb.startVideoStory(ctx)]) {
      await fb.uploadHosted(ctx, { videoId: session.videoId, fileUrl: url("clip.mp4"), uploadUrl: session.uploadUrl });
      // well past the sandbox's processing delay (300 ms): still "upload complete, processing not started"
      await sleep(1000);
      expect(await fb.videoStatus(ctx, session.videoId)).toEqual({
        videoStatus: "upload_complete",
        uploadingPhase: "complete",
        processingPhase: "not_started",
        publishingPhase: "not_started",
        error: null,
      });
      expect(await processed(ctx, session.videoId, 1000)).toMatchObject({ processingPhase: "not_started" });
    }
  });

  it("ends the wait at its deadline: unknown_outcome after finish, media_rejected before the upload completes", async () => {
    const { ctx } = await page();
    await fault("facebook", "slow_processing", { operation: "page.video_reels", delaySeconds: 60 });
    const slow = await fb.startReel(ctx);
    await fb.uploadHosted(ctx, { videoId: slow.videoId, fileUrl: url("clip.mp4") });
    await follow(ctx, slow.videoId, "uploaded");
    expect((await fb.finishReel(ctx, { videoId: slow.videoId, description: "slow" })).success).toBe(true);
    const started = Date.now();
    const late = await failure(follow(ctx, slow.videoId, "published", 500));
    expect(late.kind).toBe("unknown_outcome");
    expect(late.detail).toMatch(/had not published it by .*\(still processing\)/);
    expect(Date.now() - started).toBeLessThan(3000);
    // a session whose bytes never arrive: nothing was published
    const empty = await fb.startVideoStory(ctx);
    expect((await failure(follow(ctx, empty.videoId, "uploaded", 300))).kind).toBe("media_rejected");
  });

  it("ends a reel with rejected media in the error status after finish, as media_rejected, never as a visible post", async () => {
    const { ctx, identity } = await page();
    await fault("facebook", "reject_media", { operation: "page.video_reels" });
    const rejected = await fb.startReel(ctx);
    await fb.uploadHosted(ctx, { videoId: rejected.videoId, fileUrl: url("clip.mp4") });
    await follow(ctx, rejected.videoId, "uploaded");
    await fb.finishReel(ctx, { videoId: rejected.videoId, description: "no" });
    expect((await failure(follow(ctx, rejected.videoId, "published"))).kind).toBe("media_rejected");
    expect(await fb.videoStatus(ctx, rejected.videoId)).toMatchObject({ videoStatus: "error", processingPhase: "error", publishingPhase: "not_started" });
    // a file that is not a video uploads, then fails in processing
    const notVideo = await fb.startReel(ctx);
    await fb.uploadHosted(ctx, { videoId: notVideo.videoId, fileUrl: url("photo.jpg") });
    await fb.finishReel(ctx, { videoId: notVideo.videoId, description: "not a video" });
    expect((await failure(follow(ctx, notVideo.videoId, "published"))).detail).toMatch(/not a video/);
    expect((await failure(fb.uploadHosted(ctx, { videoId: notVideo.videoId, fileUrl: url("clip.mp4") }))).kind).toBe("media_rejected");
    expect((await sandboxPosts("facebook", identity.username)).filter((p) => !p.deleted)).toEqual([]);
    expect((await fb.listPosts(ctx, null)).posts).toEqual([]);
  });

  it("publishes Stories: a photo (never one posted before) and a video", async () => {
    const { ctx, identity } = await page();
    const photo = await fb.uploadPhoto(ctx, { url: url("green.jpg"), published: false });
    const story = await fb.publishPhotoStory(ctx, { photoId: photo.id });
    expect(story).toEqual({ success: true, postId: expect.stringMatching(/^\d+_\d+$/) });
    expect((await failure(fb.publishPhotoStory(ctx, { photoId: photo.id }))).kind).toBe("media_rejected");
    const feedPhoto = await fb.uploadPhoto(ctx, { url: url("red.jpg"), published: true });
    expect((await failure(fb.publishPhotoStory(ctx, { photoId: feedPhoto.id }))).kind).toBe("media_rejected");

    const session = await fb.startVideoStory(ctx);
    await fb.uploadHosted(ctx, { videoId: session.videoId, fileUrl: url("clip.mp4"), uploadUrl: session.uploadUrl });
    await follow(ctx, session.videoId, "uploaded");
    const videoStory = await fb.finishVideoStory(ctx, { videoId: session.videoId });
    expect(videoStory.success).toBe(true);
    expect((await fb.videoStatus(ctx, session.videoId)).processingPhase).toBe("in_progress");
    await follow(ctx, session.videoId, "published");
    const posts = await sandboxPosts("facebook", identity.username);
    expect(posts.filter((p) => p.kind === "story").map((p) => [p.id, p.media[0]!.type, p.media[0]!.sha256])).toEqual([
      [story.postId, "image", sha(files.green!)],
      [videoStory.postId, "video", sha(files.mp4!)],
    ]);
    // Stories are not feed posts
    expect((await fb.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([feedPhoto.postId]);
  });

  it("the sandbox's rupload also takes the bytes in chunks with offset and file_size", async () => {
    const { ctx, identity } = await page();
    const session = await fb.startReel(ctx);
    const half = Math.floor(files.mp4!.length / 2);
    const send = (offset: number, bytes: Buffer) =>
      fetch(session.uploadUrl, {
        method: "POST",
        headers: {
          Authorization: `OAuth ${ctx.accessToken}`,
          offset: String(offset),
          file_size: String(files.mp4!.length),
          "Content-Type": "application/octet-stream",
        },
        body: new Uint8Array(bytes),
      });
    expect(await (await send(0, files.mp4!.subarray(0, half))).json()).toEqual({ success: true });
    const wrong = await send(0, files.mp4!.subarray(half));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ debug_info: { type: "OffsetMismatch" } });
    expect((await fb.videoStatus(ctx, session.videoId)).uploadingPhase).toBe("in_progress");
    expect(await (await send(half, files.mp4!.subarray(half))).json()).toEqual({ success: true });
    await follow(ctx, session.videoId, "uploaded");
    await fb.finishReel(ctx, { videoId: session.videoId, description: "chunked" });
    expect((await sandboxPosts("facebook", identity.username)).map((p) => [p.text, p.media[0]!.sha256, p.media[0]!.size])).toEqual([
      ["chunked", sha(files.mp4!), files.mp4!.length],
    ]);
  });

  it("enforces the Reels cap (30 per Page per 24 hours) as quota_exceeded", async () => {
    const { ctx, identity } = await page();
    const sessions = await Promise.all(Array.from({ length: 31 }, () => fb.startReel(ctx)));
    await Promise.all(sessions.map((s) => fb.uploadHosted(ctx, { videoId: s.videoId, fileUrl: url("clip.mp4") })));
    for (const s of sessions) await follow(ctx, s.videoId, "uploaded");
    await Promise.all(sessions.slice(0, 30).map((s, i) => fb.finishReel(ctx, { videoId: s.videoId, description: `reel ${i}` })));
    const err = await failure(fb.finishReel(ctx, { videoId: sessions[30]!.videoId, description: "one too many" }));
    expect(err.kind).toBe("quota_exceeded");
    expect(err.platformCode).toBe("9");
    expect(await sandboxPosts("facebook", identity.username)).toHaveLength(30);
  });
});

describe("Facebook adapter: reading", () => {
  it("lists published posts newest first across pages, with Facebook's metric names and attachment types", async () => {
    const { ctx, identity } = await page();
    for (let i = 0; i < 101; i++) await fb.publishFeed(ctx, { message: `post ${i}` });
    await fb.publishFeed(ctx, { message: "with a link", link: "https://example.com/a" });
    await fb.uploadPhoto(ctx, { url: url("photo.jpg"), published: true, caption: "a photo" });
    const first = await fb.listPosts(ctx, null);
    expect(first.posts).toHaveLength(100);
    expect(first.posts.slice(0, 3).map((p) => [p.content, p.mediaType])).toEqual([
      ["a photo", "photo"],
      ["with a link", "share"],
      ["post 100", null],
    ]);
    expect(first.nextCursor).toBeTruthy();
    const second = await fb.listPosts(ctx, first.nextCursor);
    expect(second.posts.map((p) => p.content)).toEqual(["post 2", "post 1", "post 0"]);
    expect(second.nextCursor).toBeNull();

    const { posts: stored } = await sandbox<{ posts: { id: string; metrics: Record<string, number> }[] }>(
      "GET",
      `/_sandbox/posts?provider=facebook&username=${identity.username}`,
    );
    const oldest = second.posts[2]!;
    const m = stored.find((p) => p.id === oldest.nativeId)!.metrics;
    expect(oldest.metrics).toEqual({
      post_media_view: m.views,
      post_total_media_view_unique: m.reach,
      reactions: m.likes,
      comments: m.replies,
      shares: m.shares,
    });
    expect(oldest.permalink).toBe(`https://www.facebook.com/${oldest.nativeId}`);
    expect(Math.abs(oldest.postedAt.getTime() - Date.now())).toBeLessThan(120_000);
  });

  it("does not list deleted posts; without read_insights the views are unavailable (null)", async () => {
    const { ctx } = await page(
      {},
      fb.defaultScopes.filter((s) => s !== "read_insights"),
    );
    const kept = await fb.publishFeed(ctx, { message: "kept" });
    const gone = await fb.publishFeed(ctx, { message: "deleted later" });
    await fb.deletePost!(ctx, gone.id);
    const { posts } = await fb.listPosts(ctx, null);
    expect(posts.map((p) => p.nativeId)).toEqual([kept.id]);
    expect(posts[0]!.metrics).toMatchObject({
      post_media_view: null,
      post_total_media_view_unique: null,
      reactions: expect.any(Number),
      comments: expect.any(Number),
    });
    // Deleted once: a second delete, or another Page's token, finds nothing to delete.
    expect((await failure(fb.deletePost!(ctx, gone.id))).kind).toBe("not_found");
    const other = await page();
    expect((await failure(fb.deletePost!(other.ctx, kept.id))).kind).toBe("not_found");
    expect((await fb.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([kept.id]);
  });
});

describe("Facebook adapter: errors", () => {
  it("maps every platform failure to its kind", async () => {
    const { ctx, identity } = await page();
    const kinds: [string, string, Record<string, unknown>?][] = [
      ["expired_token", "auth_expired"],
      ["rate_limit", "rate_limited", { retryAfterSeconds: 120 }],
      ["quota", "quota_exceeded"],
      ["reject_content", "content_rejected"],
      ["server_error", "unavailable"],
    ];
    for (const [kind, expected, extra] of kinds) {
      await fault("facebook", kind, { operation: "page.feed", ...extra });
      const err = await failure(fb.publishFeed(ctx, { message: `fault ${kind}` }));
      expect(err.kind, kind).toBe(expected);
      if (kind === "rate_limit") expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    }
    await fault("facebook", "reject_media", { operation: "page.photos" });
    expect((await failure(fb.uploadPhoto(ctx, { url: url("photo.jpg"), published: true }))).kind).toBe("media_rejected");
    await fault("facebook", "server_error", { operation: "rupload.video_upload" });
    const session = await fb.startReel(ctx);
    expect((await failure(fb.uploadHosted(ctx, { videoId: session.videoId, fileUrl: url("clip.mp4") }))).kind).toBe("unavailable");
    expect((await failure(fb.postInfo(ctx, "123_456"))).kind).toBe("not_found");
    expect(await sandboxPosts("facebook", identity.username)).toEqual([]);
  });

  it("answers permission without pages_manage_posts, without the CREATE_CONTENT task, or with a user token", async () => {
    const noScope = await page({}, ["pages_show_list", "pages_read_engagement"]);
    expect(noScope.tokens.scopes).toEqual(["public_profile", "pages_show_list", "pages_read_engagement"]);
    expect((await failure(fb.publishFeed(noScope.ctx, { message: "no scope" }))).kind).toBe("permission");
    const noTask = await page({ pageTasks: ["ANALYZE", "MODERATE"] });
    expect(noTask.identity.pageTasks).toEqual(["ANALYZE", "MODERATE"]);
    expect((await failure(fb.publishFeed(noTask.ctx, { message: "no task" }))).kind).toBe("permission");
    expect((await failure(fb.startReel(noTask.ctx))).kind).toBe("permission");
    const userToken = { ...noTask.ctx, accessToken: noTask.tokens.accessToken };
    expect((await failure(fb.publishFeed(userToken, { message: "user token" }))).kind).toBe("permission");
    expect((await fb.listPosts(noTask.ctx, null)).posts).toEqual([]);
  });

  it("reports a response lost after publishing as unknown_outcome; the post exists once", async () => {
    const { ctx, identity } = await page();
    await fault("facebook", "response_lost", { operation: "page.feed" });
    expect((await failure(fb.publishFeed(ctx, { message: "applied, but did it?" }))).kind).toBe("unknown_outcome");
    const session = await fb.startReel(ctx);
    await fb.uploadHosted(ctx, { videoId: session.videoId, fileUrl: url("clip.mp4") });
    await follow(ctx, session.videoId, "uploaded");
    await fault("facebook", "response_lost", { operation: "page.video_reels" });
    expect((await failure(fb.finishReel(ctx, { videoId: session.videoId, description: "lost reel" }))).kind).toBe("unknown_outcome");
    await follow(ctx, session.videoId, "published");
    expect((await sandboxPosts("facebook", identity.username)).map((p) => [p.kind, p.text])).toEqual([
      ["text", "applied, but did it?"],
      ["reel", "lost reel"],
    ]);
  });
});

// LinkedIn posts with media and comments against the sandbox: the adapter's prepare (Images,
// Videos in 4 MB parts with their ETags, Documents), processing states, publish (content.media,
// content.multiImage), and the post as LinkedIn stores it, read back with GET /rest/posts/{urn}.
import crypto from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../runtime/embedded-postgres.ts";
import { makeJpeg, makeMp4 } from "../../testing/media-fixtures.ts";
import { connect, contextFor } from "../../testing/platform-fixtures.ts";
import { platformConfig, resetPlatformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/app.ts";
import { linkedinSandbox } from "../../sandbox/linkedin/linkedin-sandbox.ts";
import type { AccountContext, MediaSource, PostMediaItem, PreparedPost, Readiness } from "../types.ts";
import { linkedinAdapter as li } from "./linkedin-adapter.ts";
import type { LinkedInPrepared } from "./linkedin-media.ts";

const MB = 1024 * 1024;

// A sandbox of this file's own: its app has r_member_social (to read posts back) without racing
// the adapter tests, which switch the shared sandbox's products.
let own: RunningSandbox;
const shared = process.env.SANDBOX_URL;
beforeAll(async () => {
  own = await startSandbox({ port: await freePort(), modules: [linkedinSandbox] });
  process.env.SANDBOX_URL = own.url;
  resetPlatformConfig();
  await control("PUT", "/_sandbox/linkedin/products", { products: ["sign-in-openid", "share-on-linkedin", "r-member-social"] });
});
afterAll(async () => {
  process.env.SANDBOX_URL = shared;
  resetPlatformConfig();
  await own.close();
});
beforeEach(async () => {
  await control("PUT", "/_sandbox/settings", { processingMs: 300 });
  await control("DELETE", "/_sandbox/faults");
});

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(own.url + path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

async function member(): Promise<AccountContext> {
  const { tokens, identity } = await connect(li, { displayName: "Media Member" }, { scopes: ["openid", "profile", "w_member_social", "r_member_social"] });
  return contextFor(identity, tokens);
}

const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

/** A MediaSource over bytes in memory, counting the ranges read. */
function source(body: Buffer, mimeType: string, reads: [number, number][] = []): MediaSource {
  return {
    url: "http://127.0.0.1:9/unused",
    size: body.length,
    mimeType,
    readRange: async (s, e) => {
      reads.push([s, e]);
      return body.subarray(s, e);
    },
  };
}

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([400, 500]).drawText(`Page ${i + 1}`, { x: 40, y: 440, size: 24 });
  return Buffer.from(await doc.save());
}

async function settle(ctx: AccountContext, prepared: PreparedPost): Promise<Readiness> {
  const until = Date.now() + 15_000;
  for (;;) {
    const r = await li.preparedStatus!(ctx, prepared);
    if (r.state !== "processing" || Date.now() > until) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** The post as LinkedIn stores it: GET /rest/posts/{urn}, as any client reads it. */
async function storedPost(ctx: AccountContext, urn: string) {
  const res = await fetch(`${own.url}/linkedin/api/rest/posts/${encodeURIComponent(urn)}`, {
    headers: { Authorization: `Bearer ${ctx.accessToken}`, "LinkedIn-Version": platformConfig().linkedinVersion, "X-Restli-Protocol-Version": "2.0.0" },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; author: string; commentary: string; content?: Record<string, any> };
}

/** What the sandbox received for the post: each media item's type, size and hash. */
async function sandboxMedia(urn: string) {
  const { posts } = await control("GET", "/_sandbox/posts?provider=linkedin");
  const post = (posts as { id: string; media: { type: string; size: number; sha256: string }[] }[]).find((p) => `urn:li:share:${p.id}` === urn);
  return post?.media.map((m) => ({ type: m.type, size: m.size, sha256: m.sha256 }));
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

describe("LinkedIn media posts", () => {
  it("publishes one image with its alt text once LinkedIn has processed it", async () => {
    const ctx = await member();
    await control("PUT", "/_sandbox/settings", { processingMs: 1500 });
    const jpeg = await makeJpeg({ width: 1200, height: 627 });
    const media: PostMediaItem[] = [{ kind: "image", source: source(jpeg, "image/jpeg"), altText: "A blue card (with brackets) #1" }];
    const prepared = (await li.preparePost!(ctx, { text: "ignored here", media })) as LinkedInPrepared;
    expect(prepared).toEqual({ media: [{ kind: "image", urn: expect.stringMatching(/^urn:li:image:/), altText: "A blue card (with brackets) #1" }] });
    expect(await li.preparedStatus!(ctx, prepared)).toEqual({ state: "processing" });
    expect(await settle(ctx, prepared)).toEqual({ state: "ready" });

    const post = await li.publishPrepared!(ctx, prepared, { text: "One image (and a #hashtag)" });
    expect(post.id).toMatch(/^urn:li:share:\d+$/);
    const stored = await storedPost(ctx, post.id);
    expect(stored.commentary).toBe("One image \\(and a \\#hashtag\\)");
    expect(stored.content).toEqual({ media: { id: prepared.media[0]!.urn, altText: "A blue card (with brackets) #1" } });
    expect(await sandboxMedia(post.id)).toEqual([{ type: "image", size: jpeg.length, sha256: sha256(jpeg) }]);
  });

  it("publishes three images as one multiImage post, in order, each with its alt text", async () => {
    const ctx = await member();
    const jpegs = await Promise.all(["#aa0000", "#00aa00", "#0000aa"].map((color) => makeJpeg({ width: 800, height: 800, color })));
    const media = jpegs.map((j, i): PostMediaItem => ({ kind: "image", source: source(j, "image/jpeg"), altText: `Slide ${i + 1}` }));
    const prepared = (await li.preparePost!(ctx, { text: "", media })) as LinkedInPrepared;
    expect(await settle(ctx, prepared)).toEqual({ state: "ready" });
    const post = await li.publishPrepared!(ctx, prepared, { text: "Three images" });
    const stored = await storedPost(ctx, post.id);
    expect(stored.content).toEqual({ multiImage: { images: prepared.media.map((m, i) => ({ id: m.urn, altText: `Slide ${i + 1}` })) } });
    expect((await sandboxMedia(post.id))!.map((m) => m.sha256)).toEqual(jpegs.map(sha256));
  });

  it("uploads a video in 4 MB parts, finalizes it with their ETags, and publishes it with its title after processing", async () => {
    const ctx = await member();
    const mp4 = makeMp4({ durationSeconds: 12, width: 1280, height: 720, payloadBytes: 9 * MB });
    const reads: [number, number][] = [];
    const prepared = (await li.preparePost!(ctx, {
      text: "",
      media: [{ kind: "video", source: source(mp4, "video/mp4", reads), title: "Launch clip" }],
    })) as LinkedInPrepared;
    // Three parts: bytes [0, 4 MB), [4 MB, 8 MB), [8 MB, end), as LinkedIn's uploadInstructions say.
    expect(reads).toEqual([
      [0, 4 * MB],
      [4 * MB, 8 * MB],
      [8 * MB, mp4.length],
    ]);
    expect(prepared.media).toEqual([{ kind: "video", urn: expect.stringMatching(/^urn:li:video:/), title: "Launch clip" }]);
    expect(await settle(ctx, prepared)).toEqual({ state: "ready" });
    const post = await li.publishPrepared!(ctx, prepared, { text: "A video" });
    expect((await storedPost(ctx, post.id)).content).toEqual({ media: { id: prepared.media[0]!.urn, title: "Launch clip" } });
    // The parts arrived whole and in order: the bytes LinkedIn has are the file's.
    expect(await sandboxMedia(post.id)).toEqual([{ type: "video", size: mp4.length, sha256: sha256(mp4) }]);
  });

  it("publishes a PDF document with its title", async () => {
    const ctx = await member();
    const doc = await pdf(3);
    const prepared = (await li.preparePost!(ctx, {
      text: "",
      media: [{ kind: "document", source: source(doc, "application/pdf"), title: "Our Q3 deck" }],
    })) as LinkedInPrepared;
    expect(prepared.media[0]!.urn).toMatch(/^urn:li:document:/);
    expect(await settle(ctx, prepared)).toEqual({ state: "ready" });
    const post = await li.publishPrepared!(ctx, prepared, { text: "A document" });
    expect((await storedPost(ctx, post.id)).content).toEqual({ media: { id: prepared.media[0]!.urn, title: "Our Q3 deck" } });
    expect(await sandboxMedia(post.id)).toEqual([{ type: "document", size: doc.length, sha256: sha256(doc) }]);
  });

  it("reports a failed processing, and LinkedIn refuses a post with media that is not AVAILABLE", async () => {
    const ctx = await member();
    // A 2-second video: LinkedIn's videos run 3 seconds to 30 minutes.
    const short = makeMp4({ durationSeconds: 2, payloadBytes: 100 * 1024 });
    const video = await li.preparePost!(ctx, { text: "", media: [{ kind: "video", source: source(short, "video/mp4") }] });
    const readiness = await settle(ctx, video);
    expect(readiness.state).toBe("failed");
    expect((readiness as { reason: string }).reason).toContain("LinkedIn could not process the video urn:li:video:");
    const refused = await failure(li.publishPrepared!(ctx, video, { text: "never posted" }));
    expect(refused.status).toBe(422);

    // A processing failure injected for the next upload, and bytes that are not a PDF.
    await control("POST", "/_sandbox/faults", { provider: "linkedin", kind: "reject_media", operation: "dmsUploads.upload" });
    const image = await li.preparePost!(ctx, {
      text: "",
      media: [{ kind: "image", source: source(await makeJpeg({ width: 300, height: 300 }), "image/jpeg") }],
    });
    expect((await settle(ctx, image)).state).toBe("failed");
    const notPdf = await li.preparePost!(ctx, {
      text: "",
      media: [{ kind: "document", source: source(Buffer.from("plain text, not a document"), "application/pdf") }],
    });
    expect((await settle(ctx, notPdf)).state).toBe("failed");

    // Still processing is not AVAILABLE either.
    await control("PUT", "/_sandbox/settings", { processingMs: 60_000 });
    const slow = await li.preparePost!(ctx, {
      text: "",
      media: [{ kind: "image", source: source(await makeJpeg({ width: 300, height: 300 }), "image/jpeg") }],
    });
    expect(await li.preparedStatus!(ctx, slow)).toEqual({ state: "processing" });
    expect((await failure(li.publishPrepared!(ctx, slow, { text: "too early" }))).status).toBe(422);
  });

  it("refuses before any upload what LinkedIn would refuse: a mix of kinds, more than 20 images, a video under 75 KB", async () => {
    const ctx = await member();
    const jpeg = await makeJpeg({ width: 200, height: 200 });
    const image = (): PostMediaItem => ({ kind: "image", source: source(jpeg, "image/jpeg") });
    const mp4 = makeMp4({ payloadBytes: 100 * 1024 });
    const mixed = await failure(li.preparePost!(ctx, { text: "", media: [image(), { kind: "video", source: source(mp4, "video/mp4") }] }));
    expect(mixed.kind).toBe("media_rejected");
    const many = await failure(li.preparePost!(ctx, { text: "", media: Array.from({ length: 21 }, image) }));
    expect(many.kind).toBe("media_rejected");
    // The sandbox's initializeUpload refuses the size (videos-api: 75 KB to 500 MB).
    const tiny = await failure(li.preparePost!(ctx, { text: "", media: [{ kind: "video", source: source(makeMp4({ payloadBytes: 1024 }), "video/mp4") }] }));
    expect(tiny.kind).toBe("media_rejected");
    expect(tiny.status).toBe(422);
  });

  it("refuses another member's image in a post: media must be owned by the author", async () => {
    const [alice, bob] = [await member(), await member()];
    const prepared = await li.preparePost!(alice, {
      text: "",
      media: [{ kind: "image", source: source(await makeJpeg({ width: 300, height: 300 }), "image/jpeg") }],
    });
    expect(await settle(alice, prepared)).toEqual({ state: "ready" });
    const err = await failure(li.publishPrepared!(bob, prepared, { text: "not my image" }));
    expect(err.status).toBe(422);
    // Bob cannot even read its status.
    expect((await failure(li.preparedStatus!(bob, prepared))).kind).toBe("permission");
  });
});

describe("LinkedIn sandbox upload rules", () => {
  const headers = (ctx: AccountContext) => ({
    Authorization: `Bearer ${ctx.accessToken}`,
    "LinkedIn-Version": platformConfig().linkedinVersion,
    "X-Restli-Protocol-Version": "2.0.0",
    "Content-Type": "application/json",
  });

  it("finalizes a video only with every part's ETag in order, and a part must be its exact byte range", async () => {
    const ctx = await member();
    const owner = `urn:li:person:${ctx.providerAccountId}`;
    const mp4 = makeMp4({ durationSeconds: 5, payloadBytes: 5 * MB });
    const init = await fetch(`${own.url}/linkedin/api/rest/videos?action=initializeUpload`, {
      method: "POST",
      headers: headers(ctx),
      body: JSON.stringify({ initializeUploadRequest: { owner, fileSizeBytes: mp4.length, uploadCaptions: false, uploadThumbnail: false } }),
    });
    expect(init.status).toBe(200);
    const { value } = (await init.json()) as {
      value: { video: string; uploadToken: string; uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[] };
    };
    expect(value.uploadInstructions.map((p) => [p.firstByte, p.lastByte])).toEqual([
      [0, 4 * MB - 1],
      [4 * MB, mp4.length - 1],
    ]);
    const put = (i: number, bytes: Buffer) => fetch(value.uploadInstructions[i]!.uploadUrl, { method: "PUT", body: new Uint8Array(bytes) });
    expect((await put(0, mp4.subarray(0, 100))).status).toBe(400);
    const etags: string[] = [];
    for (const [i, p] of value.uploadInstructions.entries()) {
      const res = await put(i, mp4.subarray(p.firstByte, p.lastByte + 1));
      expect(res.status).toBe(200);
      etags.push(res.headers.get("etag")!);
    }
    const finalize = (uploadedPartIds: string[]) =>
      fetch(`${own.url}/linkedin/api/rest/videos?action=finalizeUpload`, {
        method: "POST",
        headers: headers(ctx),
        body: JSON.stringify({ finalizeUploadRequest: { video: value.video, uploadToken: value.uploadToken, uploadedPartIds } }),
      });
    const swapped = await finalize([etags[1]!, etags[0]!]);
    expect(swapped.status).toBe(422);
    expect(await swapped.json()).toMatchObject({
      errorDetails: { inputErrors: [{ input: { inputPath: { fieldPath: "finalizeUploadRequest/uploadedPartIds/0" } } }] },
    });
    expect((await finalize([etags[0]!])).status).toBe(422);
    expect((await finalize(etags)).status).toBe(200);
  });

  it("refuses a multiImage post with fewer than 2 images, naming the field", async () => {
    const ctx = await member();
    const prepared = (await li.preparePost!(ctx, {
      text: "",
      media: [{ kind: "image", source: source(await makeJpeg({ width: 300, height: 300 }), "image/jpeg") }],
    })) as LinkedInPrepared;
    expect(await settle(ctx, prepared)).toEqual({ state: "ready" });
    const res = await fetch(`${own.url}/linkedin/api/rest/posts`, {
      method: "POST",
      headers: headers(ctx),
      body: JSON.stringify({
        author: `urn:li:person:${ctx.providerAccountId}`,
        commentary: "one is not multi",
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: "PUBLISHED",
        content: { multiImage: { images: [{ id: prepared.media[0]!.urn }] } },
      }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errorDetails: { inputErrors: [{ input: { inputPath: { fieldPath: "content/multiImage/images" } } }] } });
  });
});

describe("LinkedIn comments", () => {
  it("comments on the member's post as the member; the comment is stored with its text", async () => {
    const ctx = await member();
    const post = await li.publishText!(ctx, { text: "A post to comment on" });
    const text = "First comment (plain text, #not-escaped)";
    const { id } = await li.comment!(ctx, { postId: post.id, text });
    expect(id).toMatch(new RegExp(`^urn:li:comment:\\(${post.id.replace(/[:]/g, "\\:")},\\d+\\)$`));
    const res = await fetch(`${own.url}/linkedin/api/rest/socialActions/${encodeURIComponent(post.id)}/comments`, {
      headers: { Authorization: `Bearer ${ctx.accessToken}`, "LinkedIn-Version": platformConfig().linkedinVersion, "X-Restli-Protocol-Version": "2.0.0" },
    });
    expect(res.status).toBe(200);
    const listed = (await res.json()) as { elements: { commentUrn: string; actor: string; message: { text: string } }[] };
    expect(listed.elements).toEqual([
      expect.objectContaining({ commentUrn: id, actor: `urn:li:person:${ctx.providerAccountId}`, message: { text, attributes: [] } }),
    ]);
  });

  it("answers not_found for a post that does not exist", async () => {
    const ctx = await member();
    expect((await failure(li.comment!(ctx, { postId: "urn:li:share:1", text: "into the void" }))).kind).toBe("not_found");
  });
});

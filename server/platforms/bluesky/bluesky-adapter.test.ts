// The Bluesky adapter against a real PDS with its PLC directory (server/sandbox/bluesky), each
// result read back with a separate @atproto/api client, never through the adapter.
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { AtpAgent } from "@atproto/api";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPlatformError, PlatformError } from "../errors.ts";
import type { AccountContext, MediaSource, PostMediaItem } from "../types.ts";
import { resolveDidDocument } from "./bluesky-identity.ts";
import { resetPlatformConfig } from "../config.ts";
import { startLocalPds, type LocalAccount, type LocalPds } from "../../sandbox/bluesky/local-pds.ts";
import { makeMp4 } from "../../testing/media-fixtures.ts";
import { blueskyAdapter } from "./bluesky-adapter.ts";
import { describeBlueskyServer } from "./bluesky-check.ts";
import type { BlueskyPrepared } from "./bluesky-post.ts";

// the PDS and the test page are on this machine: open loopback to the SSRF guard, on purpose
process.env.URL_FETCH_ALLOW_CIDRS = "127.0.0.0/8,::1/128";
process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "posteady-bsky-test-"));

let pds: LocalPds;
let reader: AtpAgent;
let alice: LocalAccount;
let bob: LocalAccount;
let appPassword: string;
let ctx: AccountContext;
let refreshToken: string;
let page: http.Server;
let pageUrl: string;

type PostValue = {
  text: string;
  facets?: { index: { byteStart: number; byteEnd: number }; features: { $type: string; uri?: string; did?: string; tag?: string }[] }[];
  langs?: string[];
  reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } };
  embed?: {
    $type: string;
    images?: {
      alt: string;
      aspectRatio?: { width: number; height: number };
      image: { ref: { $link?: string; toString(): string }; size: number; mimeType: string };
    }[];
    external?: { uri: string; title: string; description: string; thumb?: { size: number; mimeType: string } };
    video?: { ref: { $link?: string; toString(): string }; size: number; mimeType: string };
    alt?: string;
    aspectRatio?: { width: number; height: number };
  };
};

/** The record as another client reads it. */
async function readBack(uri: string): Promise<{ cid: string; value: PostValue }> {
  const [, , repo, collection, rkey] = uri.split("/");
  const res = await reader.com.atproto.repo.getRecord({ repo: repo!, collection: collection!, rkey: rkey! });
  return { cid: res.data.cid!, value: res.data.value as PostValue };
}

async function postCount(): Promise<number> {
  const res = await reader.com.atproto.repo.listRecords({ repo: alice.did, collection: "app.bsky.feed.post", limit: 100 });
  return res.data.records.length;
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function memorySource(bytes: Uint8Array, mimeType: string): MediaSource {
  return { url: "memory:", size: bytes.length, mimeType, readRange: async (start, end) => bytes.subarray(start, end) };
}

async function png(width: number, height: number, hue: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
      .png()
      .toBuffer(),
  );
}

/** A photo-like JPEG of about 1.8 MB: noise compresses badly, like a detailed photograph. */
async function heavyJpeg(): Promise<Uint8Array> {
  const width = 1500;
  const height = 1000;
  const raw = randomBytes(width * height * 3);
  for (let quality = 20; quality <= 100; quality += 2) {
    const out = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (out.length >= 1_700_000) return new Uint8Array(out);
  }
  throw new Error("could not make a 1.8 MB JPEG");
}

beforeAll(async () => {
  pds = await startLocalPds();
  reader = new AtpAgent({ service: pds.url });
  alice = await pds.createAccount({ handle: "alice.test" });
  bob = await pds.createAccount({ handle: "bob.test" });
  appPassword = await pds.createAppPassword(alice);
  const thumb = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#3366cc" } })
    .jpeg()
    .toBuffer();
  page = http.createServer((req, res) => {
    if (req.url === "/article") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><title>Fallback</title><meta property="og:title" content="Posteady ships Bluesky"><meta property="og:description" content="Real PDS, real records."><meta property="og:image" content="/thumb.jpg"></head><body>hi</body></html>`,
      );
    } else if (req.url === "/thumb.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.end(thumb);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://localhost:${(page.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await pds?.stop();
  page?.close();
});

describe("connecting", () => {
  it("checks a server with describeServer; an address on a private network is refused by the SSRF guard", async () => {
    const info = await describeBlueskyServer(pds.url);
    expect(info).toMatchObject({ server: pds.url, availableUserDomains: [".test"], inviteCodeRequired: false });
    expect(info.did).toMatch(/^did:/);
    const refused = await describeBlueskyServer("http://10.255.255.1:2583").catch((e: unknown) => e);
    expect(isPlatformError(refused, "invalid_request")).toBe(true);
    expect((refused as PlatformError).platformCode).toBe("URL_REFUSED");
    const nobody = await describeBlueskyServer(`http://127.0.0.1:${await closedPort()}`).catch((e: unknown) => e);
    expect(isPlatformError(nobody, "unavailable")).toBe(true);
  });

  it("connects with a handle and an app password, on the given server", async () => {
    const { tokens, identity } = await blueskyAdapter.connectWithPassword({ identifier: "@alice.test", appPassword, server: pds.url });
    expect(identity.providerAccountId).toBe(alice.did);
    expect(identity.username).toBe("alice.test");
    expect(identity.metadata).toEqual({ server: pds.url, service: pds.url });
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.refreshToken).toEqual(expect.any(String));
    ctx = { accessToken: tokens.accessToken, providerAccountId: identity.providerAccountId, username: identity.username, metadata: identity.metadata! };
    refreshToken = tokens.refreshToken!;
  });

  it("resolves an account's DID document through the PLC directory of BLUESKY_PLC_URL: its PDS is this server", async () => {
    process.env.BLUESKY_PLC_URL = pds.plcUrl;
    resetPlatformConfig();
    try {
      const doc = await resolveDidDocument(alice.did);
      expect(doc.service).toEqual([expect.objectContaining({ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: pds.url })]);
      await expect(resolveDidDocument("did:plc:aaaaaaaaaaaaaaaaaaaaaaaa")).rejects.toMatchObject({ kind: "not_found" });
      // this PDS's sessions carry no DID document: connecting asks the directory for the account's
      // PDS, which it names by another address than the one signed in at
      const signedInAt = pds.url.replace("localhost", "127.0.0.1");
      const { identity } = await blueskyAdapter.connectWithPassword({ identifier: "alice.test", appPassword, server: signedInAt });
      expect(identity.metadata).toEqual({ server: signedInAt, service: pds.url });
    } finally {
      delete process.env.BLUESKY_PLC_URL;
      resetPlatformConfig();
    }
  });

  it("refuses a wrong app password as an expired grant (the account needs reconnecting)", async () => {
    const err = await blueskyAdapter
      .connectWithPassword({ identifier: "alice.test", appPassword: "wrong-pass-word-xxxx", server: pds.url })
      .catch((e: unknown) => e);
    expect(isPlatformError(err, "auth_expired")).toBe(true);
    expect((err as PlatformError).status).toBe(401);
    expect((err as PlatformError).message).toMatch(/refused the handle or app password/);
  });

  it("refuses the account's own password: only app passwords are kept", async () => {
    const err = await blueskyAdapter.connectWithPassword({ identifier: "alice.test", appPassword: alice.password, server: pds.url }).catch((e: unknown) => e);
    expect(isPlatformError(err, "permission")).toBe(true);
    expect((err as PlatformError).platformCode).toBe("ACCOUNT_PASSWORD");
  });
});

describe("publishing", () => {
  it("publishes text with a link, a mention resolved to its DID, a hashtag and langs", async () => {
    const link = `${pageUrl}/missing`;
    const text = `Héllo @bob.test, read ${link} #posteady`;
    const before = await postCount();
    const ref = await blueskyAdapter.publishText(ctx, { text, langs: ["en"] });
    expect(ref.id).toMatch(new RegExp(`^at://${alice.did}/app.bsky.feed.post/`));
    expect(ref.permalink).toBe(`https://bsky.app/profile/alice.test/post/${ref.id.split("/").pop()}`);
    const { value } = await readBack(ref.id);
    expect(value.text).toBe(text);
    expect(value.langs).toEqual(["en"]);
    const bytes = Buffer.from(text, "utf8");
    const slice = (f: NonNullable<PostValue["facets"]>[number]) => bytes.subarray(f.index.byteStart, f.index.byteEnd).toString("utf8");
    const byType = (t: string) => value.facets!.find((f) => f.features[0]!.$type === `app.bsky.richtext.facet#${t}`)!;
    expect(slice(byType("mention"))).toBe("@bob.test");
    expect(byType("mention").features[0]!.did).toBe(bob.did);
    expect(slice(byType("link"))).toBe(link);
    expect(byType("link").features[0]!.uri).toBe(link);
    expect(byType("tag").features[0]!.tag).toBe("posteady");
    // the page answered 404: no card, and the post went out anyway
    expect(value.embed).toBeUndefined();
    expect(await postCount()).toBe(before + 1);
  });

  it("makes a link card from the page's Open Graph tags, its thumbnail a blob", async () => {
    const ref = await blueskyAdapter.publishText(ctx, { text: `New post: ${pageUrl}/article` });
    const { value } = await readBack(ref.id);
    expect(value.embed!.$type).toBe("app.bsky.embed.external");
    const external = value.embed!.external!;
    expect(external).toMatchObject({ uri: `${pageUrl}/article`, title: "Posteady ships Bluesky", description: "Real PDS, real records." });
    expect(external.thumb!.mimeType).toBe("image/jpeg");
    expect(external.thumb!.size).toBeLessThanOrEqual(1_000_000);
  });

  it("publishes a thread of three as a reply chain: each names the root and its parent", async () => {
    const first = await blueskyAdapter.publishText(ctx, { text: "Thread 1/3" });
    const second = await blueskyAdapter.publishText(ctx, { text: "Thread 2/3", replyToId: first.id });
    const third = await blueskyAdapter.publishText(ctx, { text: "Thread 3/3", replyToId: second.id });
    const [a, b, c] = await Promise.all([readBack(first.id), readBack(second.id), readBack(third.id)]);
    expect(a.value.reply).toBeUndefined();
    expect(b.value.reply).toEqual({ root: { uri: first.id, cid: a.cid }, parent: { uri: first.id, cid: a.cid } });
    expect(c.value.reply).toEqual({ root: { uri: first.id, cid: a.cid }, parent: { uri: second.id, cid: b.cid } });
  });

  it("publishes four images with alt text and aspect ratios", async () => {
    const sizes = [
      [400, 300],
      [300, 400],
      [500, 500],
      [640, 360],
    ] as const;
    const media: PostMediaItem[] = await Promise.all(
      sizes.map(async ([w, h], i) => ({ kind: "image" as const, source: memorySource(await png(w, h, i * 60), "image/png"), altText: `Picture ${i + 1}` })),
    );
    const prepared = await blueskyAdapter.preparePost(ctx, { text: "Four pictures", media });
    expect(await blueskyAdapter.preparedStatus!(ctx, prepared)).toEqual({ state: "ready" });
    const ref = await blueskyAdapter.publishPrepared!(ctx, prepared, { text: "Four pictures" });
    const { value } = await readBack(ref.id);
    expect(value.embed!.$type).toBe("app.bsky.embed.images");
    const images = value.embed!.images!;
    expect(images.map((i) => i.alt)).toEqual(["Picture 1", "Picture 2", "Picture 3", "Picture 4"]);
    expect(images.map((i) => [i.aspectRatio!.width, i.aspectRatio!.height])).toEqual(sizes.map(([w, h]) => [w, h]));
    for (const image of images) {
      const blob = await reader.com.atproto.sync.getBlob({ did: alice.did, cid: String(image.image.ref.$link ?? image.image.ref) });
      expect((await sharp(Buffer.from(blob.data)).metadata()).format).toBe("png");
    }
  });

  it("re-encodes a 1.8 MB JPEG to a blob of at most 1,000,000 bytes, its aspect ratio kept", async () => {
    const heavy = await heavyJpeg();
    expect(heavy.length).toBeGreaterThan(1_700_000);
    expect(heavy.length).toBeLessThan(2_000_000);
    const prepared = await blueskyAdapter.preparePost(ctx, {
      text: "A heavy photo",
      media: [{ kind: "image", source: memorySource(heavy, "image/jpeg"), altText: "Noise" }],
    });
    const ref = await blueskyAdapter.publishPrepared!(ctx, prepared, { text: "A heavy photo" });
    const image = (await readBack(ref.id)).value.embed!.images![0]!;
    expect(image.image.size).toBeLessThanOrEqual(1_000_000);
    expect(image.image.size).toBeGreaterThan(500_000); // the best quality that fits, not a thumbnail
    const blob = await reader.com.atproto.sync.getBlob({ did: alice.did, cid: String(image.image.ref.$link ?? image.image.ref) });
    expect(blob.data.length).toBe(image.image.size);
    const meta = await sharp(Buffer.from(blob.data)).metadata();
    expect(Math.abs(meta.width! / meta.height! - 1.5)).toBeLessThan(0.01);
    expect(image.aspectRatio).toEqual({ width: meta.width, height: meta.height });
  });

  it("fits a transparent PNG over the limit as WebP, transparency kept", async () => {
    const [w, h] = [700, 520];
    const png = await sharp(randomBytes(w * h * 4), { raw: { width: w, height: h, channels: 4 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(1_000_000);
    const prepared = (await blueskyAdapter.preparePost(ctx, {
      text: "Transparent",
      media: [{ kind: "image", source: memorySource(new Uint8Array(png), "image/png"), altText: "Noise with alpha" }],
    })) as BlueskyPrepared;
    const ref = await blueskyAdapter.publishPrepared!(ctx, prepared, { text: "Transparent" });
    const image = (await readBack(ref.id)).value.embed!.images![0]!;
    expect(image.image.mimeType).toBe("image/webp");
    expect(image.image.size).toBeLessThanOrEqual(1_000_000);
    const blob = await reader.com.atproto.sync.getBlob({ did: alice.did, cid: String(image.image.ref.$link ?? image.image.ref) });
    const meta = await sharp(Buffer.from(blob.data)).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(Math.abs(meta.width! / meta.height! - w / h)).toBeLessThan(0.01);
  });

  it("publishes a 12 MB MP4 as an app.bsky.embed.video: the blob streamed in chunks, its alt text and aspect ratio", async () => {
    const bytes = new Uint8Array(makeMp4({ width: 1080, height: 1920, durationSeconds: 20, payloadBytes: 12_000_000 }));
    const reads: number[] = [];
    const source: MediaSource = {
      ...memorySource(bytes, "video/mp4"),
      width: 1080,
      height: 1920,
      durationSeconds: 20,
      readRange: async (start, end) => (reads.push(end - start), bytes.subarray(start, end)),
    };
    const prepared = (await blueskyAdapter.preparePost(ctx, {
      text: "A clip",
      media: [{ kind: "video", source, altText: "Waves on a beach" }],
    })) as BlueskyPrepared;
    // read from storage a chunk at a time, never the whole file at once
    expect(reads.length).toBeGreaterThan(1);
    expect(Math.max(...reads)).toBeLessThan(bytes.length);
    expect(reads.reduce((a, b) => a + b, 0)).toBe(bytes.length);
    expect(await blueskyAdapter.preparedStatus!(ctx, prepared)).toEqual({ state: "ready" });
    const ref = await blueskyAdapter.publishPrepared!(ctx, prepared, { text: "A clip" });

    const { value } = await readBack(ref.id);
    expect(value.text).toBe("A clip");
    expect(value.embed).toMatchObject({
      $type: "app.bsky.embed.video",
      alt: "Waves on a beach",
      aspectRatio: { width: 1080, height: 1920 },
      video: { mimeType: "video/mp4", size: bytes.length },
    });
    const blob = await reader.com.atproto.sync.getBlob({ did: alice.did, cid: String(value.embed!.video!.ref.$link ?? value.embed!.video!.ref) });
    expect(Buffer.from(blob.data).equals(Buffer.from(bytes))).toBe(true);
  });

  it("publishes a video of exactly 100,000,000 bytes, the lexicon's limit (the PDS takes blobs up to 100 MiB)", async () => {
    const size = 100_000_000;
    // an MP4 header whose media data runs to `size`, the rest made on each read: nothing holds 100 MB
    const header = Buffer.from(makeMp4({ width: 1920, height: 1080, payloadBytes: 0 }));
    header.writeUInt32BE(size - header.length + 8, header.length - 8);
    const source: MediaSource = {
      url: "memory:",
      size,
      mimeType: "video/mp4",
      width: 1920,
      height: 1080,
      readRange: async (start, end) => {
        const out = new Uint8Array(end - start).fill(0x5a);
        if (start < header.length) out.set(header.subarray(start, Math.min(end, header.length)));
        return out;
      },
    };
    const prepared = await blueskyAdapter.preparePost(ctx, { text: "The longest clip", media: [{ kind: "video", source }] });
    const ref = await blueskyAdapter.publishPrepared!(ctx, prepared, { text: "The longest clip" });
    const { value } = await readBack(ref.id);
    expect(value.embed).toMatchObject({ $type: "app.bsky.embed.video", aspectRatio: { width: 1920, height: 1080 }, video: { mimeType: "video/mp4", size } });
    expect(value.embed!.alt).toBeUndefined();
  }, 120_000);

  it("refuses a video beside an image, a second video, a QuickTime file, one over 100,000,000 bytes and long alt text, posting nothing", async () => {
    const before = await postCount();
    const mp4 = memorySource(new Uint8Array(makeMp4({ payloadBytes: 10_000 })), "video/mp4");
    const image = { kind: "image" as const, source: memorySource(await png(10, 10, 0), "image/png") };
    const refused = async (media: PostMediaItem[]) => {
      const err = await blueskyAdapter.preparePost(ctx, { text: "no", media }).catch((e: unknown) => e);
      expect(isPlatformError(err, "media_rejected"), String(err)).toBe(true);
      return (err as PlatformError).message;
    };
    expect(await refused([{ kind: "video", source: mp4 }, image])).toMatch(/one video and nothing beside it/);
    expect(
      await refused([
        { kind: "video", source: mp4 },
        { kind: "video", source: mp4 },
      ]),
    ).toMatch(/one video/);
    expect(await refused([{ kind: "video", source: memorySource(new Uint8Array(makeMp4({ brand: "qt  " })), "video/quicktime") }])).toMatch(/MP4/);
    expect(await refused([{ kind: "video", source: { ...mp4, size: 100_000_001 } }])).toMatch(/100000001 bytes/);
    expect(await refused([{ kind: "video", source: mp4, altText: "a".repeat(1001) }])).toMatch(/1000 characters/);
    // a QuickTime file named video/mp4: the server reads its bytes, and the blob's type is checked before any post names it
    expect(await refused([{ kind: "video", source: memorySource(new Uint8Array(makeMp4({ brand: "qt  " })), "video/mp4") }])).toMatch(/video\/quicktime/);
    expect(await postCount()).toBe(before);
  });

  it("an access token the server does not accept is auth_expired (the caller refreshes once, then flags the account)", async () => {
    const err = await blueskyAdapter.publishText({ ...ctx, accessToken: `${ctx.accessToken.slice(0, -4)}AAAA` }, { text: "never" }).catch((e: unknown) => e);
    expect(isPlatformError(err, "auth_expired")).toBe(true);
  });

  it("refuses 301 graphemes and five images before anything is uploaded or posted", async () => {
    const before = await postCount();
    // graphemes, not code points: "é" written as e + combining accent is one
    const accent = "e\u0301";
    const fits = await blueskyAdapter.preparePost(ctx, { text: accent.repeat(300), media: [] });
    expect((fits as BlueskyPrepared).record.text).toHaveLength(600);
    const long = await blueskyAdapter.publishText(ctx, { text: accent.repeat(301) }).catch((e: unknown) => e);
    expect(isPlatformError(long, "content_rejected")).toBe(true);
    expect((long as PlatformError).message).toMatch(/301 characters/);
    const image = await png(10, 10, 0);
    const five = Array.from({ length: 5 }, () => ({ kind: "image" as const, source: memorySource(image, "image/png") }));
    const many = await blueskyAdapter.preparePost(ctx, { text: "five", media: five }).catch((e: unknown) => e);
    expect(isPlatformError(many, "media_rejected")).toBe(true);
    expect(await postCount()).toBe(before);
  });

  it("deletes a post; deleting it again is not_found", async () => {
    const ref = await blueskyAdapter.publishText(ctx, { text: "Short-lived" });
    await blueskyAdapter.deletePost!(ctx, ref.id);
    const gone = await readBack(ref.id).catch((e: unknown) => e);
    expect((gone as { error?: string }).error).toBe("RecordNotFound");
    const again = await blueskyAdapter.deletePost!(ctx, ref.id).catch((e: unknown) => e);
    expect(isPlatformError(again, "not_found")).toBe(true);
  });

  it("lists the account's posts with unavailable counts as null (this PDS has no app view)", async () => {
    const page1 = await blueskyAdapter.listPosts(ctx, null);
    expect(page1.posts.length).toBe(await postCount());
    const thread = page1.posts.find((p) => p.content === "Thread 3/3")!;
    expect(thread.nativeId).toMatch(/^at:\/\//);
    expect(thread.metrics).toEqual({ like_count: null, repost_count: null, reply_count: null, quote_count: null });
  });
});

/** A proxy in front of the PDS that can lose createRecord's answer, or the request itself. */
async function lossyProxy(target: string) {
  let mode: "pass" | "lose-answer" | "lose-request" = "pass";
  let creates = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const isCreate = req.url?.startsWith("/xrpc/com.atproto.repo.createRecord") === true;
    if (isCreate) creates++;
    const current = isCreate ? mode : "pass";
    if (isCreate) mode = "pass";
    if (current === "lose-request") return void req.socket.destroy();
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !["host", "connection", "content-length"].includes(k))) as Record<
      string,
      string
    >;
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(target + req.url, { method: req.method, headers, body });
    const bytes = Buffer.from(await answer.arrayBuffer());
    // applied by the PDS, answer never delivered: the case behind `unknown`
    if (current === "lose-answer") return void req.socket.destroy();
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    lose: (m: "lose-answer" | "lose-request") => (mode = m),
    creates: () => creates,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("never twice: the record key is chosen before the send", () => {
  it("a lost answer is settled by looking the key up: present means published, once", async () => {
    const proxy = await lossyProxy(pds.url);
    try {
      const via = { ...ctx, metadata: { server: proxy.url, service: proxy.url } };
      const prepared = (await blueskyAdapter.preparePost(via, { text: "Answer lost on the way back", media: [] })) as BlueskyPrepared;
      expect(await blueskyAdapter.findPublished(via, prepared)).toBeNull();
      const before = await postCount();
      proxy.lose("lose-answer");
      const ref = await blueskyAdapter.publishPrepared!(via, prepared, { text: "Answer lost on the way back" });
      expect(ref.id).toBe(`at://${alice.did}/app.bsky.feed.post/${prepared.rkey}`);
      expect(proxy.creates()).toBe(1);
      expect(await postCount()).toBe(before + 1);
      expect((await readBack(ref.id)).value.text).toBe("Answer lost on the way back");
      // a resumed job asks the same question: the post is there
      expect(await blueskyAdapter.findPublished(via, prepared)).toEqual(ref);
    } finally {
      await proxy.close();
    }
  });

  it("a request lost before the server: the key is absent, so the record is sent again, once", async () => {
    const proxy = await lossyProxy(pds.url);
    try {
      const via = { ...ctx, metadata: { server: proxy.url, service: proxy.url } };
      const prepared = (await blueskyAdapter.preparePost(via, { text: "Request lost on the way out", media: [] })) as BlueskyPrepared;
      const before = await postCount();
      proxy.lose("lose-request");
      const ref = await blueskyAdapter.publishPrepared!(via, prepared, { text: "Request lost on the way out" });
      expect(ref.id).toBe(`at://${alice.did}/app.bsky.feed.post/${prepared.rkey}`);
      expect(proxy.creates()).toBe(2);
      expect(await postCount()).toBe(before + 1);
      // sending the same prepared post again cannot make a second one: it finds the first
      expect(await blueskyAdapter.publishPrepared!(via, prepared, { text: "Request lost on the way out" })).toEqual(ref);
      expect(await postCount()).toBe(before + 1);
    } finally {
      await proxy.close();
    }
  });
});

describe("sessions", () => {
  it("refreshes the session: the new access token publishes; a revoked app password then refuses refresh", async () => {
    const fresh = await blueskyAdapter.refresh({ accessToken: ctx.accessToken, refreshToken, metadata: ctx.metadata });
    expect(fresh.accessToken).not.toBe(ctx.accessToken);
    expect(fresh.refreshToken).not.toBe(refreshToken);
    expect(fresh.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    const ref = await blueskyAdapter.publishText({ ...ctx, accessToken: fresh.accessToken }, { text: "After a refresh" });
    expect((await readBack(ref.id)).value.text).toBe("After a refresh");

    // the user revokes the app password on Bluesky
    const owner = new AtpAgent({ service: pds.url });
    await owner.login({ identifier: alice.handle, password: alice.password });
    const names = (await owner.com.atproto.server.listAppPasswords()).data.passwords.map((p) => p.name);
    for (const name of names) await owner.com.atproto.server.revokeAppPassword({ name });
    const refused = await blueskyAdapter
      .refresh({ accessToken: fresh.accessToken, refreshToken: fresh.refreshToken!, metadata: ctx.metadata })
      .catch((e: unknown) => e);
    expect(isPlatformError(refused, "auth_expired")).toBe(true);
  });
});

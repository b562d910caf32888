// YouTube adapter against the sandbox: Google OAuth with PKCE (no rotation), resumable uploads
// (chunks, probes, lost answers), processing to its terminal states, the uploads playlist with
// metrics and Shorts, every mapped error; and the official @googleapis/youtube client.
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { auth, youtube } from "@googleapis/youtube";
import { describe, expect, it } from "vitest";
import { PlatformError } from "../errors.ts";
import { createPkce, pkceChallenge } from "../pkce.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import { connect, contextFor, fault, redirectUri, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { makeMp4, type Mp4Options } from "../../testing/media-fixtures.ts";
import type { AccountContext } from "../types.ts";
import { YOUTUBE_CHUNK_SIZE, nextPacificMidnight, youtubeAdapter as yt, type YoutubeVideoInput, type YoutubeVideoStatus } from "./youtube-adapter.ts";

const KiB256 = 256 * 1024;
const UPLOAD_SCOPE = "https://www.googleapis.com/auth/youtube.upload";
const READ_SCOPE = "https://www.googleapis.com/auth/youtube.readonly";

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

let sequence = 0;
/** A valid MP4 with bytes no other test uploads (YouTube rejects a channel's duplicates). */
const uniqueMp4 = (opts: Mp4Options = {}) => makeMp4({ ...opts, payloadBytes: (opts.payloadBytes ?? 4096) + ++sequence });

const video = (file: Buffer, overrides: Partial<YoutubeVideoInput> = {}): YoutubeVideoInput => ({
  title: "Sandbox video",
  description: "Made by the contract tests",
  privacyStatus: "public",
  madeForKids: false,
  size: file.length,
  mimeType: "video/mp4",
  ...overrides,
});

/** The product's loop: open a session, send chunks from where the platform says it is. */
async function upload(ctx: AccountContext, file: Buffer, overrides: Partial<YoutubeVideoInput> = {}, chunkSize = YOUTUBE_CHUNK_SIZE) {
  const { sessionUrl } = await yt.startUpload(ctx, video(file, overrides));
  const progress: number[] = [];
  let start = 0;
  for (;;) {
    const answer = await yt.uploadChunk(sessionUrl, { bytes: file.subarray(start, start + chunkSize), start, total: file.length });
    if (answer.done) return { sessionUrl, videoId: answer.videoId, uploadStatus: answer.uploadStatus, progress };
    progress.push(answer.received);
    start = answer.received;
  }
}

/** Polls processing until the video leaves "uploaded". */
async function settle(ctx: AccountContext, videoId: string): Promise<YoutubeVideoStatus> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await yt.videoStatus(ctx, videoId);
    if (status.uploadStatus !== "uploaded" || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function channel(choices: Parameters<typeof connect>[1] = {}) {
  const { tokens, identity } = await connect(yt, choices);
  return { tokens, identity, ctx: contextFor(identity, tokens) };
}

describe("YouTube adapter", () => {
  it("connects with PKCE and offline access, reads the channel and the granted scopes", async () => {
    const url = new URL(yt.authorizeUrl({ state: "s1", redirectUri, codeChallenge: pkceChallenge("v") }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "sandbox-youtube",
      redirect_uri: redirectUri,
      response_type: "code",
      scope: `${UPLOAD_SCOPE} ${READ_SCOPE}`,
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: "s1",
      code_challenge: pkceChallenge("v"),
      code_challenge_method: "S256",
    });
    const { tokens, identity } = await connect(yt, { username: "ada_tube", displayName: "Ada on YouTube" });
    expect(identity).toMatchObject({ username: "ada_tube", displayName: "Ada on YouTube" });
    expect(identity.providerAccountId).toMatch(/^UC[\w-]{22}$/);
    expect(identity.metadata!.uploadsPlaylistId).toBe(`UU${identity.providerAccountId.slice(2)}`);
    expect(tokens.accessToken).toMatch(/^ya29\./);
    expect(tokens.refreshToken).toMatch(/^1\/\//);
    expect(tokens.scopes).toEqual([UPLOAD_SCOPE, READ_SCOPE]);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(tokens.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 3599_000);
  });

  it("refuses a wrong PKCE verifier, a code used twice and unknown scopes; online access brings no refresh token", async () => {
    const wrong = await consentHeadlessly(yt.authorizeUrl({ state: "s", redirectUri, codeChallenge: pkceChallenge("the real verifier") }));
    const bad = await failure(yt.exchangeCode({ code: wrong.searchParams.get("code")!, redirectUri, codeVerifier: "another verifier" }));
    expect([bad.kind, bad.platformCode]).toEqual(["invalid_request", "invalid_grant"]);

    const pkce = createPkce();
    const online = new URL(yt.authorizeUrl({ state: "s", redirectUri, codeChallenge: pkce.challenge }));
    online.searchParams.set("access_type", "online");
    const code = (await consentHeadlessly(online.toString())).searchParams.get("code")!;
    const tokens = await yt.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier });
    expect(tokens.refreshToken).toBeNull();
    expect(yt.canRefresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? null })).toBe(false);
    expect((await failure(yt.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier }))).kind).toBe("invalid_request");

    const unknownScope = await fetch(
      yt.authorizeUrl({ state: "s", redirectUri, codeChallenge: pkce.challenge, scopes: ["https://www.googleapis.com/auth/youtube.everything"] }),
    );
    expect(unknownScope.status).toBe(400);
    expect(await unknownScope.text()).toContain("invalid_scope");
  });

  it("refreshes without rotation: no refresh token in the answer, the stored one keeps working", async () => {
    const { tokens } = await channel();
    const next = await yt.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! });
    expect(next.refreshToken).toBeUndefined();
    expect(next.accessToken).not.toBe(tokens.accessToken);
    expect(next.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect((await yt.identities(next))[0]!.providerAccountId).toMatch(/^UC/);
    const again = await yt.refresh({ accessToken: next.accessToken, refreshToken: tokens.refreshToken! });
    expect(again.accessToken).not.toBe(next.accessToken);
  });

  it("uploads in 256 KiB chunks, processes the video, and the sandbox holds the file's bytes", async () => {
    const { ctx, identity } = await channel();
    const file = uniqueMp4({ payloadBytes: 700_000 });
    const done = await upload(ctx, file, { title: "Chunked", privacyStatus: "unlisted", madeForKids: true }, KiB256);
    expect(done.progress).toEqual([KiB256, 2 * KiB256]);
    expect(done.uploadStatus).toBe("uploaded");
    expect(await settle(ctx, done.videoId)).toEqual({ uploadStatus: "processed", failureReason: null, rejectionReason: null, processingStatus: "succeeded" });
    expect(yt.permalinkFor(done.videoId)).toBe(`https://www.youtube.com/watch?v=${done.videoId}`);
    const posts = await sandboxPosts("youtube", identity.username);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ id: done.videoId, kind: "video", media: [{ size: file.length, sha256: sha256(file), type: "video" }] });
    expect(posts[0]!.extra).toMatchObject({ title: "Chunked", description: "Made by the contract tests", privacyStatus: "unlisted", madeForKids: true });
  });

  it("resumes through probes; keeps only whole 256 KiB granules; refuses short, gapped or mis-sized chunks", async () => {
    const { ctx, identity } = await channel();
    const file = uniqueMp4({ payloadBytes: 600_000 });
    const total = file.length;
    const { sessionUrl } = await yt.startUpload(ctx, video(file));
    expect(await yt.probeUpload(sessionUrl, total)).toEqual({ done: false, received: 0 });
    expect(await yt.uploadChunk(sessionUrl, { bytes: file.subarray(0, 300_000), start: 0, total })).toEqual({ done: false, received: KiB256 });
    expect(await yt.probeUpload(sessionUrl, total)).toEqual({ done: false, received: KiB256 });
    const short = await failure(yt.uploadChunk(sessionUrl, { bytes: file.subarray(KiB256, KiB256 + 1000), start: KiB256, total }));
    expect([short.kind, short.status]).toEqual(["invalid_request", 400]);
    expect(short.message).toContain("262144");
    expect((await failure(yt.uploadChunk(sessionUrl, { bytes: file.subarray(2 * KiB256), start: 2 * KiB256, total }))).kind).toBe("invalid_request");
    expect((await failure(yt.uploadChunk(sessionUrl, { bytes: file.subarray(KiB256), start: KiB256, total: total + 1 }))).kind).toBe("invalid_request");
    const done = await yt.uploadChunk(sessionUrl, { bytes: file.subarray(KiB256), start: KiB256, total });
    expect(done).toMatchObject({ done: true, uploadStatus: "uploaded" });
    const videoId = (done as { videoId: string }).videoId;
    expect(await yt.probeUpload(sessionUrl, total)).toMatchObject({ done: true, videoId });
    expect(await yt.uploadChunk(sessionUrl, { bytes: file.subarray(KiB256), start: KiB256, total })).toMatchObject({ done: true, videoId });
    expect((await sandboxPosts("youtube", identity.username)).map((p) => [p.id, p.media[0]!.sha256])).toEqual([[videoId, sha256(file)]]);
    const unknown = sessionUrl.replace(/upload_id=[^&]+/, "upload_id=no-such-session");
    expect((await failure(yt.probeUpload(unknown, total))).kind).toBe("not_found");
  });

  it("settles a lost answer to the final chunk with a probe: unknown_outcome, then the video, exactly once", async () => {
    const { ctx, identity } = await channel();
    const file = uniqueMp4();
    const { sessionUrl } = await yt.startUpload(ctx, video(file));
    await fault("youtube", "response_lost", { operation: "videos.upload" });
    const lost = await failure(yt.uploadChunk(sessionUrl, { bytes: file, start: 0, total: file.length }));
    expect(lost.kind).toBe("unknown_outcome");
    const probe = await yt.probeUpload(sessionUrl, file.length);
    expect(probe.done).toBe(true);
    const posts = await sandboxPosts("youtube", identity.username);
    expect(posts.map((p) => p.id)).toEqual([(probe as { videoId: string }).videoId]);
  });

  it("ends processing as failed (codec) on reject_media, rejected (duplicate) for bytes already on the channel, failed (invalidFile) for non-MP4 bytes", async () => {
    const { ctx } = await channel();
    const file = uniqueMp4();
    await fault("youtube", "reject_media", { operation: "videos.upload" });
    const codec = await upload(ctx, file);
    expect(await settle(ctx, codec.videoId)).toEqual({ uploadStatus: "failed", failureReason: "codec", rejectionReason: null, processingStatus: "failed" });
    // a failed upload does not count as a duplicate: the retry goes through
    const retry = await upload(ctx, file, { title: "Retry after a failure" });
    expect((await settle(ctx, retry.videoId)).uploadStatus).toBe("processed");
    const duplicate = await upload(ctx, file, { title: "Same bytes again" });
    expect(await settle(ctx, duplicate.videoId)).toEqual({
      uploadStatus: "rejected",
      failureReason: null,
      rejectionReason: "duplicate",
      processingStatus: "succeeded",
    });
    const junk = await upload(ctx, crypto.randomBytes(5000));
    expect(await settle(ctx, junk.videoId)).toMatchObject({ uploadStatus: "failed", failureReason: "invalidFile" });
    expect((await failure(yt.videoStatus(ctx, "nosuchvideo"))).kind).toBe("not_found");
  });

  it("validates title, description and media type as videos.insert does", async () => {
    const { ctx, identity } = await channel();
    const file = uniqueMp4();
    const cases: [Partial<YoutubeVideoInput>, string, string][] = [
      [{ title: "" }, "content_rejected", "invalidTitle"],
      [{ title: "t".repeat(101) }, "content_rejected", "invalidTitle"],
      [{ title: "<b>bold</b>" }, "content_rejected", "invalidTitle"],
      // 1,700 characters but 5,100 bytes: the limit is in bytes
      [{ description: "€".repeat(1700) }, "content_rejected", "invalidDescription"],
      [{ mimeType: "image/jpeg" }, "media_rejected", "badContent"],
    ];
    for (const [input, kind, reason] of cases) {
      const err = await failure(yt.startUpload(ctx, video(file, input)));
      expect([err.kind, err.platformCode], JSON.stringify(input).slice(0, 40)).toEqual([kind, reason]);
    }
    const longest = await upload(ctx, file, { title: "t".repeat(100), description: "é".repeat(2500) });
    expect(longest.videoId).toBeTruthy();
    expect(await sandboxPosts("youtube", identity.username)).toHaveLength(1);
  });

  it("caps a channel at 100 uploads a day: uploadLimitExceeded is quota_exceeded, retried in 24 hours", async () => {
    const { ctx, identity } = await channel();
    for (let i = 0; i < 100; i++) await upload(ctx, uniqueMp4(), { title: `upload ${i}` });
    const err = await failure(yt.startUpload(ctx, video(uniqueMp4())));
    expect([err.kind, err.platformCode]).toEqual(["quota_exceeded", "uploadLimitExceeded"]);
    expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3600_000);
    expect(await sandboxPosts("youtube", identity.username)).toHaveLength(100);
  });

  it("lists the uploads playlist 50 at a time with metrics, full descriptions and Shorts", async () => {
    const { ctx } = await channel();
    for (let i = 0; i < 48; i++) await upload(ctx, uniqueMp4(), { title: `filler ${i}` });
    const description = "A long description. ".repeat(40);
    const specials = [
      { name: "vertical 12.5 s", file: uniqueMp4({ width: 1080, height: 1920, durationSeconds: 12.5 }), type: "SHORTS" },
      { name: "square 60 s", file: uniqueMp4({ width: 1080, height: 1080, durationSeconds: 60 }), type: "SHORTS" },
      { name: "landscape .mov", file: uniqueMp4({ width: 1920, height: 1080, durationSeconds: 61.25, brand: "qt  ", moovAtEnd: true }), type: "VIDEO" },
      { name: "vertical 200 s", file: uniqueMp4({ width: 1080, height: 1920, durationSeconds: 200 }), type: "VIDEO" },
    ];
    const ids: string[] = [];
    for (const s of specials) ids.push((await upload(ctx, s.file, { title: s.name, description })).videoId);
    await settle(ctx, ids.at(-1)!);

    const first = await yt.listPosts(ctx, null);
    expect(first.posts).toHaveLength(50);
    expect(first.nextCursor).toBeTruthy();
    // newest first
    expect(first.posts.slice(0, 4).map((p) => [p.nativeId, p.title, p.mediaType])).toEqual([...specials].reverse().map((s, i) => [ids[3 - i], s.name, s.type]));
    const vertical = first.posts[3]!;
    expect(vertical.content).toBe(description);
    expect(vertical.permalink).toBe(`https://www.youtube.com/watch?v=${ids[0]}`);
    expect(Date.now() - vertical.postedAt.getTime()).toBeLessThan(60_000);
    expect(vertical.metrics).toEqual({ viewCount: expect.any(Number), likeCount: expect.any(Number), commentCount: expect.any(Number) });
    expect(vertical.metrics.viewCount).toBeGreaterThan(0);

    const second = await yt.listPosts({ ...ctx, metadata: {} }, first.nextCursor);
    expect(second.posts.map((p) => p.title)).toEqual(["filler 1", "filler 0"]);
    expect(second.nextCursor).toBeNull();
  });

  it("lists no video YouTube refused (a duplicate, a failed upload): they were never published; the processed one stays", async () => {
    const { ctx } = await channel();
    const file = uniqueMp4();
    const published = await upload(ctx, file, { title: "The original" });
    await settle(ctx, published.videoId);
    const duplicate = await upload(ctx, file, { title: "Same bytes again" });
    expect((await settle(ctx, duplicate.videoId)).rejectionReason).toBe("duplicate");
    await fault("youtube", "reject_media", { operation: "videos.upload" });
    const broken = await upload(ctx, uniqueMp4(), { title: "Failed processing" });
    expect((await settle(ctx, broken.videoId)).uploadStatus).toBe("failed");
    const posts = (await yt.listPosts(ctx, null)).posts;
    expect(posts.filter((p) => !p.deleted).map((p) => p.title)).toEqual(["The original"]);
  });

  it("deletes a video with the youtube scope (gone from the uploads list and from videos.list); the default scopes cannot, nor can another channel", async () => {
    const deleter = async () => {
      const { tokens, identity } = await connect(yt, {}, { scopes: [UPLOAD_SCOPE, READ_SCOPE, "https://www.googleapis.com/auth/youtube"] });
      return { ctx: contextFor(identity, tokens) };
    };
    const { ctx } = await deleter();
    const kept = await upload(ctx, uniqueMp4(), { privacyStatus: "private" });
    const gone = await upload(ctx, uniqueMp4(), { privacyStatus: "private" });
    await yt.deletePost!(ctx, gone.videoId);
    expect((await yt.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([kept.videoId]);
    expect((await failure(yt.videoStatus(ctx, gone.videoId))).kind).toBe("not_found");
    expect((await failure(yt.deletePost!(ctx, gone.videoId))).kind).toBe("not_found");
    const other = await deleter();
    expect((await failure(yt.deletePost!(other.ctx, kept.videoId))).kind).toBe("permission");
    // The adapter's default scopes (upload + readonly) do not allow videos.delete.
    const plain = await channel();
    const own = await upload(plain.ctx, uniqueMp4());
    expect((await failure(yt.deletePost!(plain.ctx, own.videoId))).kind).toBe("permission");
    expect((await yt.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([kept.videoId]);
  });

  it("maps every platform failure to its kind", async () => {
    const { ctx, identity } = await channel();
    const file = uniqueMp4();
    const kinds: [string, string, Record<string, unknown>?][] = [
      ["expired_token", "auth_expired"],
      ["rate_limit", "rate_limited", { retryAfterSeconds: 120 }],
      ["quota", "quota_exceeded"],
      ["reject_content", "content_rejected"],
      ["server_error", "unavailable"],
    ];
    for (const [kind, expected, extra] of kinds) {
      await fault("youtube", kind, { operation: "videos.insert", ...extra });
      const err = await failure(yt.startUpload(ctx, video(file)));
      expect(err.kind, kind).toBe(expected);
      if (kind === "rate_limit") expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
      if (kind === "quota") {
        expect(err.platformCode).toBe("quotaExceeded");
        expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now());
        expect(err.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 25 * 3600_000);
      }
    }
    const { sessionUrl } = await yt.startUpload(ctx, video(file));
    await fault("youtube", "server_error", { operation: "videos.upload" });
    expect((await failure(yt.uploadChunk(sessionUrl, { bytes: file, start: 0, total: file.length }))).kind).toBe("unavailable");
    await fault("youtube", "rate_limit", { operation: "playlistItems.list" });
    expect((await failure(yt.listPosts(ctx, null))).kind).toBe("rate_limited");
    expect(await sandboxPosts("youtube", identity.username)).toEqual([]);
    expect((await yt.uploadChunk(sessionUrl, { bytes: file, start: 0, total: file.length })).done).toBe(true);
  });

  it("answers auth_expired for a revoked grant, on the API and on refresh", async () => {
    const { tokens } = await channel();
    await fault("youtube", "revoked_token", { operation: "channels.list" });
    expect((await failure(yt.identities(tokens))).kind).toBe("auth_expired");
    const refused = await failure(yt.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! }));
    expect([refused.kind, refused.platformCode]).toEqual(["auth_expired", "invalid_grant"]);
  });

  it("answers permission without the upload scope, and without a read scope when connecting", async () => {
    const readOnly = await channel({ scopes: [READ_SCOPE] });
    const err = await failure(yt.startUpload(readOnly.ctx, video(uniqueMp4())));
    expect([err.kind, err.platformCode]).toEqual(["permission", "insufficientPermissions"]);
    const uploadOnly = await failure(connect(yt, { scopes: [UPLOAD_SCOPE] }));
    expect(uploadOnly.kind).toBe("permission");
  });

  it("computes the daily quota reset at midnight Pacific time across daylight-saving changes", () => {
    expect(nextPacificMidnight(new Date("2026-07-01T20:00:00Z")).toISOString()).toBe("2026-07-02T07:00:00.000Z");
    expect(nextPacificMidnight(new Date("2026-03-08T09:00:00Z")).toISOString()).toBe("2026-03-09T07:00:00.000Z");
    expect(nextPacificMidnight(new Date("2026-11-01T08:30:00Z")).toISOString()).toBe("2026-11-02T08:00:00.000Z");
  });

  it("is faithful enough for the official @googleapis/youtube client (multipart videos.insert, videos.list, channels.list)", async () => {
    const { tokens, identity } = await channel();
    const oauth = new auth.OAuth2();
    oauth.setCredentials({ access_token: tokens.accessToken });
    const rootUrl = `${sandboxUrl()}/youtube/googleapis/`;
    const client = youtube({ version: "v3", rootUrl, auth: oauth });
    // The client resolves the global rootUrl against absolute paths (dropping /youtube/googleapis) and
    // builds media URLs from the per-call rootUrl only, so each call names the base URL too.
    // googleapis-common has no resumable upload: videos.insert with media is always multipart.
    const file = uniqueMp4({ payloadBytes: 300_000 });
    const inserted = await client.videos.insert(
      {
        part: ["snippet", "status"],
        requestBody: {
          snippet: { title: "From the official client", description: "multipart", categoryId: "22" },
          status: { privacyStatus: "private", selfDeclaredMadeForKids: false },
        },
        media: { mimeType: "video/mp4", body: Readable.from([file]) },
      },
      { rootUrl },
    );
    expect(inserted.data.status?.uploadStatus).toBe("uploaded");
    const posts = await sandboxPosts("youtube", identity.username);
    expect(posts.map((p) => [p.id, p.media[0]!.sha256, p.extra.title])).toEqual([[inserted.data.id, sha256(file), "From the official client"]]);
    const listed = await client.videos.list({ part: ["status", "fileDetails"], id: [inserted.data.id!] }, { rootUrl });
    expect(listed.data.items?.[0]?.fileDetails?.videoStreams?.[0]).toMatchObject({ widthPixels: 1080, heightPixels: 1920 });
    const mine = await client.channels.list({ part: ["snippet"], mine: true }, { rootUrl });
    expect(mine.data.items?.[0]?.id).toBe(identity.providerAccountId);
  });
});

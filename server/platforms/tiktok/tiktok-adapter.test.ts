// TikTok adapter against the sandbox: both app registrations, rotating refresh tokens, Direct
// Post of one video (single and multi-chunk uploads, status machine to its terminal states),
// the public video list with counters, the posting cap and every mapped error.
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { PlatformError } from "../errors.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import type { AccountContext } from "../types.ts";
import { makeJpeg, makeMp4 } from "../../testing/media-fixtures.ts";
import { connect, contextFor, fault, redirectUri, sandbox, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { chunkProblem } from "../../sandbox/tiktok/tiktok-upload.ts";
import { chunkPlan, mapTiktokError, tiktokAdapter, type ChunkPlan, type InitVideoInput, type PublishStatus } from "./tiktok-adapter.ts";

const MB = 1024 * 1024;
const terminal = ["PUBLISH_COMPLETE", "FAILED", "SEND_TO_USER_INBOX"];

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

async function connected(opts: { scopes?: string[]; app?: "business" | "login-kit" } = {}) {
  const { tokens, identity } = await connect(tiktokAdapter, {}, opts);
  return { tokens, identity, ctx: contextFor(identity, tokens) };
}

/** Sends the file chunk by chunk, as the publishing engine does; returns each answer's `complete`. */
async function upload(uploadUrl: string, file: Buffer, plan: ChunkPlan, mimeType = "video/mp4"): Promise<boolean[]> {
  const completes: boolean[] = [];
  for (let i = 0; i < plan.totalChunkCount; i++) {
    const start = i * plan.chunkSize;
    const end = i === plan.totalChunkCount - 1 ? file.length : start + plan.chunkSize;
    completes.push((await tiktokAdapter.uploadChunk(uploadUrl, { bytes: file.subarray(start, end), start, total: file.length, mimeType })).complete);
  }
  return completes;
}

/** Polls the status until it is terminal; returns it and the statuses seen on the way. */
async function settled(ctx: AccountContext, publishId: string): Promise<{ final: PublishStatus; seen: string[] }> {
  const seen: string[] = [];
  for (let i = 0; i < 300; i++) {
    const s = await tiktokAdapter.fetchStatus(ctx, publishId);
    if (seen.at(-1) !== s.status) seen.push(s.status);
    if (terminal.includes(s.status)) return { final: s, seen };
    await sleep(25);
  }
  throw new Error(`publish ${publishId} did not reach a terminal status: ${seen.join(" → ")}`);
}

function init(ctx: AccountContext, file: Buffer, input: Partial<InitVideoInput> = {}) {
  return tiktokAdapter.initVideo(ctx, {
    caption: "A caption #sandbox",
    privacyLevel: "PUBLIC_TO_EVERYONE",
    videoSize: file.length,
    ...chunkPlan(file.length),
    ...input,
  });
}

async function publish(ctx: AccountContext, file: Buffer, input: Partial<InitVideoInput> = {}, mimeType = "video/mp4") {
  const { publishId, uploadUrl } = await init(ctx, file, input);
  await upload(uploadUrl, file, chunkPlan(file.length), mimeType);
  return { publishId, ...(await settled(ctx, publishId)) };
}

type RawPost = {
  id: string;
  text: string;
  media: { size: number; sha256: string; type: string }[];
  extra: Record<string, unknown>;
  metrics: Record<string, number>;
};
const rawPosts = async (username: string) => (await sandbox<{ posts: RawPost[] }>("GET", `/_sandbox/posts?provider=tiktok&username=${username}`)).posts;

describe("TikTok chunk plan", () => {
  it("sends small files whole and larger ones in 10 MB chunks whose remainder rides on the last", () => {
    expect(chunkPlan(1)).toEqual({ chunkSize: 1, totalChunkCount: 1 });
    expect(chunkPlan(4 * MB)).toEqual({ chunkSize: 4 * MB, totalChunkCount: 1 });
    expect(chunkPlan(8 * MB)).toEqual({ chunkSize: 8 * MB, totalChunkCount: 1 });
    expect(chunkPlan(25 * MB)).toEqual({ chunkSize: 10 * MB, totalChunkCount: 2 });
    expect(chunkPlan(3 * 1024 * MB)).toEqual({ chunkSize: 10 * MB, totalChunkCount: 307 });
    // beyond 1000 chunks of 10 MB the chunks grow instead
    const huge = chunkPlan(20 * 1024 * MB);
    expect(huge.totalChunkCount).toBeLessThanOrEqual(1000);
    expect(huge.chunkSize).toBeGreaterThan(10 * MB);
  });

  it("always satisfies TikTok's chunk rules, and refuses sizes no plan can carry", () => {
    for (const size of [1, 5 * MB - 1, 5 * MB, 10 * MB, 10 * MB + 1, 20 * MB - 1, 64 * MB + 7, 333 * MB + 5, 4 * 1024 * MB]) {
      const plan = chunkPlan(size);
      expect(chunkProblem(size, plan.chunkSize, plan.totalChunkCount), `size ${size}`).toBeUndefined();
      expect(size - (plan.totalChunkCount - 1) * plan.chunkSize).toBeLessThanOrEqual(128 * MB);
    }
    expect(() => chunkPlan(0)).toThrow(PlatformError);
    expect(() => chunkPlan(65 * 1024 * MB)).toThrow(/1000 chunks/);
  });
});

describe("TikTok error mapping", () => {
  it("maps TikTok's error codes, including those the sandbox never produces", () => {
    const kinds: [string, number, string][] = [
      ["access_token_invalid", 401, "auth_expired"],
      ["scope_not_authorized", 401, "permission"],
      ["rate_limit_exceeded", 429, "rate_limited"],
      ["spam_risk_too_many_posts", 403, "quota_exceeded"],
      ["spam_risk_user_banned_from_posting", 403, "permission"],
      ["unaudited_client_can_only_post_to_private_accounts", 403, "app_setup"],
      ["privacy_level_option_mismatch", 400, "invalid_request"],
      ["invalid_params", 400, "invalid_request"],
      ["file_format_check_failed", 400, "media_rejected"],
      ["duration_check_failed", 400, "media_rejected"],
      ["frame_rate_check_failed", 400, "media_rejected"],
      ["picture_size_check_failed", 400, "media_rejected"],
      ["internal_error", 500, "unavailable"],
    ];
    for (const [code, status, kind] of kinds) {
      const err = mapTiktokError(status, { data: {}, error: { code, message: "m", log_id: "L1" } }, new Headers());
      expect(err.kind, code).toBe(kind);
      expect(err.platformCode).toBe(code);
    }
    const limited = mapTiktokError(429, { error: { code: "rate_limit_exceeded" } }, new Headers());
    expect(limited.retryAt!.getTime()).toBeGreaterThan(Date.now() + 50_000); // one-minute window without a header
    expect(mapTiktokError(200, { error: "invalid_grant", error_description: "expired" }, new Headers()).kind).toBe("auth_expired");
  });
});

describe("TikTok OAuth", () => {
  it("connects through the business-developer app with comma-separated scopes and no PKCE", async () => {
    const url = new URL(tiktokAdapter.authorizeUrl({ state: "s1", redirectUri }));
    expect(url.pathname.endsWith("/v2/auth/authorize/")).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: "sandbox-tiktok",
      scope: "user.info.basic,user.info.profile,video.publish,video.upload,video.list",
      response_type: "code",
      redirect_uri: redirectUri,
      state: "s1",
    });
    expect(await (await fetch(url)).text()).toContain("TikTok business-developer app");
    const { tokens, identity } = await connect(tiktokAdapter, { username: "tt_ada", displayName: "Ada on TikTok" });
    expect(tokens.accessToken).toMatch(/^act\./);
    expect(tokens.refreshToken).toMatch(/^rft\./);
    expect(tokens.scopes).toEqual(tiktokAdapter.defaultScopes);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    expect(tokens.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    expect(identity).toMatchObject({ username: "tt_ada", displayName: "Ada on TikTok", scopes: tiktokAdapter.defaultScopes, metadata: { app: "business" } });
    expect(identity.providerAccountId).toMatch(/^[0-9a-f-]{36}$/);
    const avatar = await fetch(identity.metadata!.avatarUrl as string);
    expect([avatar.status, avatar.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
  });

  it("connects the same person through the Login Kit app: its own client key, another open_id, the same union_id, and it can publish", async () => {
    const business = await connected();
    const url = new URL(tiktokAdapter.authorizeUrl({ state: "s2", redirectUri, app: "login-kit" }));
    expect(url.searchParams.get("client_key")).toBe("sandbox-tiktok-login-kit");
    expect(await (await fetch(url)).text()).toContain("TikTok Login Kit app");
    const { profiles } = await sandbox<{ profiles: { id: string; username: string }[] }>("GET", "/_sandbox/profiles");
    const profileId = profiles.find((p) => p.username === business.identity.username)!.id;
    const { tokens, identity } = await connect(tiktokAdapter, { profileId }, { app: "login-kit" });
    expect(identity.username).toBe(business.identity.username);
    expect(identity.metadata).toMatchObject({ app: "login-kit", unionId: business.identity.metadata!.unionId });
    expect(identity.providerAccountId).not.toBe(business.identity.providerAccountId);

    const ctx = contextFor(identity, tokens);
    const { final } = await publish(ctx, makeMp4(), { caption: "via Login Kit" });
    expect(final.status).toBe("PUBLISH_COMPLETE");
    expect((await sandboxPosts("tiktok", identity.username)).map((p) => p.text)).toEqual(["via Login Kit"]);

    // each app refreshes only its own tokens
    const next = await tiktokAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken!, app: "login-kit" });
    expect((await failure(tiktokAdapter.refresh({ accessToken: next.accessToken, refreshToken: next.refreshToken!, app: "business" }))).kind).toBe(
      "auth_expired",
    );
  });

  it("accepts a code once, for the client and redirect URI it was issued to", async () => {
    const code = async () =>
      (
        await consentHeadlessly(tiktokAdapter.authorizeUrl({ state: "s", redirectUri }), { username: `tt_${crypto.randomUUID().slice(0, 6)}` })
      ).searchParams.get("code")!;
    const wrongRedirect = await code();
    expect((await failure(tiktokAdapter.exchangeCode({ code: wrongRedirect, redirectUri: "http://127.0.0.1:9/elsewhere" }))).kind).toBe("invalid_request");
    expect((await failure(tiktokAdapter.exchangeCode({ code: wrongRedirect, redirectUri }))).platformCode).toBe("invalid_grant");
    expect((await failure(tiktokAdapter.exchangeCode({ code: await code(), redirectUri, app: "login-kit" }))).kind).toBe("invalid_request");
    const once = await code();
    expect((await tiktokAdapter.exchangeCode({ code: once, redirectUri })).accessToken).toBeTruthy();
    expect((await failure(tiktokAdapter.exchangeCode({ code: once, redirectUri }))).kind).toBe("invalid_request");
  });

  it("rotates refresh tokens: the newest works, the old one is refused, the refresh expiry stays from the first consent", async () => {
    const { tokens, identity } = await connected();
    const next = await tiktokAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! });
    expect(next.refreshToken).toMatch(/^rft\./);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect(Math.abs(next.refreshTokenExpiresAt!.getTime() - tokens.refreshTokenExpiresAt!.getTime())).toBeLessThan(2000);
    expect(next.scopes).toEqual(tokens.scopes);
    const old = await failure(tiktokAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! }));
    expect([old.kind, old.platformCode]).toEqual(["auth_expired", "invalid_grant"]);
    const third = await tiktokAdapter.refresh({ accessToken: next.accessToken, refreshToken: next.refreshToken! });
    expect((await tiktokAdapter.identities(third))[0]!.providerAccountId).toBe(identity.providerAccountId);
  });

  it("answers auth_expired for an expired token, and for a revoked grant on calls and on refresh", async () => {
    const { tokens, ctx } = await connected();
    await fault("tiktok", "expired_token", { operation: "creator_info.query" });
    expect((await failure(tiktokAdapter.creatorInfo(ctx))).kind).toBe("auth_expired");
    await fault("tiktok", "revoked_token", { operation: "user.info" });
    const revoked = await failure(tiktokAdapter.identities(tokens));
    expect([revoked.kind, revoked.platformCode]).toEqual(["auth_expired", "access_token_invalid"]);
    expect((await failure(tiktokAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! }))).kind).toBe("auth_expired");
  });

  it("answers permission for missing scopes: no video.publish, or no user.info.profile for the username", async () => {
    const reader = await connected({ scopes: ["user.info.basic", "user.info.profile", "video.list"] });
    const noPublish = await failure(tiktokAdapter.creatorInfo(reader.ctx));
    expect([noPublish.kind, noPublish.platformCode]).toEqual(["permission", "scope_not_authorized"]);
    expect((await failure(init(reader.ctx, makeMp4()))).kind).toBe("permission");
    expect(await tiktokAdapter.listPosts(reader.ctx, null)).toEqual({ posts: [], nextCursor: null });

    const back = await consentHeadlessly(tiktokAdapter.authorizeUrl({ state: "s", redirectUri }), { scopes: ["user.info.basic", "video.publish"] });
    const tokens = await tiktokAdapter.exchangeCode({ code: back.searchParams.get("code")!, redirectUri });
    expect(tokens.scopes).toEqual(["user.info.basic", "video.publish"]);
    expect((await failure(tiktokAdapter.identities(tokens))).kind).toBe("permission");
  });
});

describe("TikTok Direct Post", () => {
  it("publishes a small video in one chunk: PROCESSING_UPLOAD → PROCESSING_DOWNLOAD → PUBLISH_COMPLETE, posted once with the file's bytes", async () => {
    const { identity, ctx } = await connected();
    const creator = await tiktokAdapter.creatorInfo(ctx);
    expect(creator).toEqual({
      creatorUsername: identity.username,
      privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"],
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: false,
      maxVideoPostDurationSec: 600,
    });
    const file = makeMp4({ durationSeconds: 14 });
    const { publishId, uploadUrl } = await init(ctx, file, { caption: "First video #one", disableDuet: true, brandOrganicToggle: true });
    expect(new URL(uploadUrl).origin).toBe(new URL(sandboxUrl()).origin);
    expect(await tiktokAdapter.fetchStatus(ctx, publishId)).toEqual({ status: "PROCESSING_UPLOAD", failReason: null, postIds: [], uploadedBytes: 0 });
    expect(await upload(uploadUrl, file, chunkPlan(file.length))).toEqual([true]);
    const { final, seen } = await settled(ctx, publishId);
    expect(seen).toEqual(["PROCESSING_DOWNLOAD", "PUBLISH_COMPLETE"]);
    expect(final).toMatchObject({ status: "PUBLISH_COMPLETE", failReason: null, uploadedBytes: file.length });
    expect(final.postIds).toHaveLength(1);

    expect((await tiktokAdapter.fetchStatus(ctx, publishId)).postIds).toEqual(final.postIds);
    const posts = await rawPosts(identity.username);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      id: final.postIds[0],
      text: "First video #one",
      media: [{ size: file.length, sha256: sha256(file), type: "video" }],
      extra: { privacyLevel: "PUBLIC_TO_EVERYONE", disable_duet: true, disable_comment: false, brand_organic_toggle: true, durationSeconds: 14 },
    });
    expect(tiktokAdapter.permalinkFor(identity.username, final.postIds[0]!)).toBe(`https://www.tiktok.com/@${identity.username}/video/${final.postIds[0]}`);
  });

  it("uploads a 25 MB video in two chunks (206, then 201) and refuses ranges that do not continue the upload", async () => {
    const { identity, ctx } = await connected();
    const file = makeMp4({ payloadBytes: 25 * MB - 2000 });
    const plan = chunkPlan(file.length);
    expect(plan).toEqual({ chunkSize: 10 * MB, totalChunkCount: 2 });
    const { publishId, uploadUrl } = await init(ctx, file);
    const first = file.subarray(0, plan.chunkSize);
    const rest = file.subarray(plan.chunkSize);
    const skipped = await failure(tiktokAdapter.uploadChunk(uploadUrl, { bytes: rest, start: plan.chunkSize, total: file.length, mimeType: "video/mp4" }));
    expect([skipped.kind, skipped.status]).toEqual(["invalid_request", 416]);
    const wrongTotal = await failure(tiktokAdapter.uploadChunk(uploadUrl, { bytes: first, start: 0, total: file.length + 1, mimeType: "video/mp4" }));
    expect([wrongTotal.kind, wrongTotal.status]).toEqual(["invalid_request", 400]);

    expect(await tiktokAdapter.uploadChunk(uploadUrl, { bytes: first, start: 0, total: file.length, mimeType: "video/mp4" })).toEqual({ complete: false });
    expect(await tiktokAdapter.fetchStatus(ctx, publishId)).toMatchObject({ status: "PROCESSING_UPLOAD", uploadedBytes: plan.chunkSize });
    expect((await failure(tiktokAdapter.uploadChunk(uploadUrl, { bytes: first, start: 0, total: file.length, mimeType: "video/mp4" }))).status).toBe(416);
    expect(await tiktokAdapter.uploadChunk(uploadUrl, { bytes: rest, start: plan.chunkSize, total: file.length, mimeType: "video/mp4" })).toEqual({
      complete: true,
    });

    const { final } = await settled(ctx, publishId);
    expect(final.status).toBe("PUBLISH_COMPLETE");
    expect((await rawPosts(identity.username)).map((p) => p.media)).toEqual([
      [{ size: file.length, sha256: sha256(file), type: "video", contentType: "video/mp4", head: expect.any(String) }],
    ]);
  });

  it("validates the post at init: privacy options, a 2,200 UTF-16 caption, chunk arithmetic, branded content", async () => {
    const { identity, ctx } = await connected();
    const file = makeMp4();
    const mismatch = await failure(init(ctx, file, { privacyLevel: "FRIENDS" as never }));
    expect([mismatch.kind, mismatch.platformCode]).toEqual(["invalid_request", "privacy_level_option_mismatch"]);
    const emoji = "😀".repeat(1100); // 2,200 UTF-16 code units
    expect((await failure(init(ctx, file, { caption: `${emoji}!` }))).platformCode).toBe("invalid_params");
    expect((await failure(init(ctx, file, { chunkSize: 1024, totalChunkCount: Math.floor(file.length / 1024) }))).platformCode).toBe("invalid_params");
    expect((await failure(init(ctx, file, { videoSize: 100 * MB, chunkSize: 100 * MB, totalChunkCount: 1 }))).kind).toBe("invalid_request");
    expect((await failure(init(ctx, file, { privacyLevel: "SELF_ONLY", brandContentToggle: true }))).kind).toBe("invalid_request");

    const { final } = await publish(ctx, file, { caption: emoji });
    expect(final.status).toBe("PUBLISH_COMPLETE");
    expect((await sandboxPosts("tiktok", identity.username)).map((p) => p.text)).toEqual([emoji]);
  });

  it("on an unaudited app, refuses a public init with unaudited_client_can_only_post_to_private_accounts (app_setup, saying what to do) and accepts SELF_ONLY", async () => {
    const { identity, ctx } = await connected();
    const file = makeMp4();
    try {
      await sandbox("PUT", "/_sandbox/tiktok/app", { audited: false, usernames: [identity.username] });
      // creator_info still offers every privacy level: only init tells
      expect((await tiktokAdapter.creatorInfo(ctx)).privacyLevelOptions).toContain("PUBLIC_TO_EVERYONE");
      for (const privacyLevel of ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR"] as const) {
        const err = await failure(init(ctx, file, { privacyLevel }));
        expect(err).toMatchObject({ kind: "app_setup", status: 403, platformCode: "unaudited_client_can_only_post_to_private_accounts" });
        expect(err.detail).toMatch(
          /^This installation's TikTok app has not passed TikTok's audit, so TikTok accepts only private posts \(privacy level SELF_ONLY\) from it\. Posteady posts TikTok videos publicly, which works once the app has passed the audit \(TikTok.s Content Sharing Guidelines; see docs\/platforms\/tiktok\.md\)\. TikTok said: /,
        );
      }
      const { final } = await publish(ctx, file, { privacyLevel: "SELF_ONLY", caption: "private while unaudited" });
      expect(final.status).toBe("PUBLISH_COMPLETE");
      expect((await sandboxPosts("tiktok", identity.username)).map((p) => p.text)).toEqual(["private while unaudited"]);
    } finally {
      await sandbox("PUT", "/_sandbox/tiktok/app", {});
    }
    expect((await init(ctx, file)).publishId).toBeTruthy(); // audited again: public posts are accepted
  });

  it("completes a SELF_ONLY video without a public post id; it is posted but not listed", async () => {
    const { identity, ctx } = await connected();
    const { final } = await publish(ctx, makeMp4(), { privacyLevel: "SELF_ONLY", caption: "only me" });
    expect(final).toMatchObject({ status: "PUBLISH_COMPLETE", postIds: [] });
    expect((await sandboxPosts("tiktok", identity.username)).map((p) => p.text)).toEqual(["only me"]);
    expect((await tiktokAdapter.listPosts(ctx, null)).posts).toEqual([]);
  });

  it("ends FAILED with TikTok's fail_reason when processing rejects the video; only the valid QuickTime file is posted", async () => {
    const { identity, ctx } = await connected();
    await fault("tiktok", "reject_media", { operation: "video.init" });
    const rejected = await publish(ctx, makeMp4());
    expect(rejected.seen).toEqual(["PROCESSING_DOWNLOAD", "FAILED"]);
    expect(rejected.final).toMatchObject({ status: "FAILED", failReason: "file_format_check_failed", postIds: [] });
    expect((await publish(ctx, await makeJpeg())).final.failReason).toBe("file_format_check_failed");
    expect((await publish(ctx, makeMp4({ durationSeconds: 601 }))).final.failReason).toBe("duration_check_failed");
    expect((await publish(ctx, makeMp4({ width: 320, height: 240 }))).final.failReason).toBe("picture_size_check_failed");
    expect((await publish(ctx, makeMp4({ brand: "qt  ", moovAtEnd: true }), {}, "video/quicktime")).final.status).toBe("PUBLISH_COMPLETE");
    expect(await sandboxPosts("tiktok", identity.username)).toHaveLength(1);
  });

  it("caps posting at 25 videos per creator per 24 hours (spam_risk_too_many_posts → quota_exceeded)", async () => {
    const { ctx } = await connected();
    const file = makeMp4();
    for (let i = 0; i < 25; i++) await init(ctx, file, { caption: `attempt ${i}` });
    const capped = await failure(init(ctx, file, { caption: "one too many" }));
    expect([capped.kind, capped.platformCode, capped.status]).toEqual(["quota_exceeded", "spam_risk_too_many_posts", 403]);
  });
});

describe("TikTok video list", () => {
  it("lists public videos newest first, 20 per page, with TikTok's four counters", async () => {
    const { identity, ctx } = await connected();
    const file = makeMp4();
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      const { publishId, uploadUrl } = await init(ctx, file, { caption: `video ${i}` });
      await upload(uploadUrl, file, chunkPlan(file.length));
      ids.push(publishId);
    }
    await publish(ctx, file, { caption: "followers only", privacyLevel: "FOLLOWER_OF_CREATOR" });
    for (const id of ids) expect((await settled(ctx, id)).final.status).toBe("PUBLISH_COMPLETE");

    const first = await tiktokAdapter.listPosts(ctx, null);
    expect(first.posts).toHaveLength(20);
    expect(first.nextCursor).toMatch(/^\d+$/);
    const second = await tiktokAdapter.listPosts(ctx, first.nextCursor);
    expect(second.nextCursor).toBeNull();
    const listed = [...first.posts, ...second.posts];
    expect(listed.map((p) => p.content)).toEqual(Array.from({ length: 22 }, (_, i) => `video ${21 - i}`));

    const raw = new Map((await rawPosts(identity.username)).map((p) => [p.id, p]));
    for (const post of listed) {
      const stored = raw.get(post.nativeId)!;
      expect(post.metrics).toEqual({
        view_count: stored.metrics.views,
        like_count: stored.metrics.likes,
        comment_count: stored.metrics.replies,
        share_count: stored.metrics.shares,
      });
      expect(post).toMatchObject({
        isPublic: true,
        mediaType: "VIDEO",
        title: stored.text,
        permalink: `https://www.tiktok.com/@${identity.username}/video/${post.nativeId}`,
      });
      expect(Math.abs(post.postedAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
  });
});

describe("TikTok failures", () => {
  it("maps every injected platform failure to its kind, and nothing is posted", async () => {
    const { identity, ctx } = await connected();
    const kinds: [string, string, string][] = [
      ["rate_limit", "rate_limited", "rate_limit_exceeded"],
      ["quota", "quota_exceeded", "spam_risk_too_many_posts"],
      ["reject_content", "content_rejected", "spam_risk_text"],
      ["server_error", "unavailable", "internal_error"],
      ["expired_token", "auth_expired", "access_token_invalid"],
    ];
    for (const [kind, expected, code] of kinds) {
      await fault("tiktok", kind, { operation: "video.init", ...(kind === "rate_limit" ? { retryAfterSeconds: 120 } : {}) });
      const err = await failure(init(ctx, makeMp4(), { caption: `fault ${kind}` }));
      expect([err.kind, err.platformCode], kind).toEqual([expected, code]);
      if (kind === "rate_limit") expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    }
    await fault("tiktok", "rate_limit", { operation: "status.fetch" });
    expect((await failure(tiktokAdapter.fetchStatus(ctx, "v_pub_file~v2-1.1"))).kind).toBe("rate_limited");
    expect((await failure(tiktokAdapter.fetchStatus(ctx, "v_pub_file~v2-1.1"))).kind).toBe("invalid_request");
    expect(await sandboxPosts("tiktok", identity.username)).toEqual([]);
  });

  it("a 5xx on a chunk applied nothing: the same chunk is sent again and the video completes", async () => {
    const { identity, ctx } = await connected();
    const file = makeMp4();
    const { publishId, uploadUrl } = await init(ctx, file);
    await fault("tiktok", "server_error", { operation: "upload.put" });
    expect((await failure(upload(uploadUrl, file, chunkPlan(file.length)))).kind).toBe("unavailable");
    expect(await upload(uploadUrl, file, chunkPlan(file.length))).toEqual([true]);
    expect((await settled(ctx, publishId)).final.status).toBe("PUBLISH_COMPLETE");
    expect(await sandboxPosts("tiktok", identity.username)).toHaveLength(1);
  });

  it("a lost answer to the final chunk is unknown_outcome; polling the publish shows the video, posted exactly once", async () => {
    const { identity, ctx } = await connected();
    const file = makeMp4();
    const { publishId, uploadUrl } = await init(ctx, file, { caption: "applied, but did it?" });
    await fault("tiktok", "response_lost", { operation: "upload.put" });
    expect((await failure(upload(uploadUrl, file, chunkPlan(file.length)))).kind).toBe("unknown_outcome");
    // sending it again is refused: the upload was closed by the lost request
    expect((await failure(upload(uploadUrl, file, chunkPlan(file.length)))).status).toBe(416);
    const { final } = await settled(ctx, publishId);
    expect(final.status).toBe("PUBLISH_COMPLETE");
    expect((await sandboxPosts("tiktok", identity.username)).map((p) => [p.id, p.text])).toEqual([[final.postIds[0], "applied, but did it?"]]);
  });

  it("a lost answer to init is unknown_outcome, and nothing is posted", async () => {
    const { identity, ctx } = await connected();
    await fault("tiktok", "response_lost", { operation: "video.init" });
    expect((await failure(init(ctx, makeMp4()))).kind).toBe("unknown_outcome");
    expect(await sandboxPosts("tiktok", identity.username)).toEqual([]);
  });
});

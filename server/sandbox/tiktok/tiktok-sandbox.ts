// Sandbox TikTok: Login Kit v2 OAuth for two app registrations (rotating refresh tokens),
// user info, the Content Posting API's Direct Post (creator info, init, chunked upload to an
// absolute upload URL, status machine) and the creator's public video list. API answers are
// {data, error:{code, message, log_id}}; the OAuth endpoint answers {error, error_description}.
import crypto, { type Hash } from "node:crypto";
import sharp from "sharp";
import { z } from "zod";
import { VideoScanner, chunkProblem, movieFacts, readChunk, videoVerdict } from "./tiktok-upload.ts";
import { appSecretMatches } from "../apps.ts";
import { consentPage } from "../consent.ts";
import { controlSetting } from "../control-setting.ts";
import { jsonAnswer, bearer, params, type Ctx, type Kit, type ProviderModule } from "../kit.ts";
import { numericId, type PlatformObject, type SandboxPost, type SandboxState, type Token } from "../state.ts";
import type { MediaWriter } from "../media-store.ts";

const ACCESS_SECONDS = 86_400;
/** counted from the first consent: a rotated refresh token keeps its predecessor's expiry */
const REFRESH_SECONDS = 365 * 86_400;
/** TikTok does not publish the cap; integrators report 15–25 posts per creator per 24 h. */
const DAILY_POST_CAP = 25;
const MAX_DURATION_SECONDS = 600;
const MAX_CAPTION = 2200;
const PUBLISH_PREFIX = "v_pub_file~v2-1.";
const privacyLevels = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"];
const knownScopes = new Set(["user.info.basic", "user.info.profile", "user.info.stats", "video.publish", "video.upload", "video.list"]);
const videoTypes = new Set(["video/mp4", "video/quicktime", "video/webm"]);

/**
 * The sandbox TikTok app's audit. An unaudited client may use Direct Post, but only with the
 * SELF_ONLY privacy level (developers.tiktok.com/doc/content-sharing-guidelines, "Direct Post API -
 * Developer Guidelines"; developers.tiktok.com/doc/content-posting-api-reference-direct-post, the
 * note on unaudited clients and the error `unaudited_client_can_only_post_to_private_accounts`).
 * creator_info still lists every privacy option. `usernames` limits the setting to those
 * creators (tests sharing one sandbox). SANDBOX_TIKTOK_APP=unaudited starts unaudited.
 */
const appSetup = z.strictObject({ audited: z.boolean().default(true), usernames: z.array(z.string().min(1)).nullable().default(null) });
type AppSetup = z.output<typeof appSetup>;
function configuredSetup(): AppSetup {
  const value = process.env.SANDBOX_TIKTOK_APP ?? "";
  if (value !== "" && value !== "unaudited" && value !== "audited") throw new Error(`SANDBOX_TIKTOK_APP: unknown setting ${value} (known: audited, unaudited)`);
  return appSetup.parse({ audited: value !== "unaudited" });
}

// TikTok's log ids: the UTC time to the second, then 18 hex digits. Here a random start counted up,
// with the time part made once a second: every answer carries one.
let logCounter = crypto.randomBytes(6).readUIntBE(0, 6);
let logSecond = { at: 0, text: "" };
function logId(): string {
  const second = Math.floor(Date.now() / 1000);
  if (logSecond.at !== second) logSecond = { at: second, text: new Date(second * 1000).toISOString().replace(/\D/g, "").slice(0, 14) };
  return logSecond.text + (logCounter++).toString(16).toUpperCase().padStart(18, "0");
}

const fail = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  jsonAnswer({ data: {}, error: { code, message, log_id: logId() } }, { status, headers });
const ok = (data: unknown) => jsonAnswer({ data, error: { code: "ok", message: "", log_id: logId() } });
// TikTok's token endpoint reports errors in the body, with HTTP 200.
const oauthError = (error: string, description: string) => jsonAnswer({ error, error_description: description, log_id: logId() });

/** A stable id shaped like a UUID, derived from the parts. */
function derivedId(...parts: string[]): string {
  const h = crypto.createHash("sha256").update(parts.join(":")).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
// open_id differs per app; union_id is the same person across one developer's apps.
const openIdFor = (clientKey: string, profileId: string) => derivedId("open", clientKey, profileId);
const unionIdFor = (profileId: string) => derivedId("union", profileId);
const appLabel = (clientKey: string) => `Posteady · TikTok ${clientKey.includes("login-kit") ? "Login Kit" : "business-developer"} app`;

type PublishData = {
  title: string;
  privacyLevel: string;
  settings: Record<string, boolean>;
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
  received: number;
  uploadToken: string;
  processingMs: number;
  durationSeconds?: number | null;
  /** injected by a reject_media fault, applied when processing ends */
  injectedFailure?: string;
  /** how long a public post stays in moderation after processing (a slow_moderation fault) */
  moderationMs?: number;
  postId?: string;
};
type PublishStatus = "PROCESSING_UPLOAD" | "PROCESSING_DOWNLOAD" | "PUBLISH_COMPLETE" | "FAILED";

const publishData = (o: PlatformObject) => o.data as PublishData;

/** Running hash and box scanner of uploads in progress (in memory: a restart loses them). */
const uploads = new Map<string, { hash: Hash; scan: VideoScanner; file: MediaWriter }>();

function statusOf(state: SandboxState, o: PlatformObject): PublishStatus {
  const d = publishData(o);
  if (d.received < d.videoSize) return o.failure ? "FAILED" : "PROCESSING_UPLOAD";
  if (!state.objectReady(o)) return "PROCESSING_DOWNLOAD";
  return o.failure ? "FAILED" : "PUBLISH_COMPLETE";
}

/** A processed publish becomes a post once, whoever looks first (status fetch or video list). */
function settle(state: SandboxState, o: PlatformObject): PublishStatus {
  const status = statusOf(state, o);
  const d = publishData(o);
  if (status !== "PUBLISH_COMPLETE" || d.postId) return status;
  const profile = state.profile(o.profileId)!;
  const previous = Math.max(0, ...state.posts({ provider: "tiktok", profileId: profile.id }).map(createTimeMs));
  const post = state.addPost({
    provider: "tiktok",
    profileId: profile.id,
    username: profile.username,
    kind: "video",
    text: d.title,
    media: [{ ...o.media!, type: "video" }],
    // distinct creation times per creator keep the time-based list cursor exact
    extra: {
      publishId: o.id,
      privacyLevel: d.privacyLevel,
      ...d.settings,
      durationSeconds: d.durationSeconds ?? null,
      createTimeMs: Math.max(Date.now(), previous + 1),
      moderatedAt: o.readyAt + (d.moderationMs ?? 0),
    },
    permalink: (id) => `https://www.tiktok.com/@${profile.username}/video/${id}`,
  });
  d.postId = post.id;
  state.changed();
  return status;
}

const createTimeMs = (p: SandboxPost) => Number(p.extra.createTimeMs ?? Date.parse(p.createdAt));
/**
 * Public, and past moderation: "developers are not provided with the post_id until this process is
 * complete" (developers.tiktok.com/doc/content-posting-api-reference-get-video-status).
 */
const isPublic = (p: SandboxPost) => p.extra.privacyLevel === "PUBLIC_TO_EVERYONE" && !p.deleted && Date.now() >= Number(p.extra.moderatedAt ?? 0);

type InitBody = {
  post_info?: Record<string, unknown>;
  source_info?: { source?: unknown; video_size?: unknown; chunk_size?: unknown; total_chunk_count?: unknown; video_url?: unknown };
};

function validateInit(body: InitBody | null): { error: Response } | { data: Omit<PublishData, "received" | "uploadToken" | "processingMs"> } {
  const invalid = (message: string) => ({ error: fail(400, "invalid_params", message) });
  const post = body?.post_info;
  const source = body?.source_info;
  if (!post || typeof post !== "object" || !source || typeof source !== "object") return invalid("post_info and source_info are required");
  const title = post.title ?? "";
  if (typeof title !== "string") return invalid("title must be a string");
  if (title.length > MAX_CAPTION) return invalid(`title exceeds ${MAX_CAPTION} UTF-16 code units`);
  if (!privacyLevels.includes(post.privacy_level as string)) {
    return { error: fail(400, "privacy_level_option_mismatch", `privacy_level must be one of the creator's options: ${privacyLevels.join(", ")}`) };
  }
  const settings: Record<string, boolean> = {};
  for (const key of ["disable_duet", "disable_comment", "disable_stitch", "brand_content_toggle", "brand_organic_toggle"]) {
    if (post[key] !== undefined && typeof post[key] !== "boolean") return invalid(`${key} must be a boolean`);
    settings[key] = post[key] === true;
  }
  if (settings.brand_content_toggle && post.privacy_level === "SELF_ONLY") return invalid("branded content cannot be private (SELF_ONLY)");
  if (source.source === "PULL_FROM_URL") return { error: fail(403, "url_ownership_unverified", "The domain of video_url is not verified for this app.") };
  if (source.source !== "FILE_UPLOAD") return invalid("source must be FILE_UPLOAD or PULL_FROM_URL");
  const [size, chunk, count] = [source.video_size, source.chunk_size, source.total_chunk_count];
  if (![size, chunk, count].every((n) => Number.isSafeInteger(n) && (n as number) > 0))
    return invalid("video_size, chunk_size and total_chunk_count must be positive integers");
  const problem = chunkProblem(size as number, chunk as number, count as number);
  if (problem) return invalid(problem);
  return {
    data: {
      title,
      privacyLevel: post.privacy_level as string,
      settings,
      videoSize: size as number,
      chunkSize: chunk as number,
      totalChunkCount: count as number,
    },
  };
}

export const tiktokSandbox: ProviderModule = {
  provider: "tiktok",
  tokenOf: bearer,
  error(kind, d = {}) {
    switch (kind) {
      case "expired_token":
      case "invalid_token":
        return fail(401, "access_token_invalid", "The access token is invalid or not found in the request.");
      case "missing_scope":
        return fail(401, "scope_not_authorized", d.message ?? "The user did not authorize the scope required for completing this request.");
      case "rate_limit":
        // TikTok sends no reset header; Retry-After lets fault injection steer the wait.
        return fail(429, "rate_limit_exceeded", "The API rate limit was exceeded. Please try again later.", {
          "Retry-After": String(d.retryAfterSeconds ?? 60),
        });
      case "quota":
        return fail(403, "spam_risk_too_many_posts", d.message ?? "The daily post cap from the API is reached for the current user.");
      case "server_error":
        return fail(500, "internal_error", "Something went wrong. Please try again later.");
      case "content":
        return fail(403, "spam_risk_text", d.message ?? "The caption was flagged as spam.");
      case "media":
        return fail(400, "file_format_check_failed", d.message ?? "The video format is not supported.");
      default:
        return fail(400, "invalid_params", d.message ?? "The request parameters are invalid.");
    }
  },

  register(app, kit) {
    registerOAuth(app, kit);
    registerPublishing(app, kit);
    registerReads(app, kit);
  },
};

type App = Parameters<ProviderModule["register"]>[0];

function registerOAuth(app: App, kit: Kit) {
  const { state } = kit;
  const m = tiktokSandbox;

  kit.authorizePage(app, m, "/tiktok/v2/auth/authorize/", "oauth.authorize", (c) => {
    const q = c.req.query();
    const scopes = (q.scope ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (!q.client_key || q.response_type !== "code" || !q.redirect_uri) return c.text("client_key, response_type=code and redirect_uri are required.", 400);
    const unknown = scopes.filter((s) => !knownScopes.has(s));
    if (scopes.length === 0 || unknown.length > 0) return c.text(`invalid_scope: ${unknown.join(", ") || "no scope requested"}`, 400);
    return consentPage(c, state, {
      provider: "tiktok",
      clientId: q.client_key,
      redirectUri: q.redirect_uri,
      state: q.state,
      scopes,
      appLabel: appLabel(q.client_key),
    });
  });

  kit.open(app, m, "POST", "/tiktok/api/v2/oauth/token/", "oauth.token", async (c) => {
    const f = await params(c);
    if (!f.client_key || !f.client_secret) return oauthError("invalid_client", "Client key or secret is missing.");
    if (f.grant_type === "authorization_code") {
      const grant = state.takeGrant(f.code ?? "");
      if (!grant || grant.provider !== "tiktok") return oauthError("invalid_grant", "Authorization code is expired, already used or invalid.");
      if (grant.clientId !== f.client_key || grant.redirectUri !== f.redirect_uri)
        return oauthError("invalid_grant", "The code was issued to another client or redirect_uri.");
      return c.json(issueTokens(kit, grant.clientId, grant.profileId, grant.scopes));
    }
    if (f.grant_type === "refresh_token") {
      const old = state.checkToken("tiktok", f.refresh_token, ["refresh"]);
      if (typeof old === "string" || old.clientId !== f.client_key) return oauthError("invalid_grant", "Refresh token is invalid or expired.");
      state.retireToken(old.value); // rotation: the old refresh token stops working
      return c.json(issueTokens(kit, old.clientId, old.profileId, old.scopes, old));
    }
    // Client access token (developers.tiktok.com/doc/client-access-token-management): no user,
    // valid 2 hours. A wrong key or secret is the OAuth error invalid_client
    // (developers.tiktok.com/doc/oauth-error-handling: "Client authentication failed").
    if (f.grant_type === "client_credentials") {
      if (!appSecretMatches(f.client_key, f.client_secret))
        return oauthError("invalid_client", "Client authentication failed: the client key or secret is invalid.");
      return c.json({ access_token: `clt.${crypto.randomBytes(24).toString("base64url")}`, expires_in: 7200, token_type: "Bearer" });
    }
    return oauthError("unsupported_grant_type", "grant_type must be authorization_code, refresh_token or client_credentials.");
  });
}

function issueTokens(kit: Kit, clientId: string, profileId: string, scopes: string[], previous?: Token) {
  const now = Date.now();
  const ttl = kit.accessTtl(ACCESS_SECONDS);
  const base = { provider: "tiktok" as const, clientId, profileId, scopes };
  const access = kit.state.issueToken({ ...base, kind: "access", prefix: "act.", expiresAt: now + ttl * 1000, family: previous?.family });
  const refreshExpiresAt = previous?.expiresAt ?? now + REFRESH_SECONDS * 1000;
  const refresh = kit.state.issueToken({ ...base, kind: "refresh", prefix: "rft.", expiresAt: refreshExpiresAt, family: access.family });
  return {
    open_id: openIdFor(clientId, profileId),
    scope: scopes.join(","),
    access_token: access.value,
    expires_in: ttl,
    refresh_token: refresh.value,
    refresh_expires_in: Math.floor((refreshExpiresAt - now) / 1000),
    token_type: "Bearer",
  };
}

function registerPublishing(app: App, kit: Kit) {
  const { state } = kit;
  const m = tiktokSandbox;

  const current = controlSetting(app, "tiktok/app", appSetup, configuredSetup());
  const unaudited = (profileId: string) => {
    const { audited, usernames } = current();
    return !audited && (!usernames || usernames.includes(state.profile(profileId)?.username ?? ""));
  };

  kit.route(
    app,
    m,
    "POST",
    "/tiktok/api/v2/post/publish/creator_info/query/",
    "creator_info.query",
    (c, token) => {
      const p = state.profile(token.profileId)!;
      return ok({
        creator_avatar_url: `${kit.baseUrl}/tiktok/cdn/avatar/${p.id}.jpeg`,
        creator_username: p.username,
        creator_nickname: p.displayName,
        privacy_level_options: privacyLevels,
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: false,
        max_video_post_duration_sec: MAX_DURATION_SECONDS,
      });
    },
    [["video.publish"]],
  );

  kit.route(
    app,
    m,
    "POST",
    "/tiktok/api/v2/post/publish/video/init/",
    "video.init",
    async (c, token) => {
      const checked = validateInit((await c.req.json().catch(() => null)) as InitBody | null);
      if ("error" in checked) return checked.error;
      if (unaudited(token.profileId) && checked.data.privacyLevel !== "SELF_ONLY") {
        return fail(
          403,
          "unaudited_client_can_only_post_to_private_accounts",
          "Unaudited clients can only post to private accounts; use privacy_level SELF_ONLY.",
        );
      }
      const dayAgo = Date.now() - 24 * 3600_000;
      if (publishesOf(state, token.profileId).filter((o) => o.createdAt > dayAgo).length >= DAILY_POST_CAP)
        return m.error("quota", { message: `At most ${DAILY_POST_CAP} posts per creator per 24 hours.` });
      const injected = kit.processingFault("tiktok", "video.init", token.profileId);
      const moderation = state.takeFault("tiktok", "video.init", ["slow_moderation"], token.profileId);
      const uploadId = numericId();
      const data: PublishData = {
        ...checked.data,
        received: 0,
        uploadToken: crypto.randomBytes(12).toString("base64url"),
        processingMs: injected.processingMs ?? state.processingMs,
        ...(injected.failure ? { injectedFailure: "file_format_check_failed" } : {}),
        ...(moderation ? { moderationMs: (moderation.delaySeconds ?? 5) * 1000 } : {}),
      };
      const o = state.addObject({ id: PUBLISH_PREFIX + uploadId, provider: "tiktok", profileId: token.profileId, type: "publish", data });
      indexOf(state, token.profileId).publishIds.push(o.id);
      state.changed();
      return ok({ publish_id: o.id, upload_url: `${kit.baseUrl}/tiktok/upload/video/?upload_id=${uploadId}&upload_token=${data.uploadToken}` });
    },
    [["video.publish"]],
  );

  // The upload URL carries its own credentials (upload_id + upload_token), no bearer token.
  kit.open(app, m, "PUT", "/tiktok/upload/video/", "upload.put", async (c) => {
    const o = state.object(PUBLISH_PREFIX + (c.req.query("upload_id") ?? ""));
    if (!o || o.provider !== "tiktok" || o.type !== "publish" || publishData(o).uploadToken !== c.req.query("upload_token")) {
      return fail(404, "invalid_params", "The upload does not exist or upload_token is wrong.");
    }
    return receiveChunk(c, state, o);
  });

  kit.route(
    app,
    m,
    "POST",
    "/tiktok/api/v2/post/publish/status/fetch/",
    "status.fetch",
    async (c, token) => {
      const body = (await c.req.json().catch(() => null)) as { publish_id?: unknown } | null;
      const o = typeof body?.publish_id === "string" ? state.object(body.publish_id) : undefined;
      if (!o || o.provider !== "tiktok" || o.type !== "publish" || o.profileId !== token.profileId)
        return m.error("not_found", { message: "publish_id is invalid." });
      const status = settle(state, o);
      const d = publishData(o);
      const post = d.postId ? state.post(d.postId) : undefined;
      return ok({
        status,
        ...(status === "FAILED" ? { fail_reason: o.failure } : {}),
        // int64 in TikTok's schema; only posts everyone can see have a public id
        publicaly_available_post_id: post && isPublic(post) ? [Number(post.id)] : [],
        uploaded_bytes: d.received,
      });
    },
    [["video.publish"], ["video.upload"]],
  );
}

/**
 * A creator's publishes, in order. SandboxState looks objects up only by id, so each creator
 * has an index object listing theirs (for the daily cap and for the video list).
 */
function indexOf(state: SandboxState, profileId: string): { publishIds: string[] } {
  const id = `tiktok-creator-${profileId}`;
  const index = state.object(id) ?? state.addObject({ id, provider: "tiktok", profileId, type: "creator_index", data: { publishIds: [] }, processingMs: 0 });
  return index.data as { publishIds: string[] };
}

function publishesOf(state: SandboxState, profileId: string): PlatformObject[] {
  return indexOf(state, profileId).publishIds.map((id) => state.object(id)!);
}

/**
 * One PUT of the upload: chunks arrive in order, each exactly chunk_size bytes except the last,
 * which takes the remainder. 206 asks for the next chunk; 201 closes the upload and starts processing.
 */
async function receiveChunk(c: Ctx, state: SandboxState, o: PlatformObject): Promise<Response> {
  const d = publishData(o);
  if (o.failure || d.received >= d.videoSize) return fail(416, "invalid_params", "The upload is already closed.");
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(c.req.header("content-range") ?? "");
  if (!range) return fail(400, "invalid_params", "Content-Range must be bytes {first}-{last}/{total}.");
  const [first, last, total] = range.slice(1).map(Number) as [number, number, number];
  if (total !== d.videoSize) return fail(400, "invalid_params", `The total in Content-Range must be video_size (${d.videoSize}).`);
  if (first !== d.received) return fail(416, "invalid_params", `The next chunk starts at byte ${d.received}.`);
  const isLast = d.received / d.chunkSize === d.totalChunkCount - 1;
  const expected = isLast ? d.videoSize - d.received : d.chunkSize;
  if (last - first + 1 !== expected) return fail(400, "invalid_params", `This chunk must be ${expected} bytes.`);
  if (Number(c.req.header("content-length")) !== expected) return fail(400, "invalid_params", `Content-Length must be ${expected}.`);
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim();
  if (!videoTypes.has(type)) return fail(400, "invalid_params", "Content-Type must be video/mp4, video/quicktime or video/webm.");
  let upload = uploads.get(o.id);
  if (!upload && d.received > 0) {
    o.failure = "internal"; // the sandbox restarted mid-upload: the running hash is gone
    state.changed();
    return fail(404, "invalid_params", "The upload session expired; initialize a new post.");
  }
  const bytes = await readChunk(c, expected);
  if (!bytes || bytes.length !== expected) return fail(400, "invalid_params", `This chunk must be ${expected} bytes.`);
  upload ??= { hash: crypto.createHash("sha256"), scan: new VideoScanner(), file: state.media.writer() };
  uploads.set(o.id, upload);
  upload.hash.update(bytes);
  upload.file.write(bytes);
  upload.scan.push(bytes);
  d.received += bytes.length;
  if (!isLast) {
    state.changed();
    return new Response(null, { status: 206 });
  }
  uploads.delete(o.id);
  o.media = { size: d.videoSize, sha256: upload.hash.digest("hex"), contentType: type, head: upload.scan.head };
  upload.file.finish(o.media.sha256);
  o.failure = d.injectedFailure ?? videoVerdict(upload.scan, MAX_DURATION_SECONDS);
  d.durationSeconds = upload.scan.moov ? movieFacts(upload.scan.moov).durationSeconds : null;
  o.readyAt = Date.now() + d.processingMs;
  state.changed();
  return new Response(null, { status: 201 });
}

const userFields: Record<string, { scope: string; value: (p: { id: string; username: string; displayName: string }, t: Token, baseUrl: string) => unknown }> = {
  open_id: { scope: "user.info.basic", value: (p, t) => openIdFor(t.clientId, p.id) },
  union_id: { scope: "user.info.basic", value: (p) => unionIdFor(p.id) },
  avatar_url: { scope: "user.info.basic", value: (p, _t, base) => `${base}/tiktok/cdn/avatar/${p.id}.jpeg` },
  display_name: { scope: "user.info.basic", value: (p) => p.displayName },
  username: { scope: "user.info.profile", value: (p) => p.username },
  profile_deep_link: { scope: "user.info.profile", value: (p) => `https://www.tiktok.com/@${p.username}` },
  is_verified: { scope: "user.info.profile", value: () => false },
};

const videoFields: Record<string, (p: SandboxPost, baseUrl: string) => unknown> = {
  id: (p) => p.id,
  title: (p) => p.text,
  video_description: (p) => p.text,
  create_time: (p) => Math.floor(createTimeMs(p) / 1000),
  share_url: (p) => p.permalink,
  duration: (p) => (typeof p.extra.durationSeconds === "number" ? Math.round(p.extra.durationSeconds) : null),
  cover_image_url: (p, base) => `${base}/tiktok/cdn/cover/${p.id}.jpeg`,
  view_count: (p) => p.metrics.views,
  like_count: (p) => p.metrics.likes,
  comment_count: (p) => p.metrics.replies,
  share_count: (p) => p.metrics.shares,
};

function registerReads(app: App, kit: Kit) {
  const { state } = kit;
  const m = tiktokSandbox;

  kit.route(
    app,
    m,
    "GET",
    "/tiktok/api/v2/user/info/",
    "user.info",
    (c, token) => {
      const fields = (c.req.query("fields") ?? "").split(",").filter(Boolean);
      if (fields.length === 0) return m.error("invalid_request", { message: "fields is required." });
      const unknown = fields.filter((f) => !userFields[f]);
      if (unknown.length) return m.error("invalid_request", { message: `Unsupported fields: ${unknown.join(", ")}.` });
      const missing = fields.filter((f) => !token.scopes.includes(userFields[f]!.scope));
      if (missing.length)
        return m.error("missing_scope", {
          message: `The fields ${missing.join(", ")} need ${[...new Set(missing.map((f) => userFields[f]!.scope))].join(", ")}.`,
        });
      const profile = state.profile(token.profileId)!;
      return ok({ user: Object.fromEntries(fields.map((f) => [f, userFields[f]!.value(profile, token, kit.baseUrl)])) });
    },
    [["user.info.basic"]],
  );

  // The images avatar_url and cover_image_url point at, as TikTok's CDN serves them.
  kit.open(app, m, "GET", "/tiktok/cdn/:kind/:file", "cdn.image", async (c) => {
    const kind = c.req.param("kind");
    const id = (c.req.param("file") ?? "").replace(/\.jpeg$/, "");
    const known = kind === "avatar" ? state.profile(id)?.provider === "tiktok" : kind === "cover" ? state.post(id)?.provider === "tiktok" : false;
    if (!known) return c.body(null, 404);
    const [width, height] = kind === "avatar" ? [100, 100] : [540, 960];
    const color = `#${crypto.createHash("sha256").update(id).digest("hex").slice(0, 6)}`;
    const jpeg = await sharp({ create: { width, height, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
    return c.body(new Uint8Array(jpeg), 200, { "Content-Type": "image/jpeg" });
  });

  // Newest first; the cursor is a creation time in ms: the next page holds older videos.
  kit.route(
    app,
    m,
    "POST",
    "/tiktok/api/v2/video/list/",
    "video.list",
    async (c, token) => {
      const fields = (c.req.query("fields") ?? "").split(",").filter(Boolean);
      const unknown = fields.filter((f) => !videoFields[f]);
      if (fields.length === 0 || unknown.length)
        return m.error("invalid_request", { message: `fields is required; unsupported: ${unknown.join(", ") || "none"}.` });
      const body = ((await c.req.json().catch(() => ({}))) ?? {}) as { max_count?: unknown; cursor?: unknown };
      const max = body.max_count ?? 10;
      if (!Number.isInteger(max) || (max as number) < 1 || (max as number) > 20) return m.error("invalid_request", { message: "max_count must be 1 to 20." });
      if (body.cursor !== undefined && !Number.isInteger(body.cursor)) return m.error("invalid_request", { message: "cursor must be an int64." });
      for (const o of publishesOf(state, token.profileId)) settle(state, o);
      const older = state
        .posts({ provider: "tiktok", profileId: token.profileId })
        .filter((p) => isPublic(p) && (body.cursor === undefined || createTimeMs(p) < (body.cursor as number)))
        .sort((a, b) => createTimeMs(b) - createTimeMs(a));
      const page = older.slice(0, max as number);
      return ok({
        videos: page.map((p) => Object.fromEntries(fields.map((f) => [f, videoFields[f]!(p, kit.baseUrl)]))),
        cursor: page.length ? createTimeMs(page.at(-1)!) : (body.cursor ?? Date.now()),
        has_more: older.length > page.length,
      });
    },
    [["video.list"]],
  );
}

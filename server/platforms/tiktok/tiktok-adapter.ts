// TikTok (Login Kit v2 OAuth + Content Posting API, Direct Post of one video): two app
// registrations, rotating refresh tokens, creator info, chunked FILE_UPLOAD, status polling,
// and the creator's public videos with their counters.
import { platformConfig, type Credentials } from "../config.ts";
import { PlatformError, kindForStatus, type PlatformErrorKind } from "../errors.ts";
import { platformRequest, retryAfter } from "../http.ts";
import type { AccountContext, AppKind, ExchangeInput, PlatformAdapter, PostPage, RefreshInput, TokenSet } from "../types.ts";

const provider = "tiktok";
const endpoints = () => platformConfig().endpoints.tiktok;

/** The business-developer app is the default; the Login Kit app has its own client key. */
function tiktokCredentials(app: AppKind = "business"): Credentials {
  const { credentials } = platformConfig();
  return app === "login-kit" ? credentials.tiktokLoginKit : credentials.tiktok;
}

// ---- errors

const kindByCode: Record<string, PlatformErrorKind> = {
  access_token_invalid: "auth_expired",
  scope_not_authorized: "permission",
  scope_permission_missed: "permission",
  rate_limit_exceeded: "rate_limited",
  spam_risk_too_many_posts: "quota_exceeded",
  spam_risk_too_many_pending_share: "quota_exceeded",
  reached_active_user_cap: "quota_exceeded",
  spam_risk_user_banned_from_posting: "permission",
  unaudited_client_can_only_post_to_private_accounts: "app_setup",
  url_ownership_unverified: "permission",
  spam_risk_text: "content_rejected",
  spam_risk: "content_rejected",
  privacy_level_option_mismatch: "invalid_request",
  invalid_params: "invalid_request",
  invalid_param: "invalid_request",
  file_format_check_failed: "media_rejected",
  duration_check_failed: "media_rejected",
  frame_rate_check_failed: "media_rejected",
  picture_size_check_failed: "media_rejected",
  internal_error: "unavailable",
};

// OAuth endpoint answers ({error, error_description}); invalid_grant is decided by the caller.
const kindByOAuthError: Record<string, PlatformErrorKind> = {
  invalid_request: "invalid_request",
  invalid_client: "invalid_request",
  unauthorized_client: "permission",
  invalid_scope: "invalid_request",
  unsupported_grant_type: "invalid_request",
  access_denied: "permission",
  server_error: "unavailable",
  temporarily_unavailable: "unavailable",
};

type Envelope = { data?: unknown; error?: { code?: string; message?: string; log_id?: string } | string; error_description?: string; log_id?: string };

/**
 * TikTok API answers {data, error:{code, message, log_id}} (code "ok" on success); the OAuth
 * endpoint answers {error, error_description, log_id}, sometimes with HTTP 200.
 */
export function mapTiktokError(status: number, body: unknown, headers: Headers, onInvalidGrant: PlatformErrorKind = "auth_expired"): PlatformError {
  const b = (typeof body === "object" && body ? body : {}) as Envelope;
  if (typeof b.error === "string") {
    const kind = b.error === "invalid_grant" ? onInvalidGrant : (kindByOAuthError[b.error] ?? kindForStatus(status));
    return new PlatformError(provider, kind, `${b.error_description || b.error} (log_id ${b.log_id ?? "none"})`, { status, platformCode: b.error });
  }
  const code = b.error?.code;
  const detail = `${b.error?.message || code || (typeof body === "string" && body) || `HTTP ${status}`}${b.error?.log_id ? ` (log_id ${b.error.log_id})` : ""}`;
  const kind = (code && kindByCode[code]) || kindForStatus(status);
  if (code === "unaudited_client_can_only_post_to_private_accounts") {
    // The app's standing, not the account's or the post's: say what unblocks it
    // (developers.tiktok.com/doc/content-sharing-guidelines, "Direct Post API - Developer Guidelines").
    const message =
      "This installation's TikTok app has not passed TikTok's audit, so TikTok accepts only private posts (privacy level SELF_ONLY) from it. " +
      `Posteady posts TikTok videos publicly, which works once the app has passed the audit (TikTok's Content Sharing Guidelines; see docs/platforms/tiktok.md). TikTok said: ${detail}`;
    return new PlatformError(provider, kind, message, { status, platformCode: code });
  }
  // TikTok documents a sliding one-minute window and no reset header: wait the window unless told.
  const retryAt = kind === "rate_limited" ? (retryAfter(headers) ?? new Date(Date.now() + 60_000)) : undefined;
  return new PlatformError(provider, kind, detail, { status, platformCode: code, retryAt });
}

/** A 2xx answer can still carry an error (OAuth errors, error.code other than "ok"). */
function failureIn(status: number, body: unknown, headers: Headers, onInvalidGrant?: PlatformErrorKind): PlatformError | undefined {
  const b = (typeof body === "object" && body ? body : {}) as Envelope;
  const failed = typeof b.error === "string" || (typeof b.error === "object" && b.error?.code !== undefined && b.error.code !== "ok");
  return failed ? mapTiktokError(status, body, headers, onInvalidGrant) : undefined;
}

async function call<T>(ctx: { accessToken: string }, method: string, path: string, body?: unknown): Promise<T> {
  const res = await platformRequest<{ data: T }>({
    provider,
    method,
    url: `${endpoints().api}${path}`,
    headers: { Authorization: `Bearer ${ctx.accessToken}` },
    body,
    preserveBigIntegers: true, // post ids are int64 (publicaly_available_post_id, video ids)
    mapError: (status, b, headers) => mapTiktokError(status, b, headers),
  });
  const failure = failureIn(res.status, res.body, res.headers);
  if (failure) throw failure;
  return res.body.data;
}

// ---- OAuth

type TokenResponse = {
  open_id: string;
  scope?: string;
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_expires_in?: number;
  token_type?: string;
};

async function token(app: AppKind | undefined, form: Record<string, string>, onInvalidGrant: PlatformErrorKind): Promise<TokenSet> {
  const { clientId, clientSecret } = tiktokCredentials(app);
  const res = await platformRequest<TokenResponse>({
    provider,
    method: "POST",
    url: `${endpoints().api}/v2/oauth/token/`,
    body: new URLSearchParams({ client_key: clientId, client_secret: clientSecret, ...form }),
    mapError: (status, b, headers) => mapTiktokError(status, b, headers, onInvalidGrant),
  });
  const failure = failureIn(res.status, res.body, res.headers, onInvalidGrant);
  if (failure) throw failure;
  const t = res.body;
  const at = (seconds?: number) => (seconds ? new Date(Date.now() + seconds * 1000) : null);
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? null,
    expiresAt: at(t.expires_in),
    refreshTokenExpiresAt: at(t.refresh_expires_in),
    scopes: t.scope ? t.scope.split(",").filter(Boolean) : undefined,
  };
}

// ---- publishing

export type PrivacyLevel = "PUBLIC_TO_EVERYONE" | "MUTUAL_FOLLOW_FRIENDS" | "FOLLOWER_OF_CREATOR" | "SELF_ONLY";
export type PublishStatusName = "PROCESSING_UPLOAD" | "PROCESSING_DOWNLOAD" | "SEND_TO_USER_INBOX" | "PUBLISH_COMPLETE" | "FAILED";

export type CreatorInfo = {
  creatorUsername: string;
  privacyLevelOptions: PrivacyLevel[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
};

export type ChunkPlan = { chunkSize: number; totalChunkCount: number };

export type InitVideoInput = {
  caption: string;
  privacyLevel: PrivacyLevel;
  disableComment?: boolean;
  disableDuet?: boolean;
  disableStitch?: boolean;
  brandContentToggle?: boolean;
  brandOrganicToggle?: boolean;
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
};

export type UploadChunkInput = { bytes: Uint8Array; start: number; total: number; mimeType: string };

export type PublishStatus = { status: PublishStatusName; failReason: string | null; postIds: string[]; uploadedBytes: number | null };

export interface TiktokPublishing {
  creatorInfo(ctx: AccountContext): Promise<CreatorInfo>;
  chunkPlan(size: number): ChunkPlan;
  /** Creates the publish: the point of no return. */
  initVideo(ctx: AccountContext, input: InitVideoInput): Promise<{ publishId: string; uploadUrl: string }>;
  uploadChunk(uploadUrl: string, input: UploadChunkInput): Promise<{ complete: boolean }>;
  fetchStatus(ctx: AccountContext, publishId: string): Promise<PublishStatus>;
  permalinkFor(username: string, postId: string): string;
  /** the creator's profile, the only link to a post TikTok has not named (still in moderation) */
  profileUrlFor(username: string): string;
}

const MB = 1024 * 1024;
const MIN_CHUNK = 5 * MB;
const MAX_CHUNK = 64 * MB;
const MAX_CHUNKS = 1000;
/** Big enough to keep requests few, small enough to hold one chunk in memory. */
const PREFERRED_CHUNK = 10 * MB;

/**
 * TikTok's chunk rules: under 5 MB the file is one chunk; otherwise chunks of 5–64 MB, at most
 * 1000, total_chunk_count = floor(size / chunk_size), and the last chunk takes the remainder
 * (so it stays under 2 × chunk_size ≤ 128 MB).
 */
export function chunkPlan(size: number): ChunkPlan {
  if (!Number.isSafeInteger(size) || size <= 0) throw new PlatformError(provider, "media_rejected", `a video of ${size} bytes cannot be uploaded`);
  if (size <= Math.max(MIN_CHUNK, PREFERRED_CHUNK)) return { chunkSize: size, totalChunkCount: 1 };
  const chunkSize = Math.max(PREFERRED_CHUNK, Math.ceil(size / MAX_CHUNKS));
  if (chunkSize > MAX_CHUNK) throw new PlatformError(provider, "media_rejected", `a video of ${size} bytes exceeds ${MAX_CHUNKS} chunks of 64 MB`);
  return { chunkSize, totalChunkCount: Math.floor(size / chunkSize) };
}

const uploadTypes = new Set(["video/mp4", "video/quicktime", "video/webm"]);

/** The upload host answers with bare HTTP statuses: 416 for a range out of sequence. */
function mapUploadError(status: number, body: unknown, headers: Headers): PlatformError {
  if (status === 416) return new PlatformError(provider, "invalid_request", "the chunk's Content-Range does not continue the upload", { status });
  return mapTiktokError(status, body, headers);
}

type CreatorInfoData = {
  creator_username: string;
  privacy_level_options: PrivacyLevel[];
  comment_disabled: boolean;
  duet_disabled: boolean;
  stitch_disabled: boolean;
  max_video_post_duration_sec: number;
};

type StatusData = { status: PublishStatusName; fail_reason?: string; publicaly_available_post_id?: (string | number)[]; uploaded_bytes?: number };

type Video = {
  id: string;
  title?: string;
  video_description?: string;
  create_time: number;
  view_count?: number;
  like_count?: number;
  comment_count?: number;
  share_count?: number;
};

const listFields = "id,title,video_description,create_time,share_url,duration,cover_image_url,view_count,like_count,comment_count,share_count";
const permalinkFor = (username: string, postId: string) => `https://www.tiktok.com/@${username}/video/${postId}`;

export const tiktokAdapter: PlatformAdapter & TiktokPublishing = {
  provider,
  usesPkce: false,
  defaultScopes: ["user.info.basic", "user.info.profile", "video.publish", "video.upload", "video.list"],

  // The configured URL loses its trailing slash (config.ts); TikTok's path has one.
  authorizeUrl({ state, redirectUri, scopes, app }) {
    const url = new URL(`${endpoints().authorize}/`);
    url.search = new URLSearchParams({
      client_key: tiktokCredentials(app).clientId,
      scope: (scopes ?? this.defaultScopes).join(","),
      response_type: "code",
      redirect_uri: redirectUri,
      state,
    }).toString();
    return url.toString();
  },

  // A refused code is a failed connection attempt, not a dead account.
  exchangeCode({ code, redirectUri, app }: ExchangeInput) {
    return token(app, { grant_type: "authorization_code", code, redirect_uri: redirectUri }, "invalid_request");
  },

  async identities(tokens, app) {
    type User = { open_id: string; union_id?: string; avatar_url?: string; display_name: string; username: string };
    const { user } = await call<{ user: User }>(tokens, "GET", "/v2/user/info/?fields=open_id,union_id,avatar_url,display_name,username");
    return [
      {
        providerAccountId: user.open_id,
        username: user.username,
        displayName: user.display_name,
        scopes: tokens.scopes,
        // open_id is per app; union_id is the same person across our two apps.
        metadata: { app: app ?? "business", unionId: user.union_id ?? null, avatarUrl: user.avatar_url ?? null },
      },
    ];
  },

  canRefresh: ({ refreshToken }: RefreshInput) => Boolean(refreshToken),

  // Refresh tokens rotate: keep the answer's one; invalid_grant means the grant is gone.
  refresh({ refreshToken, app }: RefreshInput) {
    return token(app, { grant_type: "refresh_token", refresh_token: refreshToken ?? "" }, "auth_expired");
  },

  async creatorInfo(ctx) {
    const d = await call<CreatorInfoData>(ctx, "POST", "/v2/post/publish/creator_info/query/", {});
    return {
      creatorUsername: d.creator_username,
      privacyLevelOptions: d.privacy_level_options,
      commentDisabled: d.comment_disabled,
      duetDisabled: d.duet_disabled,
      stitchDisabled: d.stitch_disabled,
      maxVideoPostDurationSec: d.max_video_post_duration_sec,
    };
  },

  chunkPlan,

  async initVideo(ctx, input) {
    const d = await call<{ publish_id: string; upload_url: string }>(ctx, "POST", "/v2/post/publish/video/init/", {
      post_info: {
        title: input.caption,
        privacy_level: input.privacyLevel,
        disable_duet: input.disableDuet ?? false,
        disable_comment: input.disableComment ?? false,
        disable_stitch: input.disableStitch ?? false,
        brand_content_toggle: input.brandContentToggle ?? false,
        brand_organic_toggle: input.brandOrganicToggle ?? false,
      },
      source_info: { source: "FILE_UPLOAD", video_size: input.videoSize, chunk_size: input.chunkSize, total_chunk_count: input.totalChunkCount },
    });
    return { publishId: d.publish_id, uploadUrl: d.upload_url };
  },

  // The upload URL carries its own credentials and is used verbatim.
  async uploadChunk(uploadUrl, { bytes, start, total, mimeType }) {
    if (!uploadTypes.has(mimeType)) throw new PlatformError(provider, "media_rejected", `TikTok does not take ${mimeType} videos`);
    const last = start + bytes.byteLength - 1;
    const res = await platformRequest({
      provider,
      method: "PUT",
      url: uploadUrl,
      headers: { "Content-Type": mimeType, "Content-Length": String(bytes.byteLength), "Content-Range": `bytes ${start}-${last}/${total}` },
      body: bytes,
      timeoutMs: 300_000,
      mapError: mapUploadError,
    });
    // 206 asks for more, 201 closes the upload; any other success on the final range closes it too.
    return { complete: res.status === 201 || (res.status !== 206 && last + 1 === total) };
  },

  async fetchStatus(ctx, publishId) {
    const d = await call<StatusData>(ctx, "POST", "/v2/post/publish/status/fetch/", { publish_id: publishId });
    return {
      status: d.status,
      failReason: d.fail_reason || null,
      postIds: (d.publicaly_available_post_id ?? []).map(String),
      uploadedBytes: d.uploaded_bytes ?? null,
    };
  },

  permalinkFor,
  profileUrlFor: (username) => `https://www.tiktok.com/@${username}`,

  async listPosts(ctx, cursor): Promise<PostPage> {
    const d = await call<{ videos?: Video[]; cursor?: number; has_more?: boolean }>(ctx, "POST", `/v2/video/list/?fields=${listFields}`, {
      max_count: 20,
      ...(cursor ? { cursor: Number(cursor) } : {}),
    });
    return {
      posts: (d.videos ?? []).map((v) => ({
        nativeId: v.id,
        content: v.video_description ?? v.title ?? "",
        title: v.title ?? null,
        permalink: permalinkFor(ctx.username, v.id),
        postedAt: new Date(v.create_time * 1000),
        mediaType: "VIDEO",
        metrics: {
          view_count: v.view_count ?? null,
          like_count: v.like_count ?? null,
          comment_count: v.comment_count ?? null,
          share_count: v.share_count ?? null,
        },
        // video.list returns only the creator's public videos
        isPublic: true,
      })),
      nextCursor: d.has_more && d.cursor !== undefined ? String(d.cursor) : null,
    };
  },
};

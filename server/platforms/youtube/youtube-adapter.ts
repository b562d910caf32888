// YouTube Data API v3: Google OAuth 2.0 with PKCE (refresh tokens do not rotate), the channel,
// resumable video uploads (session, 256 KiB-multiple chunks, probes to resume or settle a lost
// answer), processing status, and the uploads playlist with statistics.
import { platformConfig } from "../config.ts";
import { PlatformError, kindForStatus, reclassify } from "../errors.ts";
import { platformRequest, retryAfter } from "../http.ts";
import type { AccountContext, ExchangeInput, NativePost, PlatformAdapter, PostPage, RefreshInput, TokenSet } from "../types.ts";

const provider = "youtube";
const endpoints = () => platformConfig().endpoints.youtube;
const credentials = () => platformConfig().credentials.youtube;

/** Bytes per upload request: a multiple of 256 KiB, as every chunk but the last must be. */
export const YOUTUBE_CHUNK_SIZE = 8 * 1024 * 1024;

export type YoutubeVideoInput = {
  title: string;
  description: string;
  privacyStatus: "public" | "unlisted" | "private";
  madeForKids: boolean;
  /** bytes of the video file */
  size: number;
  mimeType: string;
};

export type UploadProgress = { done: false; received: number } | { done: true; videoId: string; uploadStatus: string | null };

export type YoutubeVideoStatus = {
  uploadStatus: "uploaded" | "processed" | "failed" | "rejected" | "deleted";
  failureReason: string | null;
  rejectionReason: string | null;
  processingStatus: "processing" | "succeeded" | "failed" | "terminated" | null;
};

export interface YoutubePublishing {
  /** Opens a resumable upload session; its URL carries the upload (no token needed). */
  startUpload(ctx: AccountContext, input: YoutubeVideoInput): Promise<{ sessionUrl: string }>;
  /** Sends bytes [start, start + bytes.length) of `total`; the answer says where to continue or which video was created. */
  uploadChunk(sessionUrl: string, chunk: { bytes: Uint8Array; start: number; total: number }): Promise<UploadProgress>;
  /** Asks the session how much it holds (after a crash or a lost answer); not_found once it expired. */
  probeUpload(sessionUrl: string, total: number): Promise<UploadProgress>;
  videoStatus(ctx: AccountContext, videoId: string): Promise<YoutubeVideoStatus>;
  permalinkFor(videoId: string): string;
}

type GoogleErrorBody = {
  error?: { code?: number; message?: string; errors?: { reason?: string; message?: string }[]; status?: string } | string;
  error_description?: string;
};

const quotaReasons = new Set(["quotaExceeded", "uploadLimitExceeded", "dailyLimitExceeded"]);
const rateReasons = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);
const permissionReasons = new Set(["forbidden", "insufficientPermissions", "youtubeSignupRequired", "channelClosed", "channelSuspended"]);
const contentReasons = new Set(["invalidTitle", "invalidDescription", "invalidTags", "invalidCategoryId"]);
const mediaReasons = new Set(["badContent", "mediaBodyRequired"]);

/** Google's {error:{code, message, errors:[{reason}]}} for the API, {error, error_description} for OAuth, text from the upload servers. */
export function mapYoutubeError(status: number, body: unknown, headers: Headers): PlatformError {
  const b = (typeof body === "object" && body ? body : {}) as GoogleErrorBody;
  const api = typeof b.error === "object" ? b.error : undefined;
  const reason = api?.errors?.[0]?.reason ?? (typeof b.error === "string" ? b.error : undefined);
  const detail = api?.message ?? b.error_description ?? (typeof body === "string" && body ? body : `HTTP ${status}`);
  const extra = { status, platformCode: reason };
  const fail = (kind: PlatformError["kind"], more: { retryAt?: Date } = {}) => new PlatformError(provider, kind, detail, { ...extra, ...more });
  if (status === 401) return fail("auth_expired");
  if (reason === "uploadLimitExceeded") return fail("quota_exceeded", { retryAt: new Date(Date.now() + 24 * 3600_000) });
  if (reason && quotaReasons.has(reason)) return fail("quota_exceeded", { retryAt: nextPacificMidnight(new Date()) });
  if ((reason && rateReasons.has(reason)) || status === 429) return fail("rate_limited", { retryAt: retryAfter(headers) });
  if (reason && permissionReasons.has(reason)) return fail("permission");
  if (reason && contentReasons.has(reason)) return fail("content_rejected");
  if (reason && mediaReasons.has(reason)) return fail("media_rejected");
  return fail(kindForStatus(status));
}

/** Daily quotas reset at midnight Pacific Time. */
export function nextPacificMidnight(now: Date): Date {
  const hour = (d: Date) => Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", hour: "numeric", hourCycle: "h23" }).format(d));
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Los_Angeles",
    hourCycle: "h23",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight = ((get("hour") * 60 + get("minute")) * 60 + get("second")) * 1000 + now.getMilliseconds();
  const guess = new Date(now.getTime() - sinceMidnight + 24 * 3600_000);
  // A daylight-saving change in between moves local midnight by an hour.
  const h = hour(guess);
  return h === 23 ? new Date(guess.getTime() + 3600_000) : h === 1 ? new Date(guess.getTime() - 3600_000) : guess;
}

function call<T>(ctx: { accessToken: string }, path: string, query: Record<string, string>) {
  return platformRequest<T>({
    provider,
    method: "GET",
    url: `${endpoints().api}${path}?${new URLSearchParams(query)}`,
    headers: { Authorization: `Bearer ${ctx.accessToken}` },
    mapError: mapYoutubeError,
  });
}

type TokenResponse = { access_token: string; expires_in?: number; refresh_token?: string; scope?: string; token_type: string };

async function token(form: Record<string, string>): Promise<TokenResponse> {
  const { clientId, clientSecret } = credentials();
  const res = await platformRequest<TokenResponse>({
    provider,
    method: "POST",
    url: endpoints().token,
    body: new URLSearchParams({ ...form, client_id: clientId, client_secret: clientSecret }),
    mapError: mapYoutubeError,
  });
  return res.body;
}

function tokenSet(t: TokenResponse, refreshToken: string | null | undefined): TokenSet {
  return {
    accessToken: t.access_token,
    refreshToken,
    expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
    scopes: t.scope ? t.scope.split(" ").filter(Boolean) : undefined,
  };
}

type Channel = { id: string; snippet: { title: string; customUrl?: string }; contentDetails: { relatedPlaylists: { uploads: string } } };

async function myChannel(ctx: { accessToken: string }): Promise<Channel> {
  const res = await call<{ items?: Channel[] }>(ctx, "/youtube/v3/channels", { part: "snippet,contentDetails", mine: "true" });
  const channel = res.body.items?.[0];
  if (!channel) {
    throw new PlatformError(provider, "permission", "This Google account has no YouTube channel yet; create one, then connect again.", {
      status: 200,
      platformCode: "youtubeSignupRequired",
    });
  }
  return channel;
}

/** 308 Resume Incomplete is not an error on upload sessions: it carries how many bytes were persisted. */
class ResumeIncomplete extends PlatformError {
  constructor(readonly received: number) {
    super(provider, "invalid_request", "308 Resume Incomplete", { status: 308 });
  }
}

function mapUploadError(status: number, body: unknown, headers: Headers): PlatformError {
  if (status === 308) {
    const range = /bytes=0-(\d+)/.exec(headers.get("range") ?? "");
    return new ResumeIncomplete(range ? Number(range[1]) + 1 : 0);
  }
  if (status === 404 || status === 410) return new PlatformError(provider, "not_found", "The upload session expired; start a new upload.", { status });
  return mapYoutubeError(status, body, headers);
}

async function putSession(sessionUrl: string, headers: Record<string, string>, bytes: Uint8Array): Promise<UploadProgress> {
  try {
    const res = await platformRequest<{ id: string; status?: { uploadStatus?: string } }>({
      provider,
      method: "PUT",
      url: sessionUrl,
      headers,
      body: bytes,
      timeoutMs: 10 * 60_000,
      mapError: mapUploadError,
    });
    return { done: true, videoId: res.body.id, uploadStatus: res.body.status?.uploadStatus ?? null };
  } catch (err) {
    if (err instanceof ResumeIncomplete) return { done: false, received: err.received };
    throw err;
  }
}

type Video = {
  id: string;
  snippet?: { title?: string; description?: string; publishedAt?: string };
  status?: { uploadStatus?: YoutubeVideoStatus["uploadStatus"]; failureReason?: string; rejectionReason?: string };
  processingDetails?: { processingStatus?: YoutubeVideoStatus["processingStatus"] };
  statistics?: { viewCount?: string; likeCount?: string; commentCount?: string };
  contentDetails?: { duration?: string };
  fileDetails?: { videoStreams?: { widthPixels?: number; heightPixels?: number; rotation?: string }[] };
};

const permalinkFor = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

/** Shorts: at most three minutes, vertical or square (YouTube decides; the API has no flag). */
function mediaTypeOf(v: Video): "SHORTS" | "VIDEO" {
  const seconds = isoSeconds(v.contentDetails?.duration);
  const stream = v.fileDetails?.videoStreams?.[0];
  if (seconds === null || !stream?.widthPixels || !stream.heightPixels) return "VIDEO";
  const quarterTurn = stream.rotation === "clockwise" || stream.rotation === "counterClockwise";
  const [width, height] = quarterTurn ? [stream.heightPixels, stream.widthPixels] : [stream.widthPixels, stream.heightPixels];
  return seconds <= 180 && height >= width ? "SHORTS" : "VIDEO";
}

function isoSeconds(duration: string | undefined): number | null {
  const m = duration ? /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(duration) : null;
  if (!m) return null;
  return Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
}

const count = (value: string | undefined) => (value === undefined ? null : Number(value));

/**
 * A video YouTube refused (a duplicate of one on the channel, a file it could not process) or
 * removed stays in the uploads playlist and in videos.list, but was never published: it is no post.
 */
const refused = new Set(["failed", "rejected", "deleted"]);

function nativePost(v: Video): NativePost {
  return {
    nativeId: v.id,
    ...(v.status?.uploadStatus && refused.has(v.status.uploadStatus) ? { deleted: true } : {}),
    title: v.snippet?.title ?? null,
    content: v.snippet?.description ?? "",
    permalink: permalinkFor(v.id),
    postedAt: new Date(v.snippet?.publishedAt ?? 0),
    mediaType: mediaTypeOf(v),
    metrics: { viewCount: count(v.statistics?.viewCount), likeCount: count(v.statistics?.likeCount), commentCount: count(v.statistics?.commentCount) },
  };
}

export const youtubeAdapter: PlatformAdapter & YoutubePublishing = {
  provider,
  usesPkce: true,
  defaultScopes: ["https://www.googleapis.com/auth/youtube.upload", "https://www.googleapis.com/auth/youtube.readonly"],

  authorizeUrl({ state, redirectUri, codeChallenge, scopes }) {
    const url = new URL(endpoints().authorize);
    url.search = new URLSearchParams({
      client_id: credentials().clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: (scopes ?? this.defaultScopes).join(" "),
      // offline + consent: Google sends a refresh token only then
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state,
      code_challenge: codeChallenge ?? "",
      code_challenge_method: "S256",
    }).toString();
    return url.toString();
  },

  async exchangeCode({ code, redirectUri, codeVerifier }: ExchangeInput) {
    const t = await token({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier ?? "" });
    return tokenSet(t, t.refresh_token ?? null);
  },

  async identities(tokens) {
    const channel = await myChannel(tokens);
    return [
      {
        providerAccountId: channel.id,
        displayName: channel.snippet.title,
        username: channel.snippet.customUrl?.replace(/^@/, "") ?? channel.id,
        metadata: { uploadsPlaylistId: channel.contentDetails.relatedPlaylists.uploads },
      },
    ];
  },

  canRefresh: ({ refreshToken }: RefreshInput) => Boolean(refreshToken),

  // Google does not rotate refresh tokens: the answer has none, and the stored one stays.
  // invalid_grant means it was revoked or expired (unused for six months, or a testing-mode app).
  async refresh({ refreshToken }: RefreshInput) {
    try {
      const t = await token({ grant_type: "refresh_token", refresh_token: refreshToken ?? "" });
      return tokenSet(t, t.refresh_token);
    } catch (err) {
      if (err instanceof PlatformError && err.platformCode === "invalid_grant") {
        throw reclassify(err, "auth_expired");
      }
      throw err;
    }
  },

  async startUpload(ctx, input) {
    const res = await platformRequest({
      provider,
      method: "POST",
      url: `${endpoints().api}/upload/youtube/v3/videos?${new URLSearchParams({ uploadType: "resumable", part: "snippet,status" })}`,
      headers: {
        Authorization: `Bearer ${ctx.accessToken}`,
        "X-Upload-Content-Length": String(input.size),
        "X-Upload-Content-Type": input.mimeType,
      },
      body: {
        snippet: { title: input.title, description: input.description, categoryId: "22" },
        status: { privacyStatus: input.privacyStatus, selfDeclaredMadeForKids: input.madeForKids },
      },
      mapError: mapYoutubeError,
    });
    const sessionUrl = res.headers.get("location");
    if (!sessionUrl) throw new PlatformError(provider, "unavailable", "The upload session answer had no Location header.", { status: res.status });
    return { sessionUrl };
  },

  uploadChunk(sessionUrl, { bytes, start, total }) {
    const end = start + bytes.byteLength - 1;
    return putSession(sessionUrl, { "Content-Range": `bytes ${start}-${end}/${total}` }, bytes);
  },

  probeUpload(sessionUrl, total) {
    return putSession(sessionUrl, { "Content-Range": `bytes */${total}` }, new Uint8Array(0));
  },

  async videoStatus(ctx, videoId) {
    const res = await call<{ items?: Video[] }>(ctx, "/youtube/v3/videos", { id: videoId, part: "status,processingDetails" });
    const video = res.body.items?.[0];
    if (!video?.status?.uploadStatus)
      throw new PlatformError(provider, "not_found", `Video ${videoId} not found`, { status: 200, platformCode: "videoNotFound" });
    return {
      uploadStatus: video.status.uploadStatus,
      failureReason: video.status.failureReason ?? null,
      rejectionReason: video.status.rejectionReason ?? null,
      processingStatus: video.processingDetails?.processingStatus ?? null,
    };
  },

  permalinkFor,

  // videos.delete answers 204; it needs the youtube (or youtube.force-ssl) scope, which the
  // default scopes do not include (developers.google.com/youtube/v3/docs/videos/delete).
  async deletePost(ctx, videoId) {
    await platformRequest({
      provider,
      method: "DELETE",
      url: `${endpoints().api}/youtube/v3/videos?${new URLSearchParams({ id: videoId })}`,
      headers: { Authorization: `Bearer ${ctx.accessToken}` },
      mapError: mapYoutubeError,
    });
  },

  async listPosts(ctx, cursor): Promise<PostPage> {
    const playlistId =
      typeof ctx.metadata.uploadsPlaylistId === "string" ? ctx.metadata.uploadsPlaylistId : (await myChannel(ctx)).contentDetails.relatedPlaylists.uploads;
    const page = await call<{ items?: { contentDetails: { videoId: string } }[]; nextPageToken?: string }>(ctx, "/youtube/v3/playlistItems", {
      part: "contentDetails",
      playlistId,
      maxResults: "50",
      ...(cursor ? { pageToken: cursor } : {}),
    });
    const ids = (page.body.items ?? []).map((i) => i.contentDetails.videoId);
    if (ids.length === 0) return { posts: [], nextCursor: page.body.nextPageToken ?? null };
    const videos = await call<{ items?: Video[] }>(ctx, "/youtube/v3/videos", {
      part: "snippet,status,statistics,contentDetails,fileDetails",
      id: ids.join(","),
    });
    const byId = new Map((videos.body.items ?? []).map((v) => [v.id, v]));
    // A playlist entry whose video is no longer returned was deleted or made unavailable.
    const posts = ids.flatMap((id) => (byId.has(id) ? [nativePost(byId.get(id)!)] : []));
    return { posts, nextCursor: page.body.nextPageToken ?? null };
  },
};

// Sandbox YouTube: Google OAuth 2.0 (PKCE, offline access, refresh tokens that do not rotate) and
// the Data API v3 the adapter and the official client use: channels, the resumable upload
// protocol (sessions, 256 KiB chunk arithmetic, probes) and multipart videos.insert, processing,
// videos.list and the uploads playlist. Errors are Google's JSON; the upload servers' chunk
// refusals are plain text, as theirs are.
import { pkceChallenge } from "../../platforms/pkce.ts";
import { UploadDigest, contentRange, readMultipartRelated, type VideoFacts } from "./youtube-media.ts";
import {
  acceptsVideoType,
  channelIdOf,
  channelResource,
  contentMessages,
  etag,
  googleError,
  ownerOnlyVideoParts,
  playlistItemResource,
  readVideoMeta,
  uploadsPlaylistOf,
  videoParts,
  videoResource,
  videoState,
  type VideoExtra,
  type VideoMeta,
} from "./youtube-resources.ts";
import { consentPage } from "../consent.ts";
import { jsonAnswer, bearer, bodyStream, params, type Ctx, type ProviderModule } from "../kit.ts";
import { randomToken, type PlatformObject, type Profile, type SandboxPost, type Token } from "../state.ts";

const API = "/youtube/googleapis";
const UPLOAD_PATH = `${API}/upload/youtube/v3/videos`;
/** Upload servers persist non-final chunks in whole multiples of this. */
const GRANULE = 256 * 1024;
const DAILY_UPLOADS_PER_CHANNEL = 100;
const SESSION_LIFETIME_MS = 7 * 24 * 3600_000;
const READ_SCOPES = [["youtube.readonly"], ["youtube"], ["youtube.force-ssl"], ["youtubepartner"]];
const UPLOAD_SCOPES = [["youtube.upload"], ["youtube"], ["youtube.force-ssl"]];
const KNOWN_SCOPES = new Set(["openid", "email", "profile"]);
const GOOGLE_SCOPE =
  /^https:\/\/www\.googleapis\.com\/auth\/(youtube|youtube\.readonly|youtube\.upload|youtube\.force-ssl|youtubepartner|youtubepartner-channel-audit|yt-analytics\.readonly|yt-analytics-monetary\.readonly|userinfo\.email|userinfo\.profile)$/;

const oauthError = (status: number, error: string, description: string) => jsonAnswer({ error, error_description: description }, { status });

type UploadSession = {
  meta: VideoMeta;
  parts: string[];
  total: number | null;
  mimeType: string;
  received: number;
  videoId?: string;
  response?: Record<string, unknown>;
};

export const youtubeSandbox: ProviderModule = {
  provider: "youtube",
  tokenOf: bearer,
  error(kind, d = {}) {
    switch (kind) {
      case "expired_token":
      case "invalid_token":
        return googleError(
          401,
          "authError",
          "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
          { "WWW-Authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        );
      case "missing_scope":
        return googleError(403, "insufficientPermissions", "Request had insufficient authentication scopes.");
      case "rate_limit":
        return googleError(429, "rateLimitExceeded", "The request cannot be completed because too many requests were sent in a short period.", {
          "Retry-After": String(d.retryAfterSeconds ?? 60),
        });
      case "quota":
        return googleError(403, "quotaExceeded", "The request cannot be completed because you have exceeded your quota.");
      case "server_error":
        return googleError(503, "backendError", "The service is currently unavailable.");
      case "content":
        return googleError(400, d.code ?? "invalidTitle", d.message ?? contentMessages[d.code ?? "invalidTitle"] ?? "The request metadata is invalid.");
      case "media":
        return googleError(400, "badContent", d.message ?? "The media in the request is not supported.");
      case "not_found":
        return googleError(404, d.code ?? "notFound", d.message ?? "Not Found");
      default:
        return googleError(400, d.code ?? "badRequest", d.message ?? "Bad Request");
    }
  },

  register(app, kit) {
    const { state } = kit;
    const m = youtubeSandbox;
    /** access_type=offline of pending authorizations, by the key their grant will have */
    const offline = new Map<string, number>();
    /** running hash and MP4 probe of open upload sessions (memory only: a restarted sandbox forgets them) */
    const running = new Map<string, UploadDigest>();

    const authKey = (clientId: string, redirectUri: string, codeChallenge?: string) => `${clientId} ${redirectUri} ${codeChallenge ?? ""}`;

    kit.authorizePage(app, m, "/youtube/accounts/o/oauth2/v2/auth", "oauth.authorize", (c) => {
      const q = c.req.query();
      const problem = authorizeProblem(q);
      if (problem) return c.text(`Error 400: ${problem[0]}\n\n${problem[1]}`, 400);
      for (const [key, expires] of offline) if (expires < Date.now()) offline.delete(key);
      if (q.access_type === "offline") offline.set(authKey(q.client_id!, q.redirect_uri!, q.code_challenge), Date.now() + 20 * 60_000);
      return consentPage(c, state, {
        provider: "youtube",
        clientId: q.client_id!,
        redirectUri: q.redirect_uri!,
        state: q.state,
        scopes: q.scope!.split(" ").filter(Boolean),
        codeChallenge: q.code_challenge,
        codeChallengeMethod: q.code_challenge ? (q.code_challenge_method ?? "plain") : undefined,
      });
    });

    kit.open(app, m, "POST", "/youtube/oauth2/token", "oauth.token", async (c) => {
      const f = await params(c);
      const basic = c.req.header("authorization")?.match(/^Basic\s+(.+)$/i)?.[1];
      const [basicId, basicSecret] = basic ? Buffer.from(basic, "base64").toString().split(":") : [];
      const clientId = basicId ?? f.client_id;
      if (!clientId) return oauthError(400, "invalid_request", "Could not determine client ID from request.");
      if (!(basicSecret ?? f.client_secret)) return oauthError(400, "invalid_request", "client_secret is missing.");
      const ttl = kit.accessTtl(3599);
      if (f.grant_type === "authorization_code") {
        if (!f.code) return oauthError(400, "invalid_request", "Missing required parameter: code");
        const grant = state.takeGrant(f.code);
        if (!grant || grant.provider !== "youtube") return oauthError(400, "invalid_grant", "Malformed auth code.");
        if (grant.clientId !== clientId) return oauthError(401, "invalid_client", "Unauthorized");
        if (grant.redirectUri !== f.redirect_uri) return oauthError(400, "redirect_uri_mismatch", "Bad Request");
        if (grant.codeChallenge) {
          if (!f.code_verifier) return oauthError(400, "invalid_grant", "Missing code verifier.");
          const expected = grant.codeChallengeMethod === "S256" ? pkceChallenge(f.code_verifier) : f.code_verifier;
          if (expected !== grant.codeChallenge) return oauthError(400, "invalid_grant", "Invalid code verifier.");
        }
        const key = authKey(grant.clientId, grant.redirectUri, grant.codeChallenge);
        const wantsRefresh = (offline.get(key) ?? 0) >= Date.now();
        offline.delete(key);
        const access = state.issueToken({
          kind: "access",
          provider: "youtube",
          clientId,
          profileId: grant.profileId,
          scopes: grant.scopes,
          expiresAt: Date.now() + ttl * 1000,
          prefix: "ya29.",
        });
        const refresh = wantsRefresh
          ? state.issueToken({
              kind: "refresh",
              provider: "youtube",
              clientId,
              profileId: grant.profileId,
              scopes: grant.scopes,
              expiresAt: null,
              family: access.family,
              prefix: "1//",
            })
          : undefined;
        return c.json({
          access_token: access.value,
          expires_in: ttl,
          ...(refresh ? { refresh_token: refresh.value } : {}),
          scope: grant.scopes.join(" "),
          token_type: "Bearer",
        });
      }
      if (f.grant_type === "refresh_token") {
        const old = state.token(f.refresh_token ?? "");
        if (!old || old.kind !== "refresh" || old.revoked || old.provider !== "youtube")
          return oauthError(400, "invalid_grant", "Token has been expired or revoked.");
        if (old.clientId !== clientId) return oauthError(401, "unauthorized_client", "Unauthorized");
        // Google does not rotate: the refresh token stays valid and is not sent again.
        const access = state.issueToken({
          kind: "access",
          provider: "youtube",
          clientId,
          profileId: old.profileId,
          scopes: old.scopes,
          expiresAt: Date.now() + ttl * 1000,
          family: old.family,
          prefix: "ya29.",
        });
        return c.json({ access_token: access.value, expires_in: ttl, scope: old.scopes.join(" "), token_type: "Bearer" });
      }
      return oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${f.grant_type ?? ""}`);
    });

    kit.route(
      app,
      m,
      "GET",
      `${API}/youtube/v3/channels`,
      "channels.list",
      (c, token) => {
        const q = c.req.query();
        const parts = partsOf(listParam(c, "part"), [
          "id",
          "snippet",
          "contentDetails",
          "statistics",
          "status",
          "brandingSettings",
          "localizations",
          "topicDetails",
        ]);
        if (!Array.isArray(parts)) return parts;
        let profiles: Profile[];
        if (q.mine === "true") profiles = [state.profile(token.profileId)!];
        else if (q.id) profiles = listParam(c, "id").flatMap((id) => state.profiles("youtube").filter((p) => channelIdOf(p.id) === id));
        else return googleError(400, "missingRequiredParameter", "No filter selected. Expected one of: forHandle, forUsername, id, managedByMe, mine.");
        const items = profiles.map((p) => channelResource(p, parts, videosOf(p.id)));
        return c.json({ kind: "youtube#channelListResponse", etag: etag(items), pageInfo: { totalResults: items.length, resultsPerPage: 5 }, items });
      },
      READ_SCOPES,
    );

    kit.route(
      app,
      m,
      "POST",
      UPLOAD_PATH,
      "videos.insert",
      async (c, token) => {
        const q = c.req.query();
        const parts = partsOf(listParam(c, "part"), videoParts);
        if (!Array.isArray(parts)) return parts;
        if (q.uploadType !== "resumable" && q.uploadType !== "multipart") {
          return googleError(400, "badRequest", "The sandbox accepts uploadType=resumable or uploadType=multipart for videos.insert.");
        }
        const profile = state.profile(token.profileId)!;
        const recent = videosOf(profile.id).filter((v) => Date.now() - Date.parse(v.createdAt) < 24 * 3600_000);
        if (recent.length >= DAILY_UPLOADS_PER_CHANNEL)
          return googleError(400, "uploadLimitExceeded", "The user has exceeded the number of videos they may upload.");
        return q.uploadType === "resumable" ? startSession(c, profile, parts) : multipartInsert(c, profile, parts);
      },
      UPLOAD_SCOPES,
    );

    async function startSession(c: Ctx, profile: Profile, parts: string[]) {
      const read = readVideoMeta(await c.req.json().catch(() => null));
      if ("refusal" in read) return read.refusal;
      const { meta } = read;
      const length = c.req.header("x-upload-content-length");
      if (length !== undefined && !/^\d+$/.test(length)) return googleError(400, "badRequest", "Invalid X-Upload-Content-Length header.");
      const mimeType = c.req.header("x-upload-content-type") ?? "application/octet-stream";
      if (!acceptsVideoType(mimeType)) return unsupportedMedia(mimeType);
      forgetExpiredSessions();
      const session = state.addObject({
        id: randomToken(36),
        provider: "youtube",
        profileId: profile.id,
        type: "youtube.upload",
        processingMs: 0,
        data: { meta, parts, total: length === undefined ? null : Number(length), mimeType, received: 0 } satisfies UploadSession,
      });
      running.set(session.id, new UploadDigest(state.media.writer()));
      const location = `${kit.baseUrl}${UPLOAD_PATH}?uploadType=resumable&part=${parts.join(",")}&upload_id=${session.id}`;
      return new Response(null, { status: 200, headers: { Location: location, "X-GUploader-UploadID": session.id } });
    }

    async function multipartInsert(c: Ctx, profile: Profile, parts: string[]) {
      const type = c.req.header("content-type") ?? "";
      const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
      if (!type.toLowerCase().startsWith("multipart/related") || !boundary)
        return googleError(400, "badRequest", "A multipart upload needs Content-Type multipart/related with a boundary.");
      const digest = new UploadDigest(state.media.writer());
      let meta: VideoMeta | undefined;
      let mediaType = "";
      const read = await readMultipartRelated(bodyStream(c), boundary, digest, (part) => {
        let json: unknown;
        try {
          json = JSON.parse(part.metadata);
        } catch {
          return googleError(400, "parseError", "Parse Error");
        }
        const parsed = readVideoMeta(json);
        if ("refusal" in parsed) return parsed.refusal;
        if (!acceptsVideoType(part.mediaType)) return unsupportedMedia(part.mediaType);
        meta = parsed.meta;
        mediaType = part.mediaType;
        return undefined;
      });
      if ("refused" in read) return read.refused;
      if ("error" in read) return googleError(400, "badRequest", read.error);
      if (digest.size === 0) return googleError(400, "mediaBodyRequired", "The request does not include the video content.");
      const { blob, facts } = digest.finish(mediaType);
      const post = createVideo(profile, meta!, blob, facts, "videos.insert");
      return c.json(videoResource(state, post, parts, true));
    }

    // The session URI is its own credential: no Authorization header, as on Google's upload servers.
    kit.open(app, m, "PUT", UPLOAD_PATH, "videos.upload", async (c) => {
      const session = sessionOf(c.req.query("upload_id"));
      if (!session) return googleError(404, "notFound", "The upload session does not exist or has expired.");
      const data = session.data as UploadSession;
      if (data.response) return c.json(data.response);
      const digest = running.get(session.id);
      if (!digest) return googleError(404, "notFound", "The upload session does not exist or has expired.");
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const range = contentRange(c.req.header("content-range"), bytes.byteLength);
      if (typeof range === "string") return c.text(range, 400);
      if (range.total !== null && data.total !== null && range.total !== data.total) {
        return c.text(`Invalid request. The Content-Range total ${range.total} does not match the declared upload size of ${data.total} bytes.`, 400);
      }
      const total = data.total ?? range.total;
      if (range.probe) return resumeIncomplete(c, data.received);
      if (total !== null && range.end >= total)
        return c.text(`Invalid request. The Content-Range end ${range.end} is beyond the upload size of ${total} bytes.`, 400);
      if (range.start > data.received)
        return c.text(`Invalid request. The chunk starts at byte ${range.start} but only ${data.received} bytes were received.`, 400);
      const final = total !== null && range.end + 1 === total;
      if (!final && bytes.byteLength < GRANULE) {
        return c.text(
          `Invalid request. The number of bytes uploaded is required to be equal or greater than ${GRANULE}, except for the final request (it's recommended to be the exact multiple of ${GRANULE}). The received request contained ${bytes.byteLength} bytes, which does not meet this requirement.`,
          400,
        );
      }
      // Non-final chunks are persisted up to the last whole granule; the Range answer says where to resume.
      const keepTo = final ? range.end + 1 : Math.floor((range.end + 1) / GRANULE) * GRANULE;
      if (keepTo > data.received) {
        digest.append(bytes.subarray(data.received - range.start, keepTo - range.start));
        data.total = total;
        data.received = keepTo;
        state.changed();
      }
      if (!final) return resumeIncomplete(c, data.received);
      running.delete(session.id);
      const { blob, facts } = digest.finish(data.mimeType);
      const post = createVideo(state.profile(session.profileId)!, data.meta, blob, facts, "videos.upload");
      data.videoId = post.id;
      data.response = videoResource(state, post, data.parts, true);
      state.changed();
      return c.json(data.response);
    });

    kit.route(
      app,
      m,
      "GET",
      `${API}/youtube/v3/videos`,
      "videos.list",
      (c, token) => {
        const q = c.req.query();
        const parts = partsOf(listParam(c, "part"), videoParts);
        if (!Array.isArray(parts)) return parts;
        if (!q.id) return googleError(400, "missingRequiredParameter", "No filter selected. Expected one of: chart, id, myRating.");
        const ids = listParam(c, "id");
        if (ids.length > 50) return googleError(400, "badRequest", "The request specifies more than 50 video IDs.");
        const videos = ids.map((id) => state.post(id)).filter((p): p is SandboxPost => !!p && p.provider === "youtube" && !p.deleted && visibleTo(p, token));
        if (videos.some((v) => v.profileId !== token.profileId) && parts.some((p) => ownerOnlyVideoParts.includes(p))) {
          return googleError(403, "forbidden", "The request is not properly authorized to access video file or processing information.");
        }
        const items = videos.map((v) => videoResource(state, v, parts));
        return c.json({ kind: "youtube#videoListResponse", etag: etag(items), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
      },
      READ_SCOPES,
    );

    // videos.delete: 204 No Content; needs youtube, youtube.force-ssl or youtubepartner (not
    // youtube.upload); 404 videoNotFound, 403 forbidden for a video the caller cannot delete
    // (developers.google.com/youtube/v3/docs/videos/delete).
    kit.route(
      app,
      m,
      "DELETE",
      `${API}/youtube/v3/videos`,
      "videos.delete",
      (c, token) => {
        const id = c.req.query("id");
        if (!id) return googleError(400, "missingRequiredParameter", "No filter selected. Expected one of: id.");
        const video = state.post(id);
        if (!video || video.provider !== "youtube" || video.deleted)
          return googleError(404, "videoNotFound", "The video that you are trying to delete cannot be found.");
        if (video.profileId !== token.profileId)
          return googleError(403, "forbidden", "The video that you are trying to delete cannot be deleted. The request might not be properly authorized.");
        video.deleted = true;
        state.changed();
        return c.body(null, 204);
      },
      [["youtube"], ["youtube.force-ssl"], ["youtubepartner"]],
    );

    kit.route(
      app,
      m,
      "GET",
      `${API}/youtube/v3/playlistItems`,
      "playlistItems.list",
      (c, token) => {
        const q = c.req.query();
        const parts = partsOf(listParam(c, "part"), ["id", "snippet", "contentDetails", "status"]);
        if (!Array.isArray(parts)) return parts;
        if (!q.playlistId) return googleError(400, "missingRequiredParameter", "No filter selected. Expected one of: id, playlistId.");
        const owner = state.profiles("youtube").find((p) => uploadsPlaylistOf(p.id) === q.playlistId);
        if (!owner) return googleError(404, "playlistNotFound", "The playlist identified with the request's playlistId parameter cannot be found.");
        const max = q.maxResults === undefined ? 5 : Number(q.maxResults);
        if (!Number.isInteger(max) || max < 0 || max > 50)
          return googleError(400, "invalidValue", `Invalid value '${q.maxResults}'. Values must be within the range: [0, 50]`);
        const start = q.pageToken ? pageOffset(q.pageToken) : 0;
        if (start === null) return googleError(400, "invalidPageToken", "The request specifies an invalid page token.");
        const all = videosOf(owner.id)
          .filter((v) => visibleTo(v, token))
          .reverse();
        const items = all.slice(start, start + max).map((v, i) => playlistItemResource(v, owner, q.playlistId!, start + i, parts));
        return c.json({
          kind: "youtube#playlistItemListResponse",
          etag: etag(items),
          ...(start + max < all.length ? { nextPageToken: pageToken(start + max) } : {}),
          ...(start > 0 ? { prevPageToken: pageToken(Math.max(0, start - max)) } : {}),
          items,
          pageInfo: { totalResults: all.length, resultsPerPage: max },
        });
      },
      READ_SCOPES,
    );

    function videosOf(profileId: string): SandboxPost[] {
      return state.posts({ provider: "youtube", profileId }).filter((p) => !p.deleted);
    }

    /** Owners see every upload; others only public videos that finished processing. */
    function visibleTo(video: SandboxPost, token: Token): boolean {
      if (video.profileId === token.profileId) return true;
      return (video.extra as VideoExtra).privacyStatus === "public" && videoState(state, state.object(video.id)!).uploadStatus === "processed";
    }

    /** The video, once: processing faults, duplicates (bytes already on the channel, not failed) and unreadable files decide its fate. */
    function createVideo(
      profile: Profile,
      meta: VideoMeta,
      blob: NonNullable<PlatformObject["media"]>,
      facts: VideoFacts | null,
      operation: string,
    ): SandboxPost {
      const fault = kit.processingFault("youtube", operation, profile.id);
      const duplicate = videosOf(profile.id).some((v) => v.media[0]?.sha256 === blob.sha256 && !state.object(v.id)?.failure?.startsWith("failed:"));
      const failure = fault.failure ? "failed:codec" : !facts ? "failed:invalidFile" : duplicate ? "rejected:duplicate" : undefined;
      const id = randomToken(8);
      state.addObject({
        id,
        provider: "youtube",
        profileId: profile.id,
        type: "youtube.video",
        failure,
        processingMs: fault.processingMs,
        data: {},
        media: blob,
      });
      return state.addPost({
        id,
        provider: "youtube",
        profileId: profile.id,
        username: profile.username,
        kind: "video",
        text: meta.title,
        media: [{ ...blob, type: "video" }],
        extra: { ...meta, facts } satisfies VideoExtra,
        permalink: (videoId) => `https://www.youtube.com/watch?v=${videoId}`,
      });
    }

    function sessionOf(id: string | undefined): PlatformObject | undefined {
      const session = id ? state.object(id) : undefined;
      if (!session || session.type !== "youtube.upload") return undefined;
      if (Date.now() - session.createdAt > SESSION_LIFETIME_MS) {
        running.delete(session.id);
        return undefined;
      }
      return session;
    }

    function forgetExpiredSessions() {
      for (const id of running.keys()) if (!sessionOf(id)) running.delete(id);
    }
  },
};

/** Google's authorization-request checks, as [error, description] of its error page. */
function authorizeProblem(q: Record<string, string>): [string, string] | undefined {
  for (const name of ["client_id", "redirect_uri", "response_type", "scope"]) if (!q[name]) return ["invalid_request", `Missing required parameter: ${name}`];
  if (q.response_type !== "code") return ["unsupported_response_type", `Invalid response_type: ${q.response_type}`];
  const invalid = q.scope!.split(" ").filter((s) => s && !KNOWN_SCOPES.has(s) && !GOOGLE_SCOPE.test(s));
  if (invalid.length) return ["invalid_scope", `Some requested scopes were invalid. {invalid=[${invalid.join(", ")}]}`];
  if (q.access_type && !["online", "offline"].includes(q.access_type)) return ["invalid_request", `Invalid access_type: ${q.access_type}`];
  if (q.prompt && q.prompt.split(" ").some((p) => !["none", "consent", "select_account"].includes(p)))
    return ["invalid_request", `Invalid prompt: ${q.prompt}`];
  if (q.include_granted_scopes && !["true", "false"].includes(q.include_granted_scopes)) return ["invalid_request", "Invalid include_granted_scopes"];
  if (q.code_challenge) {
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(q.code_challenge)) return ["invalid_request", "Invalid code_challenge"];
    if (q.code_challenge_method && !["S256", "plain"].includes(q.code_challenge_method)) return ["invalid_request", "Invalid code_challenge_method"];
  }
  return undefined;
}

/** A list parameter: comma-separated, repeated (part=a&part=b, as the official client sends), or both. */
function listParam(c: Ctx, name: string): string[] {
  return (c.req.queries(name) ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

function partsOf(parts: string[], known: string[]): string[] | Response {
  if (parts.length === 0) return googleError(400, "required", "Required parameter: part");
  const unknown = parts.find((p) => !known.includes(p));
  return unknown ? googleError(400, "unknownPart", `'${unknown}'`) : parts;
}

/** 308 Resume Incomplete: the Range header names the bytes persisted (none: no header). */
function resumeIncomplete(c: Ctx, received: number): Response {
  return c.body(null, 308, received > 0 ? { Range: `bytes=0-${received - 1}` } : {});
}

function unsupportedMedia(type: string): Response {
  return googleError(400, "badContent", `Media type '${type}' is not supported. Valid media types: [video/*, application/octet-stream]`);
}

const pageToken = (offset: number) => Buffer.from(`PT:${offset}`).toString("base64url");

function pageOffset(token: string): number | null {
  const m = /^PT:(\d+)$/.exec(Buffer.from(token, "base64url").toString());
  return m ? Number(m[1]) : null;
}

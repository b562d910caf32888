// Facebook Pages (Graph API): Facebook Login without PKCE, the long-lived user token, one
// identity per Page with its own non-expiring Page token, feed posts (text, link, photos,
// video), Reels and Stories through Meta's upload phases, and the Page's published posts
// with their insights. Meta fetches every media file from the URL it is given.
import { platformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import { platformRequest } from "../http.ts";
import type { AccountContext, ConnectedIdentity, ExchangeInput, NativePost, PlatformAdapter, PostPage, TokenSet } from "../types.ts";
import { mapFacebookError, provider } from "./facebook-errors.ts";
import { pageSlug } from "./page-slug.ts";

const config = () => platformConfig();
const endpoints = () => config().endpoints.facebook;
const version = () => config().metaGraphVersion;
const credentials = () => config().credentials.facebook;

export type VideoPhase = "not_started" | "in_progress" | "complete" | "error";

export type FacebookVideoStatus = {
  /** Meta's video_status: processing, ready or error (upload_complete or uploading around the upload); decide on the phases */
  videoStatus: string;
  uploadingPhase: VideoPhase | null;
  processingPhase: VideoPhase | null;
  publishingPhase: VideoPhase | null;
  /** why processing failed, when it did */
  error: string | null;
};

export type UploadSession = { videoId: string; uploadUrl: string };
export type StoryResult = { success: boolean; postId: string };

/** What a Reel or video Story waits for: its bytes in (before finish), or published (after finish). */
export type VideoMilestone = "uploaded" | "published";

/** How long a Reel or video Story may take to upload, or to process and publish after finish, before the wait gives up. */
export const VIDEO_WAIT_DEADLINE_MS = 2 * 3600_000;

/** What the Facebook publishing job needs beyond the common adapter contract (all calls with the Page token). */
export interface FacebookPublishing {
  /** text or link post on the Page feed → "{page}_{post}" */
  publishFeed(ctx: AccountContext, input: { message: string; link?: string }): Promise<{ id: string }>;
  /** Meta fetches the photo; published:false for multi-photo children and Stories */
  uploadPhoto(ctx: AccountContext, input: { url: string; published: boolean; caption?: string }): Promise<{ id: string; postId: string | null }>;
  /** one feed post with 2–10 unpublished photos, in order */
  publishMultiPhoto(ctx: AccountContext, input: { message: string; photoIds: string[] }): Promise<{ id: string }>;
  /** a feed video Meta fetches from fileUrl; poll videoStatus until ready */
  publishVideo(ctx: AccountContext, input: { fileUrl: string; description: string }): Promise<{ id: string }>;
  startReel(ctx: AccountContext): Promise<UploadSession>;
  /** hands rupload the media URL to fetch; uploadUrl is the one start answered (used verbatim when given) */
  uploadHosted(ctx: AccountContext, input: { videoId: string; fileUrl: string; uploadUrl?: string }): Promise<{ success: boolean }>;
  /** publishes the uploaded reel (Meta processes it after this call): the point of no return */
  finishReel(ctx: AccountContext, input: { videoId: string; description: string }): Promise<{ success: boolean; postId: string | null }>;
  /** a Story from a photo uploaded with published:false */
  publishPhotoStory(ctx: AccountContext, input: { photoId: string }): Promise<StoryResult>;
  startVideoStory(ctx: AccountContext): Promise<UploadSession>;
  /** publishes the uploaded story video (Meta processes it after this call): the point of no return */
  finishVideoStory(ctx: AccountContext, input: { videoId: string }): Promise<StoryResult>;
  videoStatus(ctx: AccountContext, videoId: string): Promise<FacebookVideoStatus>;
  /**
   * One look at a Reel or video Story: true once the milestone is reached, false while still on
   * the way. Meta does not process these videos until finish, so "uploaded" (uploading_phase
   * complete) is what finish waits for, and "published" (publishing_phase complete) is what
   * follows it. A processing or publishing error is media_rejected; past the deadline "uploaded"
   * is media_rejected (nothing was published) and "published" is unknown_outcome (Meta took the
   * finish and may still publish).
   */
  videoReached(ctx: AccountContext, input: { videoId: string; milestone: VideoMilestone; deadline: Date }): Promise<boolean>;
  /** permalink and creation time of a post or video */
  postInfo(ctx: AccountContext, postId: string): Promise<{ id: string; permalink: string; createdAt: Date | null }>;
}

type Params = Record<string, string>;

/** One Graph call: GET parameters go in the query, POST parameters in a form body, with the token. */
async function graph<T>(token: string, method: "GET" | "POST" | "DELETE", path: string, fields: Params = {}, base = endpoints().graph): Promise<T> {
  const all = new URLSearchParams({ ...fields, access_token: token });
  const url = `${base}/${version()}${path}`;
  const res = await platformRequest<T>({
    provider,
    method,
    url: method === "POST" ? url : `${url}?${all}`,
    body: method === "POST" ? all : undefined,
    mapError: mapFacebookError,
  });
  return res.body;
}

type TokenResponse = { access_token: string; token_type?: string; expires_in?: number };

function tokenEndpoint(query: Params): Promise<TokenResponse> {
  return platformRequest<TokenResponse>({
    provider,
    url: `${endpoints().graph}/${version()}/oauth/access_token?${new URLSearchParams(query)}`,
    mapError: mapFacebookError,
  }).then((r) => r.body);
}

async function grantedScopes(userToken: string): Promise<string[]> {
  const res = await graph<{ data: { permission: string; status: string }[] }>(userToken, "GET", "/me/permissions");
  return res.data.filter((p) => p.status === "granted").map((p) => p.permission);
}

type Page = { id: string; name: string; access_token?: string; tasks?: string[] };
type Paging = { cursors?: { after?: string }; next?: string };

async function managedPages(userToken: string): Promise<Page[]> {
  const pages: Page[] = [];
  let after: string | undefined;
  do {
    const res = await graph<{ data: Page[]; paging?: Paging }>(userToken, "GET", "/me/accounts", {
      fields: "id,name,access_token,tasks",
      limit: "100",
      ...(after ? { after } : {}),
    });
    pages.push(...res.data);
    after = res.paging?.next ? res.paging.cursors?.after : undefined;
  } while (after);
  return pages;
}

/** Graph answers "+0000" offsets; ECMAScript's date format wants "+00:00", so normalize rather than rely on leniency. */
function graphDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Video permalinks come back relative ("/reel/…"); post permalinks absolute. */
function absolute(permalink: string): string {
  return permalink.startsWith("/") ? `https://www.facebook.com${permalink}` : permalink;
}

type GraphPost = {
  id: string;
  message?: string;
  created_time: string;
  permalink_url?: string;
  shares?: { count: number };
  reactions?: { summary?: { total_count?: number } };
  comments?: { summary?: { total_count?: number } };
  attachments?: { data?: { media_type?: string; type?: string }[] };
};

const insightMetrics = ["post_media_view", "post_total_media_view_unique"] as const;

/** The views of one post; null when insights are unavailable for it (no read_insights, or not offered for this post type). */
async function postInsights(token: string, postId: string): Promise<Record<(typeof insightMetrics)[number], number | null>> {
  const none = { post_media_view: null, post_total_media_view_unique: null };
  try {
    const res = await graph<{ data: { name: string; values?: { value?: unknown }[] }[] }>(token, "GET", `/${postId}/insights`, {
      metric: insightMetrics.join(","),
    });
    const value = (name: string) => {
      const v = res.data.find((d) => d.name === name)?.values?.[0]?.value;
      return typeof v === "number" ? v : null;
    };
    return { post_media_view: value("post_media_view"), post_total_media_view_unique: value("post_total_media_view_unique") };
  } catch (err) {
    if (err instanceof PlatformError && ["permission", "invalid_request", "not_found"].includes(err.kind)) return none;
    throw err;
  }
}

/** Runs fn over items, a few at a time (one insights call per post must not burst the Page's rate limit). */
async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

async function toNativePost(ctx: AccountContext, p: GraphPost): Promise<NativePost> {
  const insights = await postInsights(ctx.accessToken, p.id);
  return {
    nativeId: p.id,
    content: p.message ?? "",
    permalink: absolute(p.permalink_url ?? `https://www.facebook.com/${p.id}`),
    postedAt: graphDate(p.created_time) ?? new Date(0),
    mediaType: p.attachments?.data?.[0]?.type ?? null,
    metrics: {
      ...insights,
      reactions: p.reactions?.summary?.total_count ?? null,
      comments: p.comments?.summary?.total_count ?? null,
      // Facebook leaves `shares` out when nobody has shared the post.
      shares: p.shares?.count ?? 0,
    },
  };
}

const postFields = [
  "id",
  "message",
  "created_time",
  "permalink_url",
  "shares",
  "reactions.summary(true).limit(0)",
  "comments.summary(true).limit(0)",
  "attachments{media_type,type}",
].join(",");

type PhaseBody = { status?: VideoPhase; error?: { message?: string } };
type StatusBody = { status?: { video_status?: string; uploading_phase?: PhaseBody; processing_phase?: PhaseBody; publishing_phase?: PhaseBody } };

export const facebookAdapter: PlatformAdapter & FacebookPublishing = {
  provider,
  usesPkce: false,
  defaultScopes: [
    "pages_show_list",
    "pages_manage_posts",
    "pages_read_engagement",
    "pages_read_user_engagement",
    // commenting as the Page (a post's first comment)
    "pages_manage_engagement",
    "read_insights",
    "publish_video",
    "business_management",
  ],

  authorizeUrl({ state, redirectUri, scopes }) {
    const url = new URL(`${endpoints().dialog}/${version()}/dialog/oauth`);
    url.search = new URLSearchParams({
      client_id: credentials().clientId,
      redirect_uri: redirectUri,
      state,
      response_type: "code",
      scope: (scopes ?? this.defaultScopes).join(","),
    }).toString();
    return url.toString();
  },

  // The code gives a short-lived user token (about an hour); it is always traded at once for
  // the long-lived one (about 60 days), from which the Page tokens are derived.
  async exchangeCode({ code, redirectUri }: ExchangeInput): Promise<TokenSet> {
    const { clientId, clientSecret } = credentials();
    const short = await tokenEndpoint({ client_id: clientId, redirect_uri: redirectUri, client_secret: clientSecret, code });
    const long = await tokenEndpoint({
      grant_type: "fb_exchange_token",
      client_id: clientId,
      client_secret: clientSecret,
      fb_exchange_token: short.access_token,
    });
    return {
      accessToken: long.access_token,
      refreshToken: null,
      expiresAt: long.expires_in ? new Date(Date.now() + long.expires_in * 1000) : null,
      scopes: await grantedScopes(long.access_token),
    };
  },

  async identities(tokens): Promise<ConnectedIdentity[]> {
    const [scopes, pages] = await Promise.all([grantedScopes(tokens.accessToken), managedPages(tokens.accessToken)]);
    return pages
      .filter((p) => p.access_token)
      .map((p) => ({
        providerAccountId: p.id,
        username: pageSlug(p.name, p.id),
        displayName: p.name,
        pageTasks: p.tasks ?? [],
        // A Page token derived from a long-lived user token does not expire and cannot be refreshed.
        tokens: { accessToken: p.access_token!, refreshToken: null, expiresAt: null, scopes },
        scopes,
      }));
  },

  canRefresh: () => false,

  // Facebook has no refresh grant: a dead token (error 190) means the user connects again.
  async refresh() {
    throw new PlatformError(provider, "auth_expired", "Facebook tokens cannot be refreshed; reconnect the Page");
  },

  async publishFeed(ctx, { message, link }) {
    return graph<{ id: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/feed`, { message, ...(link ? { link } : {}) });
  },

  async uploadPhoto(ctx, { url, published, caption }) {
    const res = await graph<{ id: string; post_id?: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/photos`, {
      url,
      published: String(published),
      ...(caption ? { caption } : {}),
    });
    return { id: res.id, postId: res.post_id ?? null };
  },

  async publishMultiPhoto(ctx, { message, photoIds }) {
    if (photoIds.length < 2 || photoIds.length > 10) {
      throw new PlatformError(provider, "invalid_request", `a multi-photo post takes 2 to 10 photos, not ${photoIds.length}`);
    }
    return graph<{ id: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/feed`, {
      message,
      attached_media: JSON.stringify(photoIds.map((media_fbid) => ({ media_fbid }))),
    });
  },

  async publishVideo(ctx, { fileUrl, description }) {
    return graph<{ id: string }>(
      ctx.accessToken,
      "POST",
      `/${ctx.providerAccountId}/videos`,
      { file_url: fileUrl, description, published: "true" },
      endpoints().graphVideo,
    );
  },

  async startReel(ctx) {
    const res = await graph<{ video_id: string; upload_url: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/video_reels`, {
      upload_phase: "start",
    });
    return { videoId: res.video_id, uploadUrl: res.upload_url };
  },

  async uploadHosted(ctx, { videoId, fileUrl, uploadUrl }) {
    const res = await platformRequest<{ success?: boolean }>({
      provider,
      method: "POST",
      url: uploadUrl ?? `${endpoints().rupload}/video-upload/${version()}/${videoId}`,
      headers: { Authorization: `OAuth ${ctx.accessToken}`, file_url: fileUrl },
      mapError: mapFacebookError,
    });
    return { success: res.body.success === true };
  },

  async finishReel(ctx, { videoId, description }) {
    const res = await graph<{ success?: boolean; post_id?: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/video_reels`, {
      upload_phase: "finish",
      video_id: videoId,
      video_state: "PUBLISHED",
      description,
    });
    return { success: res.success === true, postId: res.post_id ?? null };
  },

  async publishPhotoStory(ctx, { photoId }) {
    const res = await graph<{ success?: boolean; post_id: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/photo_stories`, { photo_id: photoId });
    return { success: res.success === true, postId: res.post_id };
  },

  async startVideoStory(ctx) {
    const res = await graph<{ video_id: string; upload_url: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/video_stories`, {
      upload_phase: "start",
    });
    return { videoId: res.video_id, uploadUrl: res.upload_url };
  },

  async finishVideoStory(ctx, { videoId }) {
    const res = await graph<{ success?: boolean; post_id: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/video_stories`, {
      upload_phase: "finish",
      video_id: videoId,
    });
    return { success: res.success === true, postId: res.post_id };
  },

  async videoStatus(ctx, videoId) {
    const { status = {} } = await graph<StatusBody>(ctx.accessToken, "GET", `/${videoId}`, { fields: "status" });
    return {
      videoStatus: status.video_status ?? "unknown",
      uploadingPhase: status.uploading_phase?.status ?? null,
      processingPhase: status.processing_phase?.status ?? null,
      publishingPhase: status.publishing_phase?.status ?? null,
      error: status.processing_phase?.error?.message ?? status.publishing_phase?.error?.message ?? null,
    };
  },

  // https://developers.facebook.com/docs/video-api/guides/reels-publishing/ (check the upload
  // status, then publish with upload_phase=finish, then the status until published) and
  // https://developers.facebook.com/docs/page-stories-api/ (video Stories: the same phases).
  async videoReached(ctx, { videoId, milestone, deadline }) {
    const s = await this.videoStatus(ctx, videoId);
    if (s.videoStatus === "error" || s.uploadingPhase === "error" || s.processingPhase === "error" || s.publishingPhase === "error") {
      throw new PlatformError(provider, "media_rejected", `Facebook could not process the video: ${s.error ?? "error"}`);
    }
    if (milestone === "uploaded" ? s.uploadingPhase === "complete" : s.publishingPhase === "complete") return true;
    if (Date.now() < deadline.getTime()) return false;
    throw milestone === "uploaded"
      ? new PlatformError(provider, "media_rejected", `Facebook did not finish receiving the video by ${deadline.toISOString()}; nothing was published`)
      : new PlatformError(
          provider,
          "unknown_outcome",
          `Facebook accepted the video but had not published it by ${deadline.toISOString()} (still ${s.videoStatus}); it may still appear`,
        );
  },

  async postInfo(ctx, postId) {
    const res = await graph<{ id: string; permalink_url?: string; created_time?: string }>(ctx.accessToken, "GET", `/${postId}`, {
      fields: "permalink_url,created_time",
    });
    return { id: res.id, permalink: absolute(res.permalink_url ?? `/${postId}`), createdAt: graphDate(res.created_time) };
  },

  // DELETE /{post-id} with the Page token answers {success:true}
  // (developers.facebook.com/docs/pages-api/posts, "Delete a post").
  async deletePost(ctx, postId) {
    const res = await graph<{ success?: boolean }>(ctx.accessToken, "DELETE", `/${encodeURIComponent(postId)}`);
    if (res.success !== true) throw new PlatformError(provider, "unknown_outcome", `DELETE ${postId} did not confirm the deletion`);
  },

  // POST /{object-id}/comments with `message`, the Page token and pages_manage_engagement: the
  // comment is made as the Page (developers.facebook.com/docs/graph-api/reference/object/comments).
  async comment(ctx, { postId, text }) {
    const res = await graph<{ id: string }>(ctx.accessToken, "POST", `/${encodeURIComponent(postId)}/comments`, { message: text });
    return { id: res.id };
  },

  async listPosts(ctx, cursor): Promise<PostPage> {
    const res = await graph<{ data: GraphPost[]; paging?: Paging }>(ctx.accessToken, "GET", `/${ctx.providerAccountId}/published_posts`, {
      fields: postFields,
      limit: "100",
      ...(cursor ? { after: cursor } : {}),
    });
    return {
      posts: await inBatches(res.data, 5, (p) => toNativePost(ctx, p)),
      nextCursor: res.paging?.next ? (res.paging.cursors?.after ?? null) : null,
    };
  },
};

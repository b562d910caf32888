// Instagram API with Instagram Login (graph.instagram.com), professional accounts only: OAuth without
// PKCE (short-lived code exchange, then always the 60-day token; refresh with the token itself),
// container publishing (image, carousel, Reel, Story: create → poll → media_publish), the publishing
// limit, and the account's media with their insights.
import { platformConfig } from "../config.ts";
import { isPlatformError, PlatformError } from "../errors.ts";
import { platformRequest } from "../http.ts";
import type { AccountContext, ConnectedIdentity, MediaSource, NativePost, PlatformAdapter, PostPage, TokenSet } from "../types.ts";
import { mapInstagramError } from "./instagram-errors.ts";

const provider = "instagram";
const endpoints = () => platformConfig().endpoints.instagram;
const credentials = () => platformConfig().credentials.instagram;
const versioned = (path: string) => `${endpoints().graph}/${platformConfig().metaGraphVersion}${path}`;

/** What a container is made of. Carousel items are images or videos (by the media's MIME type). */
export type ContainerSpec =
  | { type: "IMAGE"; image: MediaSource; caption?: string; altText?: string }
  | { type: "CAROUSEL_ITEM"; media: MediaSource; altText?: string }
  | { type: "CAROUSEL"; children: string[]; caption?: string }
  | { type: "REELS"; video: MediaSource; caption?: string; shareToFeed?: boolean }
  | { type: "STORIES"; media: MediaSource };

export type ContainerStatusCode = "IN_PROGRESS" | "FINISHED" | "PUBLISHED" | "ERROR" | "EXPIRED";
export type ContainerStatus = { statusCode: ContainerStatusCode; status: string | null };

export type InstagramMedia = {
  id: string;
  permalink: string;
  shortcode: string | null;
  mediaType: string | null;
  mediaProductType: string | null;
  timestamp: Date;
};

export type PublishingLimit = { used: number; total: number; durationSeconds: number };

export interface InstagramPublishing {
  /** POST /{ig-user-id}/media: Meta fetches the media from its URL; the container then processes */
  createContainer(ctx: AccountContext, spec: ContainerSpec): Promise<{ id: string }>;
  containerStatus(ctx: AccountContext, containerId: string): Promise<ContainerStatus>;
  /** the point of no return: the container becomes a post */
  publishContainer(ctx: AccountContext, creationId: string): Promise<{ id: string }>;
  mediaInfo(ctx: AccountContext, mediaId: string): Promise<InstagramMedia>;
  publishingLimit(ctx: AccountContext): Promise<PublishingLimit>;
}

type Query = Record<string, string>;

function graph<T>(token: string, method: "GET" | "POST", path: string, query: Query = {}, form?: Query, timeoutMs?: number) {
  const qs = new URLSearchParams(query).toString();
  return platformRequest<T>({
    provider,
    method,
    url: versioned(path) + (qs ? `?${qs}` : ""),
    headers: { Authorization: `Bearer ${token}` },
    body: form ? new URLSearchParams(form) : undefined,
    timeoutMs,
    mapError: mapInstagramError,
  });
}

type LongLived = { access_token: string; token_type: string; expires_in: number };

function longLivedTokens(t: LongLived, scopes?: string[]): TokenSet {
  return { accessToken: t.access_token, refreshToken: null, expiresAt: new Date(Date.now() + t.expires_in * 1000), ...(scopes ? { scopes } : {}) };
}

/** The code exchange answers flat, or (as documented for Business Login) wrapped in data[]. */
type ShortLived = { access_token: string; user_id: number | string; permissions?: string[] | string };
function shortLived(body: ShortLived | { data: ShortLived[] }): ShortLived {
  return "data" in body ? body.data[0]! : body;
}

function grantedScopes(permissions: ShortLived["permissions"]): string[] | undefined {
  if (permissions === undefined) return undefined;
  return Array.isArray(permissions) ? permissions : permissions.split(",").filter(Boolean);
}

const accountTypes: Record<string, ConnectedIdentity["accountType"]> = { BUSINESS: "business", MEDIA_CREATOR: "creator" };

const isVideo = (m: MediaSource) => m.mimeType.startsWith("video/");

function containerFields(spec: ContainerSpec): Query {
  const caption = (c?: string): Query => (c === undefined ? {} : { caption: c });
  const alt = (a?: string): Query => (a === undefined ? {} : { alt_text: a });
  switch (spec.type) {
    case "IMAGE":
      return { image_url: spec.image.url, ...caption(spec.caption), ...alt(spec.altText) };
    case "CAROUSEL_ITEM":
      if (isVideo(spec.media)) {
        // Instagram takes alt text on images only; dropping it silently would lose the caller's text.
        if (spec.altText !== undefined) throw new PlatformError(provider, "invalid_request", "alt text applies to carousel images only");
        return { is_carousel_item: "true", media_type: "VIDEO", video_url: spec.media.url };
      }
      return { is_carousel_item: "true", image_url: spec.media.url, ...alt(spec.altText) };
    case "CAROUSEL":
      return { media_type: "CAROUSEL", children: spec.children.join(","), ...caption(spec.caption) };
    case "REELS":
      return {
        media_type: "REELS",
        video_url: spec.video.url,
        ...caption(spec.caption),
        ...(spec.shareToFeed === undefined ? {} : { share_to_feed: String(spec.shareToFeed) }),
      };
    case "STORIES":
      return { media_type: "STORIES", ...(isVideo(spec.media) ? { video_url: spec.media.url } : { image_url: spec.media.url }) };
  }
}

type Media = {
  id: string;
  caption?: string;
  media_type?: string;
  media_product_type?: string;
  permalink?: string;
  shortcode?: string;
  timestamp: string;
  like_count?: number;
  comments_count?: number;
};
type Insight = { name: string; values?: { value?: number }[] };

const insightsConcurrency = 8;
const insightMetrics = ["views", "reach", "likes", "comments", "shares", "saved", "total_interactions"];

/**
 * Insights lag behind (empty data) and may omit a metric: both mean unavailable, never 0. An
 * account that did not grant instagram_business_manage_insights is refused with code 10
 * (permission; developers.facebook.com/docs/graph-api/guides/error-handling): its insights are
 * unavailable too, and after the first refusal the page's other posts skip the call (`refused`).
 */
async function metricsOf(ctx: AccountContext, media: Media, refused: { insights: boolean }): Promise<Record<string, number | null>> {
  let data: Insight[] = [];
  if (!refused.insights) {
    try {
      data = (await graph<{ data?: Insight[] }>(ctx.accessToken, "GET", `/${media.id}/insights`, { metric: insightMetrics.join(",") })).body.data ?? [];
    } catch (err) {
      if (!isPlatformError(err, "permission")) throw err;
      refused.insights = true;
    }
  }
  const values = new Map(data.map((i) => [i.name, i.values?.[0]?.value]));
  const metrics: Record<string, number | null> = {};
  for (const name of insightMetrics) metrics[name] = typeof values.get(name) === "number" ? values.get(name)! : null;
  // like_count and comments_count are live counters on the media itself: real values while insights lag.
  metrics.likes ??= media.like_count ?? null;
  metrics.comments ??= media.comments_count ?? null;
  return metrics;
}

export const instagramAdapter: PlatformAdapter & InstagramPublishing = {
  provider,
  usesPkce: false,
  defaultScopes: ["instagram_business_basic", "instagram_business_content_publish", "instagram_business_manage_insights", "instagram_business_manage_comments"],

  authorizeUrl({ state, redirectUri, scopes }) {
    const url = new URL(endpoints().authorize);
    url.search = new URLSearchParams({
      client_id: credentials().clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: (scopes ?? this.defaultScopes).join(","),
      state,
    }).toString();
    return url.toString();
  },

  // The code gives a 1-hour token; it is always traded for the 60-day one at once.
  async exchangeCode({ code, redirectUri }) {
    const { clientId, clientSecret } = credentials();
    const res = await platformRequest<ShortLived | { data: ShortLived[] }>({
      provider,
      method: "POST",
      url: `${endpoints().oauth}/oauth/access_token`,
      body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: "authorization_code", redirect_uri: redirectUri, code }),
      mapError: mapInstagramError,
    });
    const short = shortLived(res.body);
    const query = new URLSearchParams({ grant_type: "ig_exchange_token", client_secret: clientSecret, access_token: short.access_token });
    const long = await platformRequest<LongLived>({ provider, url: `${endpoints().graph}/access_token?${query}`, mapError: mapInstagramError });
    return longLivedTokens(long.body, grantedScopes(short.permissions));
  },

  async identities(tokens) {
    type Me = { id: string; user_id: string; username: string; name?: string; account_type?: string };
    const me = (await graph<Me>(tokens.accessToken, "GET", "/me", { fields: "user_id,username,name,account_type" })).body;
    return [
      {
        providerAccountId: String(me.user_id),
        username: me.username,
        displayName: me.name || me.username,
        accountType: accountTypes[(me.account_type ?? "").toUpperCase()] ?? "unknown",
        scopes: tokens.scopes,
      },
    ];
  },

  canRefresh: () => true,

  // No refresh token: the long-lived token refreshes itself (once it is 24 h old and still valid).
  // A refused token (190) means the grant is gone; a too-young token is an invalid request.
  async refresh({ accessToken }) {
    const query = new URLSearchParams({ grant_type: "ig_refresh_token", access_token: accessToken });
    const res = await platformRequest<LongLived>({ provider, url: `${endpoints().graph}/refresh_access_token?${query}`, mapError: mapInstagramError });
    return longLivedTokens(res.body);
  },

  async createContainer(ctx, spec) {
    // Meta fetches image URLs while answering, so creation can take a while.
    const res = await graph<{ id: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/media`, {}, containerFields(spec), 120_000);
    return { id: res.body.id };
  },

  async containerStatus(ctx, containerId) {
    const res = await graph<{ status_code: ContainerStatusCode; status?: string }>(ctx.accessToken, "GET", `/${containerId}`, { fields: "status_code,status" });
    return { statusCode: res.body.status_code, status: res.body.status ?? null };
  },

  async publishContainer(ctx, creationId) {
    const res = await graph<{ id: string }>(ctx.accessToken, "POST", `/${ctx.providerAccountId}/media_publish`, { creation_id: creationId });
    return { id: res.body.id };
  },

  async mediaInfo(ctx, mediaId) {
    const res = await graph<Media>(ctx.accessToken, "GET", `/${mediaId}`, { fields: "id,permalink,shortcode,media_type,media_product_type,timestamp" });
    const m = res.body;
    return {
      id: m.id,
      permalink: m.permalink ?? "",
      shortcode: m.shortcode ?? null,
      mediaType: m.media_type ?? null,
      mediaProductType: m.media_product_type ?? null,
      timestamp: new Date(m.timestamp),
    };
  },

  async publishingLimit(ctx) {
    type Limit = { quota_usage: number; config: { quota_total: number; quota_duration: number } };
    const res = await graph<{ data: Limit[] }>(ctx.accessToken, "GET", `/${ctx.providerAccountId}/content_publishing_limit`, { fields: "quota_usage,config" });
    const limit = res.body.data[0];
    if (!limit) throw new PlatformError(provider, "unavailable", "content_publishing_limit answered no data");
    return { used: limit.quota_usage, total: limit.config.quota_total, durationSeconds: limit.config.quota_duration };
  },

  // POST /{ig-media-id}/comments with `message` answers {id}; Instagram Login needs
  // instagram_business_basic and instagram_business_manage_comments
  // (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-media/comments).
  async comment(ctx, { postId, text }) {
    const res = await graph<{ id: string }>(ctx.accessToken, "POST", `/${encodeURIComponent(postId)}/comments`, {}, { message: text });
    return { id: res.body.id };
  },

  async listPosts(ctx, cursor): Promise<PostPage> {
    const query: Query = { fields: "id,caption,media_type,media_product_type,permalink,timestamp,like_count,comments_count", limit: "100" };
    if (cursor) query.after = cursor;
    type Page = { data?: Media[]; paging?: { cursors?: { after?: string }; next?: string } };
    const res = await graph<Page>(ctx.accessToken, "GET", `/${ctx.providerAccountId}/media`, query);
    const media = res.body.data ?? [];
    const posts: NativePost[] = [];
    const refused = { insights: false };
    // Insights are one request per post: a few at a time, to stay clear of the account's call budget.
    for (let i = 0; i < media.length; i += insightsConcurrency) {
      const batch = media.slice(i, i + insightsConcurrency);
      const metrics = await Promise.all(batch.map((m) => metricsOf(ctx, m, refused)));
      batch.forEach((m, j) =>
        posts.push({
          nativeId: m.id,
          content: m.caption ?? "",
          permalink: m.permalink ?? "",
          postedAt: new Date(m.timestamp),
          mediaType: m.media_type ?? null,
          mediaProductType: m.media_product_type ?? null,
          metrics: metrics[j]!,
        }),
      );
    }
    // Meta sends paging.next only when there is a further page.
    return { posts, nextCursor: res.body.paging?.next ? (res.body.paging.cursors?.after ?? null) : null };
  },
};

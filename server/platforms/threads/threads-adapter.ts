// Threads (graph.threads.net): OAuth without PKCE (code → 1-hour token → 60-day token, refreshed
// once 24 h old), text posts and threads through media containers (create, wait until FINISHED,
// publish), posts with images, videos and carousels (threads-media.ts), replies as first
// comments, reposts, and the account's own threads with per-post insights.
import { platformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import { platformRequest } from "../http.ts";
import type { AccountContext, PlatformAdapter, PostPage, TokenSet } from "../types.ts";
import { graph, mapThreadsError, permalinkOf, provider } from "./threads-graph.ts";
import { threadsMediaPosting } from "./threads-media.ts";

export { mapThreadsError };
const endpoints = () => platformConfig().endpoints.threads;
const credentials = () => platformConfig().credentials.threads;

/** Threads' post metrics, under their own names. */
const metricNames = ["views", "likes", "replies", "reposts", "quotes", "shares"] as const;
/** A text container normally finishes within seconds; the caller is waiting synchronously. */
const containerWaitMs = 60_000;

type LongLivedToken = { access_token: string; token_type: string; expires_in: number };

/** The token endpoints take the token and app secret in the query string: keep them out of error messages. */
async function tokenGet(path: string, query: Record<string, string>): Promise<LongLivedToken> {
  const url = `${endpoints().graph}${path}?${new URLSearchParams(query)}`;
  try {
    return (await platformRequest<LongLivedToken>({ provider, method: "GET", url, mapError: mapThreadsError })).body;
  } catch (err) {
    if (!(err instanceof PlatformError) || !err.message.includes(url)) throw err;
    const message = err.message.slice(`${provider}: `.length).replace(url, `${endpoints().graph}${path}`);
    throw new PlatformError(provider, err.kind, message, { status: err.status, platformCode: err.platformCode, retryAt: err.retryAt });
  }
}

const longLived = (t: LongLivedToken): TokenSet => ({ accessToken: t.access_token, refreshToken: null, expiresAt: new Date(Date.now() + t.expires_in * 1000) });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the container until FINISHED; ERROR and EXPIRED are final. */
async function untilFinished(accessToken: string, id: string): Promise<void> {
  const deadline = Date.now() + containerWaitMs;
  for (let wait = 200; ; wait = Math.min(wait * 2, 5_000)) {
    const { status, error_message } = (await graph<{ status: string; error_message?: string }>(accessToken, "GET", `/v1.0/${id}?fields=status,error_message`))
      .body;
    if (status === "FINISHED") return;
    if (status === "ERROR")
      throw new PlatformError(provider, "content_rejected", `container ${id} failed: ${error_message ?? "UNKNOWN"}`, { platformCode: error_message });
    if (status !== "IN_PROGRESS")
      throw new PlatformError(provider, "invalid_request", `container ${id} is ${status} and cannot be published`, { platformCode: status });
    if (Date.now() + wait > deadline)
      throw new PlatformError(provider, "unavailable", `container ${id} was still IN_PROGRESS after ${containerWaitMs / 1000} s; nothing was published`);
    await sleep(wait);
  }
}

type Metrics = Record<string, number | null>;
const unavailable = (): Metrics => Object.fromEntries(metricNames.map((n) => [n, null]));

/** A post's insights; null when the connection lacks threads_manage_insights. */
async function insightsOf(accessToken: string, id: string): Promise<Metrics | null> {
  try {
    const res = await graph<{ data: { name: string; values?: { value?: number }[] }[] }>(
      accessToken,
      "GET",
      `/v1.0/${id}/insights?metric=${metricNames.join(",")}`,
    );
    const values = new Map(res.body.data.map((d) => [d.name, d.values?.[0]?.value]));
    return Object.fromEntries(metricNames.map((n) => [n, typeof values.get(n) === "number" ? values.get(n)! : null]));
  } catch (err) {
    if (err instanceof PlatformError && err.kind === "permission") return null;
    throw err;
  }
}

/** Insights for each post, five at a time; after one refusal for missing permission the rest would be refused too. */
async function metricsOf(accessToken: string, ids: string[]): Promise<Metrics[]> {
  if (ids.length === 0) return [];
  const first = await insightsOf(accessToken, ids[0]!);
  if (first === null) return ids.map(unavailable);
  const all: (Metrics | null)[] = [first];
  for (let i = 1; i < ids.length; i += 5) all.push(...(await Promise.all(ids.slice(i, i + 5).map((id) => insightsOf(accessToken, id)))));
  return all.map((m) => m ?? unavailable());
}

type Media = { id: string; media_type: string; media_product_type?: string; text?: string; permalink?: string; timestamp: string };
type MediaPage = { data: Media[]; paging?: { cursors?: { before?: string; after?: string }; next?: string } };

export const threadsAdapter: PlatformAdapter = {
  provider,
  usesPkce: false,
  defaultScopes: ["threads_basic", "threads_content_publish", "threads_manage_insights", "threads_read_replies"],

  authorizeUrl({ state, redirectUri, scopes }) {
    const url = new URL(endpoints().authorize);
    url.search = new URLSearchParams({
      client_id: credentials().clientId,
      redirect_uri: redirectUri,
      scope: (scopes ?? this.defaultScopes).join(","),
      response_type: "code",
      state,
    }).toString();
    return url.toString();
  },

  // The code gives a 1-hour token; it is exchanged at once for the 60-day token we keep.
  async exchangeCode({ code, redirectUri }) {
    const { clientId, clientSecret } = credentials();
    const short = await platformRequest<{ access_token: string; user_id: number }>({
      provider,
      method: "POST",
      url: `${endpoints().graph}/oauth/access_token`,
      body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: "authorization_code", redirect_uri: redirectUri, code }),
      mapError: mapThreadsError,
    });
    const tokens = longLived(
      await tokenGet("/access_token", { grant_type: "th_exchange_token", client_secret: clientSecret, access_token: short.body.access_token }),
    );
    // Threads reports no scopes with its tokens: the code exchange answers {access_token, user_id}
    // and the long-lived exchange {access_token, token_type, expires_in}
    // (developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions,
    // …/long-lived-tokens). Its only scope lookup, GET /debug_token, needs a Threads tester's token
    // (…/docs/threads/troubleshooting/debug-access-token). So the granted scopes are taken as
    // requested: the defaults, which every connection started here asks for. A permission the user
    // declined shows when used: publishing answers permission, insights come back null.
    return { ...tokens, scopes: [...this.defaultScopes] };
  },

  async identities(tokens) {
    type Me = { id: string; username: string; name?: string; threads_profile_picture_url?: string };
    const me = (await graph<Me>(tokens.accessToken, "GET", "/v1.0/me?fields=id,username,name,threads_profile_picture_url")).body;
    return [
      {
        providerAccountId: me.id,
        username: me.username,
        displayName: me.name || me.username,
        metadata: me.threads_profile_picture_url ? { profilePictureUrl: me.threads_profile_picture_url } : {},
      },
    ];
  },

  // No refresh token: the long-lived access token itself is refreshed.
  canRefresh: ({ accessToken }) => Boolean(accessToken),

  // 190 (expired, revoked) → auth_expired; a token younger than 24 h is refused as invalid_request.
  async refresh({ accessToken }) {
    return longLived(await tokenGet("/refresh_access_token", { grant_type: "th_refresh_token", access_token: accessToken }));
  },

  async publishText(ctx: AccountContext, { text, replyToId }) {
    const form = new URLSearchParams({ media_type: "TEXT", text });
    if (replyToId) form.set("reply_to_id", replyToId);
    const container = (await graph<{ id: string }>(ctx.accessToken, "POST", `/v1.0/${ctx.providerAccountId}/threads`, form)).body.id;
    await untilFinished(ctx.accessToken, container);
    const published = await graph<{ id: string }>(
      ctx.accessToken,
      "POST",
      `/v1.0/${ctx.providerAccountId}/threads_publish`,
      new URLSearchParams({ creation_id: container }),
    );
    const id = published.body.id;
    return { id, permalink: await permalinkOf(ctx.accessToken, id) };
  },

  ...threadsMediaPosting,

  // A first comment on Threads is a reply from the same account: a container with reply_to_id,
  // published like any post (developers.facebook.com/docs/threads/retrieve-and-manage-replies/create-replies).
  async comment(ctx, { postId, text }) {
    const { id } = await this.publishText!(ctx, { text, replyToId: postId });
    return { id };
  },

  async repost(ctx, nativePostId) {
    const res = await graph<{ id: string }>(ctx.accessToken, "POST", `/v1.0/${nativePostId}/repost`);
    return { id: res.body.id };
  },

  // DELETE /{threads-media-id} needs threads_delete and answers {success, deleted_id}
  // (developers.facebook.com/docs/threads/posts/delete-posts).
  async deletePost(ctx, nativePostId) {
    const res = await graph<{ success?: boolean }>(ctx.accessToken, "DELETE", `/v1.0/${encodeURIComponent(nativePostId)}`);
    if (res.body.success !== true)
      throw new PlatformError(provider, "unknown_outcome", `DELETE ${nativePostId} did not confirm the deletion`, { status: res.status });
  },

  async listPosts(ctx, cursor): Promise<PostPage> {
    const query = new URLSearchParams({ fields: "id,media_type,media_product_type,text,permalink,timestamp", limit: "100" });
    if (cursor) query.set("after", cursor);
    const res = await graph<MediaPage>(ctx.accessToken, "GET", `/v1.0/${ctx.providerAccountId}/threads?${query}`);
    // Reposts are listed as REPOST_FACADE items: someone else's post, not this account's.
    const own = res.body.data.filter((media) => media.media_type !== "REPOST_FACADE");
    const metrics = await metricsOf(
      ctx.accessToken,
      own.map((media) => media.id),
    );
    return {
      posts: own.map((media, i) => ({
        nativeId: media.id,
        content: media.text ?? "",
        permalink: media.permalink ?? "", // omitted for posts flagged for copyrighted material
        postedAt: new Date(media.timestamp),
        mediaType: media.media_type,
        mediaProductType: media.media_product_type ?? null,
        metrics: metrics[i]!,
      })),
      nextCursor: res.body.paging?.next ? (res.body.paging.cursors?.after ?? null) : null,
    };
  },
};

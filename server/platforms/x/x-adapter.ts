// X API v2: OAuth 2.0 with PKCE (rotating refresh tokens), users/me, tweets and threads,
// posts with images or a video (x-media.ts), replies as first comments, retweets, and the
// user's timeline with public metrics.
import { platformConfig } from "../config.ts";
import { PlatformError, reclassify } from "../errors.ts";
import { platformRequest } from "../http.ts";
import type { AccountContext, ExchangeInput, PlatformAdapter, PostPage, RefreshInput, TokenSet } from "../types.ts";
import { mapXError } from "./x-errors.ts";
import { prepareXPost, publishXPrepared, xPreparedStatus } from "./x-media.ts";

export { mapXError } from "./x-errors.ts";

const provider = "x";
const endpoints = () => platformConfig().endpoints.x;
const credentials = () => platformConfig().credentials.x;

function call<T>(ctx: { accessToken: string }, method: string, path: string, body?: unknown) {
  return platformRequest<T>({
    provider,
    method,
    url: `${endpoints().api}${path}`,
    headers: { Authorization: `Bearer ${ctx.accessToken}` },
    body,
    mapError: mapXError,
  });
}

type TokenResponse = { access_token: string; refresh_token?: string; expires_in?: number; scope?: string; token_type: string };

async function token(form: Record<string, string>): Promise<TokenSet> {
  const { clientId, clientSecret } = credentials();
  const res = await platformRequest<TokenResponse>({
    provider,
    method: "POST",
    url: `${endpoints().api}/2/oauth2/token`,
    // confidential client: HTTP Basic with the client credentials
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}` },
    body: new URLSearchParams({ ...form, client_id: clientId }),
    mapError: mapXError,
  });
  const t = res.body;
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? null,
    expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
    scopes: t.scope ? t.scope.split(" ") : undefined,
  };
}

export const xAdapter: PlatformAdapter = {
  provider,
  usesPkce: true,
  // media.write: the media upload endpoints (docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code)
  defaultScopes: ["tweet.read", "tweet.write", "users.read", "offline.access", "media.write"],

  authorizeUrl({ state, redirectUri, codeChallenge, scopes }) {
    const url = new URL(endpoints().authorize);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: credentials().clientId,
      redirect_uri: redirectUri,
      scope: (scopes ?? this.defaultScopes).join(" "),
      state,
      code_challenge: codeChallenge ?? "",
      code_challenge_method: "S256",
    }).toString();
    return url.toString();
  },

  exchangeCode({ code, redirectUri, codeVerifier }: ExchangeInput) {
    return token({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier ?? "" });
  },

  async identities(tokens) {
    const me = await call<{ data: { id: string; name: string; username: string } }>(tokens, "GET", "/2/users/me");
    return [{ providerAccountId: me.body.data.id, username: me.body.data.username, displayName: me.body.data.name }];
  },

  canRefresh: ({ refreshToken }: RefreshInput) => Boolean(refreshToken),

  // Refresh tokens rotate: the answer's refresh token replaces the old one, which stops working.
  // A refused refresh token (400 invalid_request/invalid_grant) means the grant is gone.
  async refresh({ refreshToken }: RefreshInput) {
    try {
      return await token({ grant_type: "refresh_token", refresh_token: refreshToken ?? "" });
    } catch (err) {
      if (err instanceof PlatformError && err.status === 400) throw reclassify(err, "auth_expired");
      throw err;
    }
  },

  async publishText(ctx: AccountContext, { text, replyToId }) {
    const res = await call<{ data: { id: string } }>(ctx, "POST", "/2/tweets", {
      text,
      ...(replyToId ? { reply: { in_reply_to_tweet_id: replyToId } } : {}),
    });
    const id = res.body.data.id;
    return { id, permalink: `https://x.com/${ctx.username}/status/${id}` };
  },

  preparePost: prepareXPost,
  preparedStatus: xPreparedStatus,
  publishPrepared: publishXPrepared,

  // A first comment on X is a reply from the same account.
  async comment(ctx, { postId, text }) {
    const reply = await xAdapter.publishText!(ctx, { text, replyToId: postId });
    return { id: reply.id };
  },

  async repost(ctx, nativePostId) {
    await call(ctx, "POST", `/2/users/${ctx.providerAccountId}/retweets`, { tweet_id: nativePostId });
    return { id: nativePostId };
  },

  // DELETE /2/tweets/:id answers {data:{deleted:true}} (developer.x.com/en/docs/x-api/tweets/manage-tweets/api-reference/delete-tweets-id).
  async deletePost(ctx, nativePostId) {
    const res = await call<{ data?: { deleted?: boolean } }>(ctx, "DELETE", `/2/tweets/${encodeURIComponent(nativePostId)}`);
    if (res.body.data?.deleted !== true)
      throw new PlatformError(provider, "unknown_outcome", `DELETE /2/tweets/${nativePostId} did not confirm the deletion`, { status: res.status });
  },

  async listPosts(ctx, cursor): Promise<PostPage> {
    const query = new URLSearchParams({ max_results: "100", "tweet.fields": "created_at,public_metrics", exclude: "retweets" });
    if (cursor) query.set("pagination_token", cursor);
    type Tweet = { id: string; text: string; created_at: string; public_metrics?: Record<string, number> };
    const res = await call<{ data?: Tweet[]; meta: { next_token?: string } }>(ctx, "GET", `/2/users/${ctx.providerAccountId}/tweets?${query}`);
    return {
      posts: (res.body.data ?? []).map((t) => ({
        nativeId: t.id,
        content: t.text,
        permalink: `https://x.com/${ctx.username}/status/${t.id}`,
        postedAt: new Date(t.created_at),
        metrics: {
          impression_count: t.public_metrics?.impression_count ?? null,
          like_count: t.public_metrics?.like_count ?? null,
          reply_count: t.public_metrics?.reply_count ?? null,
          retweet_count: t.public_metrics?.retweet_count ?? null,
          quote_count: t.public_metrics?.quote_count ?? null,
          bookmark_count: t.public_metrics?.bookmark_count ?? null,
        },
      })),
      nextCursor: res.body.meta.next_token ?? null,
    };
  },
};

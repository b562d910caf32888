// LinkedIn: OAuth 2.0 without PKCE (programmatic refresh tokens that do not rotate), OIDC
// userinfo, the versioned Posts API (member posts in the "little" text format, reshares, the
// author finder), socialActions counts and member post analytics.
import { platformConfig } from "../config.ts";
import { PlatformError, isPlatformError, reclassify } from "../errors.ts";
import { platformRequest } from "../http.ts";
import type { AccountContext, ExchangeInput, NativePost, PlatformAdapter, PostPage, RefreshInput, TokenSet } from "../types.ts";
import { comment, preparedStatus, preparePost, publishPrepared } from "./linkedin-media.ts";
import { authorUrn, createPost, endpoints, escapeLittleText, mapLinkedInError, permalink, provider, rest } from "./linkedin-rest.ts";

export { escapeLittleText, mapLinkedInError, nextUtcMidnight } from "./linkedin-rest.ts";

const credentials = () => platformConfig().credentials.linkedin;

const PAGE_SIZE = 100;
/** Posts whose metrics are fetched at once (three calls each). */
const METRICS_CONCURRENCY = 5;

// ---- the "little" text format of commentary (escaping: linkedin-rest.ts)

// At one position of a commentary: an escape, a mention template or a hashtag template.
const LITTLE_TOKEN = /\\([\s\S])|@\[((?:\\[\s\S]|[^\]\\])*)\]\(urn:li:[^)]*\)|\{hashtag\|\\#\|((?:\\[\s\S]|[^}\\])*)\}/y;

/** Commentary as LinkedIn returns it → the text a reader sees (mentions as names, hashtags as #tag). */
export function littleTextToPlain(commentary: string): string {
  let out = "";
  let i = 0;
  while (i < commentary.length) {
    LITTLE_TOKEN.lastIndex = i;
    const m = LITTLE_TOKEN.exec(commentary);
    if (!m) {
      out += commentary[i];
      i += 1;
    } else {
      i = LITTLE_TOKEN.lastIndex; // read before recursing: the inner call moves the shared regex
      if (m[1] !== undefined) out += m[1];
      else if (m[2] !== undefined) out += littleTextToPlain(m[2]);
      else out += `#${littleTextToPlain(m[3] ?? "")}`;
    }
  }
  return out;
}

// ---- OAuth

type TokenResponse = { access_token: string; expires_in?: number; scope?: string; refresh_token?: string; refresh_token_expires_in?: number };

async function token(form: Record<string, string>): Promise<TokenResponse> {
  const { clientId, clientSecret } = credentials();
  const res = await platformRequest<TokenResponse>({
    provider,
    method: "POST",
    url: `${endpoints().oauth}/accessToken`,
    body: new URLSearchParams({ ...form, client_id: clientId, client_secret: clientSecret }),
    mapError: mapLinkedInError,
  });
  return res.body;
}

const at = (seconds: number | undefined) => (seconds ? new Date(Date.now() + seconds * 1000) : null);

function tokenSet(t: TokenResponse): TokenSet {
  return {
    accessToken: t.access_token,
    expiresAt: at(t.expires_in),
    // LinkedIn reports scopes comma-separated
    scopes: t.scope ? t.scope.split(/[\s,]+/).filter(Boolean) : undefined,
  };
}

// ---- posts

type LinkedInPost = {
  id: string;
  commentary?: string;
  createdAt: number;
  publishedAt?: number;
  lifecycleState: string;
  reshareContext?: { parent: string };
};
type PostsPage = { elements: LinkedInPost[]; paging: { start: number; count: number; total?: number } };
type SocialActions = { likesSummary?: { totalLikes?: number }; commentsSummary?: { aggregatedTotalComments?: number } };
type Analytics = { elements: { count: number }[] };

/** A metric the connection may not see (scope missing, post not analysable) is unavailable; other failures are real failures. */
async function unlessUnavailable<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (isPlatformError(err, "permission") || isPlatformError(err, "not_found")) return null;
    throw err;
  }
}

/** Analytics name an entity by its type: (share:urn:li:share:…) or (ugc:urn:li:ugcPost:…). */
function analyticsEntity(urn: string): string {
  return `(${urn.startsWith("urn:li:ugcPost:") ? "ugc" : "share"}:${encodeURIComponent(urn)})`;
}

async function analytics(ctx: AccountContext, urn: string, queryType: "IMPRESSION" | "RESHARE"): Promise<number | null> {
  const res = await unlessUnavailable(
    rest<Analytics>(ctx, "GET", `/rest/memberCreatorPostAnalytics?q=entity&entity=${analyticsEntity(urn)}&queryType=${queryType}&aggregation=TOTAL`),
  );
  if (!res || res.body.elements.length === 0) return null;
  return res.body.elements.reduce((sum, e) => sum + e.count, 0);
}

async function metricsOf(ctx: AccountContext, urn: string): Promise<Record<string, number | null>> {
  const [social, impressions, reshares] = await Promise.all([
    unlessUnavailable(rest<SocialActions>(ctx, "GET", `/rest/socialActions/${encodeURIComponent(urn)}`)),
    analytics(ctx, urn, "IMPRESSION"),
    analytics(ctx, urn, "RESHARE"),
  ]);
  return {
    impressions,
    reactions: social?.body.likesSummary?.totalLikes ?? null,
    comments: social?.body.commentsSummary?.aggregatedTotalComments ?? null,
    reshares,
  };
}

async function mapConcurrent<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failed = false; // after a failure (a rate limit, say) start no more calls
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function startOf(cursor: string | null): number {
  if (cursor === null) return 0;
  if (!/^\d+$/.test(cursor)) throw new PlatformError(provider, "invalid_request", `not a LinkedIn paging cursor: ${cursor}`);
  return Number(cursor);
}

/**
 * The member's name as a handle ("Zoë O'Brien" → "zoe-o-brien", "maya_li" stays): LinkedIn gives
 * self-serve apps no handle (its vanityName needs r_basicprofile), and the name is what its owner
 * recognises. The opaque member id is only the fallback for a member without a name; accounts
 * are told apart by their id, never by this.
 */
export function linkedinUsername(sub: string, name?: string): string {
  const slug = (name ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, "-")
    .slice(0, 40)
    .replace(/^[-.]+|[-.]+$/g, "");
  return slug || sub;
}

/**
 * What every LinkedIn app can request: the self-serve products "Sign In with LinkedIn using OpenID
 * Connect" (openid profile email) and "Share on LinkedIn" (w_member_social). Any scope of a product
 * the app lacks makes LinkedIn refuse the whole authorization with unauthorized_scope_error
 * (learn.microsoft.com/linkedin/shared/authentication/authorization-code-flow), so reading posts
 * (r_member_social) and analytics (r_member_postAnalytics) are asked for only when LINKEDIN_SCOPES
 * names them; without them the account cannot read posts and its metrics are null.
 */
export const linkedinSelfServeScopes = ["openid", "profile", "email", "w_member_social"];

export const linkedinAdapter: PlatformAdapter = {
  provider,
  usesPkce: false,
  get defaultScopes() {
    return [...new Set([...linkedinSelfServeScopes, ...platformConfig().linkedinScopes])];
  },

  authorizeUrl({ state, redirectUri, scopes }) {
    const url = new URL(`${endpoints().oauth}/authorization`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: credentials().clientId,
      redirect_uri: redirectUri,
      state,
      scope: (scopes ?? this.defaultScopes).join(" "),
    }).toString();
    return url.toString();
  },

  async exchangeCode({ code, redirectUri }: ExchangeInput) {
    const t = await token({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
    return {
      ...tokenSet(t),
      refreshToken: t.refresh_token ?? null,
      refreshTokenExpiresAt: at(t.refresh_token_expires_in),
    };
  },

  async identities(tokens) {
    type UserInfo = { sub: string; name?: string; given_name?: string; family_name?: string; picture?: string; email?: string };
    const res = await platformRequest<UserInfo>({
      provider,
      url: `${endpoints().api}/v2/userinfo`,
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
      mapError: mapLinkedInError,
    });
    const me = res.body;
    const username = linkedinUsername(me.sub, me.name);
    return [
      {
        providerAccountId: me.sub,
        username,
        displayName: me.name ?? username,
        metadata: { authorUrn: `urn:li:person:${me.sub}`, ...(me.picture ? { picture: me.picture } : {}) },
      },
    ];
  },

  canRefresh: ({ refreshToken }: RefreshInput) => Boolean(refreshToken),

  // Programmatic refresh tokens do not rotate: the answer repeats the same refresh token with
  // what is left of its 365 days. A refused refresh token means the member must consent again.
  async refresh({ refreshToken }: RefreshInput) {
    try {
      const t = await token({ grant_type: "refresh_token", refresh_token: refreshToken ?? "" });
      return {
        ...tokenSet(t),
        refreshToken: t.refresh_token,
        refreshTokenExpiresAt: t.refresh_token_expires_in ? at(t.refresh_token_expires_in) : undefined,
      };
    } catch (err) {
      if (isPlatformError(err) && err.status === 400) throw reclassify(err, "auth_expired");
      throw err;
    }
  },

  async publishText(ctx, { text, replyToId }) {
    if (replyToId) throw new PlatformError(provider, "invalid_request", "LinkedIn has no threads: a post cannot reply to another post");
    const urn = await createPost(ctx, { commentary: escapeLittleText(text), isReshareDisabledByAuthor: false });
    return { id: urn, permalink: permalink(urn) };
  },

  async repost(ctx, nativePostId) {
    const urn = await createPost(ctx, { commentary: "", reshareContext: { parent: nativePostId } });
    return { id: urn };
  },

  // DELETE /rest/posts/{encoded urn}: 204, idempotent
  // (learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api#delete-posts).
  async deletePost(ctx, nativePostId) {
    await rest(ctx, "DELETE", `/rest/posts/${encodeURIComponent(nativePostId)}`);
  },

  // Reshares without commentary are the member's reposts, not their posts; drafts are not published.
  preparePost,
  preparedStatus,
  publishPrepared,
  comment,

  async listPosts(ctx, cursor): Promise<PostPage> {
    const start = startOf(cursor);
    const query = `author=${encodeURIComponent(authorUrn(ctx))}&q=author&count=${PAGE_SIZE}&start=${start}&sortBy=LAST_MODIFIED`;
    const res = await rest<PostsPage>(ctx, "GET", `/rest/posts?${query}`, undefined, { "X-RestLi-Method": "FINDER" });
    const { elements, paging } = res.body;
    const own = elements.filter((p) => p.lifecycleState === "PUBLISHED" && !(p.reshareContext && !p.commentary));
    const posts = await mapConcurrent(own, METRICS_CONCURRENCY, async (p): Promise<NativePost> => ({
      nativeId: p.id,
      content: littleTextToPlain(p.commentary ?? ""),
      permalink: permalink(p.id),
      postedAt: new Date(p.publishedAt ?? p.createdAt),
      metrics: await metricsOf(ctx, p.id),
    }));
    const next = start + elements.length;
    const more = paging.total !== undefined ? next < paging.total : elements.length === PAGE_SIZE;
    return { posts, nextCursor: more && elements.length > 0 ? String(next) : null };
  },
};

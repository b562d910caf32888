// Mastodon (and servers speaking its API: Pleroma/Akkoma, GoToSocial, Friendica): an account lives
// on an instance the user names. Connecting registers our app there once (mastodon-apps.ts), then
// OAuth 2 with PKCE S256 (https://docs.joinmastodon.org/methods/oauth/); tokens never expire and
// there is no refresh, so a 401 means reconnect. Publishing sends an Idempotency-Key on every
// status; reading maps favourites/reblogs/replies/quotes to likes/reposts/replies/quotes.
import crypto from "node:crypto";
import { PlatformError } from "../errors.ts";
import type { AccountContext, ConnectedIdentity, NativePost, PlatformAdapter, PostPage, PublishedRef, TokenSet } from "../types.ts";
import type { MastodonAppRegistration } from "./mastodon-apps.ts";
import { instanceRequest, provider } from "./mastodon-instance.ts";
import { instanceOf, mastodonPreparedStatus, postStatus, prepareMastodonPost, publishMastodonPrepared, type MastodonPostOptions } from "./mastodon-media.ts";
import { statusText } from "./status-text.ts";

/** The adapter contract, with Mastodon's provider name (the provider table adds it to ProviderName). */
export type MastodonAdapter = Omit<PlatformAdapter, "provider" | "publishText"> & {
  provider: "mastodon";
  publishText(ctx: AccountContext, input: { text: string; replyToId?: string; idempotencyKey?: string } & MastodonPostOptions): Promise<PublishedRef>;
};

type Account = { id: string; username: string; acct: string; display_name: string; url: string };
type Status = {
  id: string;
  url: string | null;
  uri: string;
  created_at: string;
  content: string;
  spoiler_text: string;
  visibility: string;
  reblog: unknown;
  in_reply_to_id: string | null;
  media_attachments: { type: string }[];
  favourites_count: number;
  reblogs_count: number;
  replies_count: number;
  quotes_count?: number;
};

const auth = (ctx: { accessToken: string }) => ({ Authorization: `Bearer ${ctx.accessToken}` });

/**
 * Without a key from the engine, one derived from what is posted where: a retry of the same
 * post within Mastodon's hour answers the status it already made.
 */
function derivedKey(ctx: AccountContext, input: { text: string; replyToId?: string } & MastodonPostOptions): string {
  const { text, replyToId, visibility, spoilerText, sensitive, language } = input;
  return crypto
    .createHash("sha256")
    .update(
      JSON.stringify([
        instanceOf(ctx),
        ctx.providerAccountId,
        replyToId ?? null,
        text,
        visibility ?? null,
        spoilerText ?? null,
        sensitive ?? null,
        language ?? null,
      ]),
    )
    .digest("base64url");
}

/** Statuses of an account, newest first; the cursor is Mastodon's max_id from the Link header's rel="next". */
async function listStatuses(ctx: AccountContext, cursor: string | null): Promise<PostPage> {
  const accountId = String(ctx.metadata.accountId ?? ctx.providerAccountId.split("@")[0]);
  const q = new URLSearchParams({ limit: "40", exclude_reblogs: "true", ...(cursor ? { max_id: cursor } : {}) });
  const res = await instanceRequest<Status[]>(instanceOf(ctx), {
    method: "GET",
    path: `/api/v1/accounts/${encodeURIComponent(accountId)}/statuses?${q}`,
    headers: auth(ctx),
  });
  const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
  const posts: NativePost[] = res.body
    .filter((s) => !s.reblog)
    .map((s) => ({
      nativeId: s.id,
      content: statusText(s.content),
      title: s.spoiler_text || null,
      permalink: s.url ?? s.uri,
      postedAt: new Date(s.created_at),
      mediaType: s.media_attachments[0]?.type ?? null,
      metrics: {
        likes: s.favourites_count,
        reposts: s.reblogs_count,
        replies: s.replies_count,
        // quotes_count arrived with Mastodon 4.5; servers without it report nothing, not 0
        quotes: typeof s.quotes_count === "number" ? s.quotes_count : null,
        views: null,
        bookmarks: null,
      },
    }));
  return { posts, nextCursor: next && res.body.length > 0 ? new URL(next).searchParams.get("max_id") : null };
}

/** What needs no app registration: every call reads the account's instance from ctx.metadata.instance. */
const accountCalls = {
  provider,
  // Mastodon's tokens do not expire and come without a refresh token.
  canRefresh: () => false,
  async refresh(): Promise<TokenSet> {
    throw new PlatformError(provider, "auth_expired", "Mastodon tokens cannot be refreshed; reconnect the account");
  },

  publishText(ctx: AccountContext, input: { text: string; replyToId?: string; idempotencyKey?: string } & MastodonPostOptions) {
    return postStatus(ctx, { ...input, idempotencyKey: input.idempotencyKey ?? derivedKey(ctx, input) });
  },

  preparePost: prepareMastodonPost,
  preparedStatus: mastodonPreparedStatus,
  publishPrepared: publishMastodonPrepared,

  // A first comment is a reply from the same account, public or as the post's own visibility.
  async comment(ctx: AccountContext, { postId, text }: { postId: string; text: string }) {
    const reply = await postStatus(ctx, { text, replyToId: postId, idempotencyKey: derivedKey(ctx, { text, replyToId: postId }) });
    return { id: reply.id };
  },

  listPosts: listStatuses,

  async deletePost(ctx: AccountContext, nativePostId: string) {
    await instanceRequest(instanceOf(ctx), { method: "DELETE", path: `/api/v1/statuses/${encodeURIComponent(nativePostId)}`, headers: auth(ctx) });
  },
} as const;

const perInstance = () =>
  new PlatformError(provider, "invalid_request", "Mastodon connects through our app on the account's instance: use mastodonAdapterFor(app)");

/** The registry's adapter: OAuth needs the instance's app (mastodonAdapterFor), the rest does not. */
export const mastodonAdapter: MastodonAdapter = {
  ...accountCalls,
  usesPkce: true,
  defaultScopes: [],
  authorizeUrl() {
    throw perInstance();
  },
  async exchangeCode() {
    throw perInstance();
  },
  async identities() {
    throw perInstance();
  },
};

/** The adapter for one instance and our app there (OAuth needs both; the rest reads ctx.metadata.instance). */
export function mastodonAdapterFor(app: MastodonAppRegistration): MastodonAdapter {
  const base = app.instance;
  return {
    ...accountCalls,
    usesPkce: true,
    defaultScopes: app.scopes,

    authorizeUrl({ state, redirectUri, codeChallenge, scopes }) {
      const q = new URLSearchParams({
        response_type: "code",
        client_id: app.clientId,
        redirect_uri: redirectUri,
        scope: (scopes ?? app.scopes).join(" "),
        state,
      });
      if (codeChallenge) {
        q.set("code_challenge", codeChallenge);
        q.set("code_challenge_method", "S256");
      }
      return `${base}/oauth/authorize?${q}`;
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const res = await instanceRequest<{ access_token: string; scope?: string }>(base, {
        method: "POST",
        path: "/oauth/token",
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          client_id: app.clientId,
          client_secret: app.clientSecret,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        }),
      });
      return { accessToken: res.body.access_token, refreshToken: null, expiresAt: null, scopes: res.body.scope?.split(/\s+/).filter(Boolean) };
    },

    async identities(tokens: TokenSet): Promise<ConnectedIdentity[]> {
      const me = (await instanceRequest<Account>(base, { method: "GET", path: "/api/v1/accounts/verify_credentials", headers: auth(tokens) })).body;
      const host = new URL(me.url).host;
      return [
        {
          // ids are per instance: the instance's host keeps two servers' account 1 apart
          providerAccountId: `${me.id}@${host}`,
          username: `${me.username}@${host}`,
          displayName: me.display_name || me.username,
          scopes: tokens.scopes,
          metadata: { instance: base, accountId: me.id, acct: `${me.username}@${host}`, profileUrl: me.url, clientId: app.clientId },
        },
      ];
    },
  };
}

// Bluesky (AT Protocol) through @atproto/api against the account's own server: any PDS, default
// https://bsky.social. Connected with a handle and an app password (bluesky-session.ts), posts
// published under a record key chosen in advance (bluesky-post.ts), read from the repository
// (bluesky-read.ts).
//
// Until "bluesky" is a ProviderName, the adapter is typed as PlatformAdapter apart from its
// provider, plus what Bluesky needs beyond it: connectWithPassword (no OAuth code), refresh with
// the account's metadata (the server to refresh at), and findPublished (settling a lost answer).
import { PlatformError } from "../errors.ts";
import type { AccountContext, PlatformAdapter, PostInput, PreparedPost, PublishedRef, RefreshInput, TokenSet } from "../types.ts";
import { provider } from "./bluesky-errors.ts";
import {
  deleteBlueskyPost,
  findBlueskyPost,
  prepareBlueskyPost,
  publishBlueskyPrepared,
  publishBlueskyText,
  repostOnBluesky,
  type BlueskyPostInput,
} from "./bluesky-post.ts";
import { listBlueskyPosts } from "./bluesky-read.ts";
import { connectWithPassword, refreshSession, type BlueskyConnectInput, type BlueskyConnection } from "./bluesky-session.ts";

export type BlueskyAdapter = Omit<PlatformAdapter, "provider" | "refresh" | "preparePost" | "publishText"> & {
  provider: typeof provider;
  connectWithPassword(input: BlueskyConnectInput): Promise<BlueskyConnection>;
  refresh(input: RefreshInput & { metadata?: Record<string, unknown> }): Promise<TokenSet>;
  publishText(ctx: AccountContext, input: { text: string; replyToId?: string; langs?: string[] }): Promise<PublishedRef>;
  preparePost(ctx: AccountContext, input: PostInput | BlueskyPostInput): Promise<PreparedPost>;
  /** the prepared post if the repository holds it (after a lost answer or a crash mid-submit), else null */
  findPublished(ctx: AccountContext, prepared: PreparedPost): Promise<PublishedRef | null>;
};

const passwordOnly = () =>
  new PlatformError(provider, "invalid_request", "Bluesky connects with a handle and an app password (connectWithPassword), not an authorization code");

export const blueskyAdapter: BlueskyAdapter = {
  provider,
  usesPkce: false,
  defaultScopes: [],
  authorizeUrl() {
    throw passwordOnly();
  },
  async exchangeCode() {
    throw passwordOnly();
  },
  async identities() {
    throw passwordOnly();
  },
  connectWithPassword,
  canRefresh: ({ refreshToken }) => Boolean(refreshToken),
  refresh: refreshSession,

  publishText: publishBlueskyText,
  preparePost: (ctx, input) => prepareBlueskyPost(ctx, input),
  // Blobs are ready once uploaded: the PDS processes neither images nor videos (a video is
  // transcoded by Bluesky's video service after the post appears: docs/platforms/bluesky.md).
  preparedStatus: async () => ({ state: "ready" }),
  publishPrepared: (ctx, prepared) => publishBlueskyPrepared(ctx, prepared),
  findPublished: findBlueskyPost,

  // A first comment is a reply from the same account.
  async comment(ctx, { postId, text }) {
    return { id: (await publishBlueskyText(ctx, { text, replyToId: postId })).id };
  },
  repost: repostOnBluesky,
  deletePost: deleteBlueskyPost,
  listPosts: listBlueskyPosts,
};

// The adapter contract: what every platform adapter offers the rest of the service.
// Adapters speak their platform's real HTTP API (base URLs from config.ts) and throw
// PlatformError (errors.ts) for every failure. They hold no state and touch no database.
import type { ProviderName } from "../domain/accounts/providers.ts";

export type TokenSet = {
  accessToken: string;
  /** undefined: the platform did not send one (keep the stored one); null: there is none */
  refreshToken?: string | null;
  expiresAt?: Date | null;
  refreshTokenExpiresAt?: Date | null;
  /** the scopes actually granted, when the platform reports them */
  scopes?: string[];
};

/** One account the tokens give access to (Facebook: one per Page, each with its Page token). */
export type ConnectedIdentity = {
  providerAccountId: string;
  username: string;
  displayName: string;
  /** instagram: business | creator | unknown */
  accountType?: "business" | "creator" | "unknown";
  /** facebook: the user's tasks on the Page */
  pageTasks?: string[];
  /** tokens of this identity when they differ from the user's (Facebook Page tokens) */
  tokens?: TokenSet;
  scopes?: string[];
  metadata?: Record<string, unknown>;
};

/** Which of our app registrations the connection uses (TikTok has a business-developer app and a Login Kit app). */
export type AppKind = "business" | "login-kit";

export type AuthorizeInput = { state: string; redirectUri: string; codeChallenge?: string; scopes?: string[]; app?: AppKind };
export type ExchangeInput = { code: string; redirectUri: string; codeVerifier?: string; app?: AppKind };
export type RefreshInput = {
  accessToken: string;
  refreshToken: string | null;
  app?: AppKind;
  /** the account's stored metadata (Bluesky: the server its session lives on) */
  metadata?: Record<string, unknown>;
};

/** What an adapter needs to act for a connected account. */
export type AccountContext = {
  accessToken: string;
  providerAccountId: string;
  username: string;
  metadata: Record<string, unknown>;
  /**
   * Bluesky accounts connected with atproto OAuth: the session the agent calls through (DPoP-bound
   * tokens the library keeps and refreshes), in place of accessToken.
   */
  atprotoSession?: { did: string; fetchHandler(url: string, init?: RequestInit): Promise<Response> };
};

/** A post as the platform lists it, with its metrics in the platform's own names (null = unavailable). */
export type NativePost = {
  nativeId: string;
  content: string;
  title?: string | null;
  permalink: string;
  postedAt: Date;
  mediaType?: string | null;
  mediaProductType?: string | null;
  /** platform metric names → value; a missing or null entry means unavailable */
  metrics: Record<string, number | null>;
  /** tiktok: records without a public post are not posts (inbox transfers, processing, private) */
  isPublic?: boolean;
  deleted?: boolean;
};

export type PostPage = { posts: NativePost[]; nextCursor: string | null };

/** Bytes a platform must receive (uploads) or fetch (by URL). */
export type MediaSource = {
  /** time-limited signed GET URL (Meta platforms fetch from it) */
  url: string;
  size: number;
  mimeType: string;
  durationSeconds?: number | null;
  width?: number | null;
  height?: number | null;
  /** bytes [start, end) for chunked uploads */
  readRange(start: number, end: number): Promise<Uint8Array>;
};

export type PublishedRef = { id: string; permalink: string };

export interface OAuthAdapter {
  readonly provider: ProviderName;
  readonly usesPkce: boolean;
  readonly defaultScopes: string[];
  authorizeUrl(input: AuthorizeInput): string;
  /** code → tokens; for Threads, Instagram and Facebook this includes the long-lived exchange */
  exchangeCode(input: ExchangeInput): Promise<TokenSet>;
  identities(tokens: TokenSet, app?: AppKind): Promise<ConnectedIdentity[]>;
  /** false when the platform offers no refresh for this connection (Facebook Page tokens, LinkedIn without a refresh token) */
  canRefresh(input: RefreshInput): boolean;
  refresh(input: RefreshInput): Promise<TokenSet>;
}

export interface ReadAdapter {
  listPosts(ctx: AccountContext, cursor: string | null): Promise<PostPage>;
}

/** Text platforms: one post at a time; a thread replies to the previous post. */
export interface TextAdapter {
  publishText(ctx: AccountContext, input: { text: string; replyToId?: string }): Promise<PublishedRef>;
  repost(ctx: AccountContext, nativePostId: string): Promise<{ id: string }>;
}

/** Platforms whose API deletes a post (Instagram and TikTok offer no such call). */
export interface DeleteAdapter {
  /** Deletes one of the account's own posts; a post already gone is not_found (LinkedIn: success). */
  deletePost(ctx: AccountContext, nativePostId: string): Promise<void>;
}

/** One item of a post's media on a text platform (X, Threads, LinkedIn): its bytes or URL, its kind and alt text. */
export type PostMediaItem = {
  kind: "image" | "video" | "document";
  source: MediaSource;
  /** images: the description screen readers read */
  altText?: string;
  /** documents (LinkedIn): the title shown above the document */
  title?: string;
};

/** One post of a thread with its media, as a text platform is asked to prepare it. */
export type PostInput = {
  text: string;
  replyToId?: string;
  media: PostMediaItem[];
  /** the post's languages (BCP 47), where the platform records them (Bluesky) */
  langs?: string[];
};

/**
 * What preparePost answers: the platform's handles for the post's media (X media ids, LinkedIn
 * URNs, Threads container ids). Plain JSON: it is kept in the job's progress, so a resumed run
 * publishes what an earlier run prepared.
 */
export type PreparedPost = Record<string, unknown>;

export type Readiness = { state: "ready" } | { state: "processing" } | { state: "failed"; reason: string };

/**
 * Posts with media on the text platforms, in three steps a durable job takes one by one:
 * prepare (uploads, containers: nothing public, so a repeat after a crash costs at most an unused
 * upload), wait until the platform has processed the media, then publish: the one call that
 * makes the post public, which the engine makes at most once.
 */
export interface MediaPostAdapter {
  preparePost(ctx: AccountContext, input: PostInput): Promise<PreparedPost>;
  preparedStatus(ctx: AccountContext, prepared: PreparedPost): Promise<Readiness>;
  publishPrepared(ctx: AccountContext, prepared: PreparedPost, input: { text: string; replyToId?: string }): Promise<PublishedRef>;
}

/** A comment by the account on one of its own posts (X and Threads: a reply): a post's first comment. */
export interface CommentAdapter {
  comment(ctx: AccountContext, input: { postId: string; text: string }): Promise<{ id: string }>;
}

/**
 * Platforms whose record is named before it is submitted (Bluesky: a TID record key), so a lost
 * answer or a crash mid-submit is settled by looking the record up: found means published.
 */
export interface LookupAdapter {
  findPublished(ctx: AccountContext, prepared: PreparedPost): Promise<PublishedRef | null>;
}

/** What a user gives to connect without OAuth: an identifier and an app password for their server (Bluesky). */
export type PasswordConnectInput = { identifier: string; appPassword: string; server?: string };

/** Platforms connected with an app password instead of an authorization code. */
export interface PasswordAdapter {
  connectWithPassword(input: PasswordConnectInput): Promise<{ tokens: TokenSet; identity: ConnectedIdentity }>;
}

export type PlatformAdapter = OAuthAdapter &
  ReadAdapter &
  Partial<TextAdapter> &
  Partial<DeleteAdapter> &
  Partial<MediaPostAdapter> &
  Partial<CommentAdapter> &
  Partial<LookupAdapter> &
  Partial<PasswordAdapter>;

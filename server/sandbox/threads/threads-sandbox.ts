// Sandbox Threads (graph.threads.net): OAuth without PKCE (code → 1-hour token → 60-day token,
// refreshable once 24 h old), the profile, TEXT, IMAGE, VIDEO and CAROUSEL containers
// (threads-media.ts) with Meta's status machine, threads_publish with the rolling 24-h caps,
// reposts, the user's threads with Meta cursor paging, and per-post insights. Errors are Meta's {error:{message,type,code,…}}.
import type { Hono } from "hono";
import { appSecretMatches } from "../apps.ts";
import { consentPage } from "../consent.ts";
import { registerMetaAppMode } from "../meta-app-mode.ts";
import { jsonAnswer, bearer, params, type Ctx, type Env, type Kit, type ProviderModule } from "../kit.ts";
import { randomToken, type PlatformObject, type Profile, type SandboxPost, type SandboxState, type Token } from "../state.ts";
import { errorMessageOf, isRefusal, parseFields, planContainer, type Refusal, type ThreadsContainer } from "./threads-media.ts";

const DAY_MS = 24 * 3600_000;
const SHORT_LIVED_SECONDS = 3600;
const LONG_LIVED_SECONDS = 60 * 24 * 3600;
const POST_QUOTA = 250;
const REPLY_QUOTA = 1000;

const knownScopes = [
  "threads_basic",
  "threads_content_publish",
  "threads_manage_replies",
  "threads_read_replies",
  "threads_manage_insights",
  "threads_manage_mentions",
  "threads_keyword_search",
  "threads_delete",
];
const insightNames = ["views", "likes", "replies", "reposts", "quotes", "shares"];
// The profile fields of https://developers.facebook.com/docs/threads/threads-profiles (is_verified included).
const profileFields = ["id", "username", "name", "threads_profile_picture_url", "threads_biography", "is_verified"];
const containerFields = ["id", "status", "error_message"];
const mediaFieldNames = [
  "id",
  "media_product_type",
  "media_type",
  "text",
  "permalink",
  "shortcode",
  "timestamp",
  "username",
  "owner",
  "is_quote_post",
  "is_reply",
  "replied_to",
  "root_post",
  "reposted_post",
  "alt_text",
  "children",
];
const childFieldNames = ["id", "media_product_type", "media_type", "alt_text", "timestamp", "username", "owner"];
const limitFields = ["quota_usage", "config", "reply_quota_usage", "reply_config"];

type GraphError = {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
};

function graphError(status: number, error: GraphError, headers: Record<string, string> = {}): Response {
  return jsonAnswer({ error: { type: "THApiException", ...error, fbtrace_id: randomToken(9) } }, { status, headers });
}

const oauthError = (message: string) => graphError(400, { type: "OAuthException", code: 100, message });

const refusalOf = ({ refusal: r }: Refusal) =>
  graphError(400, {
    code: r.code,
    message: r.message,
    ...(r.subcode ? { error_subcode: r.subcode } : {}),
    ...(r.title ? { error_user_title: r.title } : {}),
    ...(r.userMsg ? { error_user_msg: r.userMsg } : {}),
  });

const isContainer = (o: PlatformObject | undefined, profileId: string): o is PlatformObject & { type: "container" } =>
  !!o && o.provider === "threads" && o.type === "container" && o.profileId === profileId;

export const threadsSandbox: ProviderModule = {
  provider: "threads",
  // Meta takes the token as a Bearer header or as the access_token parameter (query or form).
  tokenOf: async (c) => bearer(c) ?? (await params(c)).access_token,
  error(kind, d = {}) {
    switch (kind) {
      case "expired_token":
        return graphError(
          400,
          { type: "OAuthException", code: 190, error_subcode: 463, message: "Error validating access token: Session has expired." },
          { "www-authenticate": 'OAuth "Facebook Platform" "invalid_token" "Error validating access token"' },
        );
      case "invalid_token":
        return graphError(
          400,
          { type: "OAuthException", code: 190, message: "Invalid OAuth access token - Cannot parse access token" },
          { "www-authenticate": 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token"' },
        );
      case "missing_scope":
        return graphError(403, {
          type: "OAuthException",
          code: 10,
          message: "Application does not have permission for this action",
          error_user_msg: d.message,
        });
      case "rate_limit": {
        // Meta says when access returns in X-Business-Use-Case-Usage (minutes), not in Retry-After.
        const minutes = Math.max(1, Math.ceil((d.retryAfterSeconds ?? 60) / 60));
        const usage = { type: "threads", call_count: 100, total_cputime: 100, total_time: 100, estimated_time_to_regain_access: minutes };
        return graphError(
          400,
          { code: 4, message: "Application request limit reached", is_transient: true },
          {
            "x-app-usage": JSON.stringify({ call_count: 100, total_cputime: 100, total_time: 100 }),
            "x-business-use-case-usage": JSON.stringify({ threads: [usage] }),
          },
        );
      }
      case "quota":
        // Threads' code for its publishing cap is undocumented; this is Instagram's (code 9, subcode 2207042).
        return graphError(400, {
          code: 9,
          error_subcode: 2207042,
          message: d.message ?? `The profile reached its limit of ${POST_QUOTA} API-published posts in 24 hours`,
          error_user_title: "Publishing limit reached",
        });
      case "server_error":
        return graphError(500, { code: 2, message: "An unexpected error has occurred. Please retry your request later.", is_transient: true });
      case "content":
        return graphError(400, {
          code: 100,
          error_subcode: 2207051,
          message: d.message ?? "We restrict certain activity to protect our community.",
          error_user_title: "Action is blocked",
        });
      case "media":
        return graphError(400, { code: 9004, error_subcode: 2207052, message: d.message ?? "The media could not be fetched from this URI" });
      case "not_found":
        return graphError(400, {
          code: 100,
          error_subcode: 33,
          message:
            d.message ?? "Unsupported request: the object does not exist, cannot be loaded due to missing permissions, or does not support this operation",
        });
      default:
        return graphError(400, { code: 100, message: d.message ?? "Invalid parameter" });
    }
  },

  register(app, kit) {
    registerOAuth(app, kit);
    registerApi(app, kit);
  },
};

const m = threadsSandbox;

function registerOAuth(app: Hono<Env>, kit: Kit) {
  const { state } = kit;
  const refuseNonRole = registerMetaAppMode(app, "threads");

  kit.authorizePage(app, m, "/threads/oauth/authorize", "oauth.authorize", (c) => {
    const q = c.req.query();
    const scopes = (q.scope ?? "").split(/[\s,]+/).filter(Boolean);
    if (q.response_type !== "code" || !q.client_id || !q.redirect_uri || !URL.canParse(q.redirect_uri) || scopes.length === 0) {
      return c.text("Invalid request: client_id, redirect_uri, scope and response_type=code are required.", 400);
    }
    const unknown = scopes.filter((s) => !knownScopes.includes(s));
    if (unknown.length > 0) return c.text(`Invalid Scopes: ${unknown.join(", ")}`, 400);
    if (!scopes.includes("threads_basic")) return c.text("Invalid Scopes: threads_basic is required.", 400);
    return consentPage(c, state, { provider: "threads", clientId: q.client_id, redirectUri: q.redirect_uri, state: q.state, scopes, refuse: refuseNonRole });
  });

  // Code → short-lived token (1 h). The code is single use and bound to the app and redirect URI.
  kit.open(app, m, "POST", "/threads/graph/oauth/access_token", "oauth.access_token", async (c) => {
    const f = await params(c);
    if (f.grant_type !== "authorization_code") return oauthError("Unsupported grant_type: use authorization_code");
    if (!f.client_secret) return oauthError("Missing client_secret parameter");
    const grant = state.takeGrant(f.code ?? "");
    if (!grant || grant.provider !== "threads") return oauthError("Matching code was not found or was already used");
    if (grant.clientId !== f.client_id) return oauthError("Error validating application. Invalid application ID.");
    if (grant.redirectUri !== f.redirect_uri)
      return oauthError("Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request");
    const token = state.issueToken({
      kind: "short",
      provider: "threads",
      clientId: grant.clientId,
      profileId: grant.profileId,
      scopes: grant.scopes,
      expiresAt: Date.now() + kit.accessTtl(SHORT_LIVED_SECONDS) * 1000,
      prefix: "THAA",
    });
    return c.json({ access_token: token.value, user_id: Number(grant.profileId) });
  });

  // An app access token from the app id and secret alone
  // (developers.facebook.com/documentation/threads/get-started/app-access-tokens): GET, answers
  // {access_token: "TH|<APP_ID>|…", token_type: "bearer"}. A wrong secret gets Graph's OAuthException
  // code 1 "Error validating client secret." (Graph error format:
  // developers.facebook.com/docs/graph-api/guides/error-handling).
  kit.open(app, m, "GET", "/threads/graph/oauth/access_token", "oauth.app_access_token", (c) => {
    const q = c.req.query();
    if (q.grant_type !== "client_credentials") return oauthError("Unsupported grant_type: use client_credentials");
    if (!q.client_id) return graphError(400, { type: "OAuthException", code: 101, message: "Error validating application. Invalid application ID." });
    if (!appSecretMatches(q.client_id, q.client_secret))
      return graphError(400, { type: "OAuthException", code: 1, message: "Error validating client secret." });
    return c.json({ access_token: `TH|${q.client_id}|${randomToken(24)}`, token_type: "bearer" });
  });

  // Short-lived → long-lived (60 days).
  kit.open(app, m, "GET", "/threads/graph/access_token", "oauth.exchange", (c) => {
    const q = c.req.query();
    if (q.grant_type !== "th_exchange_token") return oauthError("Unsupported grant_type: use th_exchange_token");
    if (!q.client_secret) return oauthError("Missing client_secret parameter");
    const short = state.checkToken("threads", q.access_token, ["short"]);
    if (short === "expired") return m.error("expired_token");
    if (typeof short === "string") return m.error("invalid_token");
    return c.json(issueLongLived(kit, short));
  });

  // A long-lived token at least 24 h old and unexpired → a new 60-day token. There is no refresh token.
  kit.open(app, m, "GET", "/threads/graph/refresh_access_token", "oauth.refresh", (c) => {
    const q = c.req.query();
    if (q.grant_type !== "th_refresh_token") return oauthError("Unsupported grant_type: use th_refresh_token");
    const token = state.checkToken("threads", q.access_token, ["access"]);
    if (token === "expired") return m.error("expired_token");
    if (typeof token === "string") return m.error("invalid_token");
    if (Date.now() - token.issuedAt < DAY_MS) return oauthError("The access token can be refreshed only once it is at least 24 hours old");
    return c.json(issueLongLived(kit, token));
  });
}

function issueLongLived(kit: Kit, from: Token) {
  const ttl = kit.accessTtl(LONG_LIVED_SECONDS);
  const token = kit.state.issueToken({
    kind: "access",
    provider: "threads",
    clientId: from.clientId,
    profileId: from.profileId,
    scopes: from.scopes,
    expiresAt: Date.now() + ttl * 1000,
    family: from.family,
    prefix: "THAA",
  });
  return { access_token: token.value, token_type: "bearer", expires_in: ttl };
}

function registerApi(app: Hono<Env>, kit: Kit) {
  const { state } = kit;
  const publish = [["threads_basic", "threads_content_publish"]];

  /** The {user-id} of a path: "me" or the token's own profile; anyone else's is not visible. */
  const userOf = (c: Ctx, token: Token): Profile | undefined => {
    const id = c.req.param("user");
    return id === "me" || id === token.profileId ? state.profile(token.profileId) : undefined;
  };
  const noUser = (c: Ctx) =>
    m.error("not_found", {
      message: `Object with ID '${c.req.param("user")}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
    });
  const threadsPosts = (profileId: string) => state.posts({ provider: "threads", profileId });
  /** API-published posts (or replies) of the last 24 hours: the rolling windows of the caps. */
  const usage = (profileId: string, replies: boolean) =>
    threadsPosts(profileId).filter((p) => p.kind !== "repost" && Boolean(p.replyTo) === replies && Date.parse(p.createdAt) > Date.now() - DAY_MS).length;
  const rootOf = (post: SandboxPost): SandboxPost => {
    const parent = post.replyTo ? state.post(post.replyTo) : undefined;
    return parent ? rootOf(parent) : post;
  };
  /**
   * A media node's requested fields, `children` as an edge ({data:[{id,…}]}, with nested fields
   * as in children{id,media_type,alt_text}); Meta's error for a field the node lacks. Without a
   * post, only checks the fields.
   */
  const selectMedia = (post: SandboxPost | undefined, value: string | undefined): Record<string, unknown> | Response => {
    const parsed = parseFields(value, mediaFieldNames);
    if ("unknown" in parsed) return m.error("invalid_request", { message: `Tried accessing nonexisting field (${parsed.unknown})` });
    const badChild = parsed.flatMap((f) => f.sub ?? []).find((f) => !childFieldNames.includes(f));
    if (badChild) return m.error("invalid_request", { message: `Tried accessing nonexisting field (${badChild})` });
    if (!post) return {};
    const all = mediaOf(post, rootOf);
    const out: Record<string, unknown> = { id: post.id };
    for (const { name, sub } of parsed) {
      if (name === "children") {
        const ids = post.extra.children as string[] | undefined;
        if (ids) out.children = { data: ids.map((id) => pick(childOf(state.object(id)!, post), sub ?? ["id"])) };
      } else if (name in all) out[name] = all[name];
    }
    return out;
  };

  kit.route(
    app,
    m,
    "GET",
    "/threads/graph/v1.0/me",
    "me",
    (c, token) => {
      const fields = fieldsOf(c.req.query("fields"), profileFields);
      if (fields instanceof Response) return fields;
      const p = state.profile(token.profileId)!;
      // Sandbox users have no profile picture (the field is then left out) and are not verified.
      return c.json(pick({ id: p.id, username: p.username, name: p.displayName, threads_biography: "", is_verified: false }, fields));
    },
    [["threads_basic"]],
  );

  kit.route(
    app,
    m,
    "POST",
    "/threads/graph/v1.0/:user/threads",
    "threads.create",
    async (c, token) => {
      const profile = userOf(c, token);
      if (!profile) return noUser(c);
      const f = await params(c);
      const replyTo = f.reply_to_id || undefined;
      if (replyTo && f.is_carousel_item !== "true") {
        const parent = state.post(replyTo);
        if (!parent || parent.provider !== "threads" || parent.kind === "repost")
          return m.error("not_found", { message: `Param reply_to_id: object with ID '${replyTo}' does not exist` });
        // Replying needs the root post to be one's own, or a mentions/keyword-search permission.
        const mayReplyAnywhere = token.scopes.some((s) => s === "threads_manage_mentions" || s === "threads_keyword_search");
        if (rootOf(parent).profileId !== profile.id && !mayReplyAnywhere)
          return m.error("missing_scope", { message: "You can reply only within threads whose root post you own" });
      }
      const plan = await planContainer(kit, f, (id) => {
        const child = state.object(id);
        return isContainer(child, profile.id) ? { data: child.data as ThreadsContainer, status: containerStatus(child) } : undefined;
      });
      if (isRefusal(plan)) return refusalOf(plan);
      const fault = kit.processingFault("threads", "threads.create", token.profileId);
      const container = state.addObject({
        provider: "threads",
        profileId: profile.id,
        type: "container",
        data: { ...plan.data, ...(replyTo && !plan.data.isCarouselItem ? { replyTo } : {}) },
        media: plan.media,
        ...fault,
        ...(plan.failure ? { failure: plan.failure } : {}),
      });
      return c.json({ id: container.id });
    },
    publish,
  );

  kit.route(
    app,
    m,
    "GET",
    "/threads/graph/v1.0/:user/threads",
    "threads.list",
    (c, token) => {
      const profile = userOf(c, token);
      if (!profile) return noUser(c);
      const q = c.req.query();
      const checked = selectMedia(undefined, q.fields);
      if (checked instanceof Response) return checked;
      const limit = Math.min(100, Math.max(1, Number(q.limit) || 25));
      const after = q.after ? Buffer.from(q.after, "base64url").toString() : undefined;
      if (after !== undefined && !/^\d+$/.test(after)) return m.error("invalid_request", { message: "Invalid cursor" });
      // Top-level posts and reposts, newest first; replies live on the replies edge.
      const all = threadsPosts(profile.id)
        .filter((p) => !p.replyTo && !p.deleted && (after === undefined || BigInt(p.id) < BigInt(after)))
        .reverse();
      const page = all.slice(0, limit);
      if (page.length === 0) return c.json({ data: [] });
      const cursor = (id: string) => Buffer.from(id).toString("base64url");
      const next = new URL(c.req.url);
      next.searchParams.set("after", cursor(page.at(-1)!.id));
      next.searchParams.delete("before");
      return c.json({
        data: page.map((p) => selectMedia(p, q.fields) as Record<string, unknown>),
        paging: {
          cursors: { before: cursor(page[0]!.id), after: cursor(page.at(-1)!.id) },
          ...(all.length > limit ? { next: kit.baseUrl + next.pathname + next.search } : {}),
        },
      });
    },
    [["threads_basic"]],
  );

  kit.route(
    app,
    m,
    "POST",
    "/threads/graph/v1.0/:user/threads_publish",
    "threads.publish",
    async (c, token) => {
      const profile = userOf(c, token);
      if (!profile) return noUser(c);
      const f = await params(c);
      const container = state.object(f.creation_id ?? "");
      if (!isContainer(container, profile.id)) {
        return m.error("not_found", { message: `Param creation_id: object with ID '${f.creation_id ?? ""}' does not exist` });
      }
      const data = container.data as ThreadsContainer;
      if (data.isCarouselItem) return m.error("invalid_request", { message: "A carousel item is published through its CAROUSEL container" });
      const status = containerStatus(container);
      if (status === "IN_PROGRESS") {
        return graphError(400, {
          code: 9007,
          error_subcode: 2207027,
          message: "Media ID is not available",
          error_user_title: "Media not ready",
          error_user_msg: "The media is not ready for publishing, please wait for a moment",
        });
      }
      if (status !== "FINISHED") return m.error("invalid_request", { message: `The media container is ${status} and cannot be published` });
      // Items shared with a carousel published meanwhile are spent.
      const spent = (data.children ?? []).find((id) => (state.object(id)?.data as ThreadsContainer | undefined)?.mediaId);
      if (spent) return m.error("invalid_request", { message: `Carousel item ${spent} was already published` });
      const replyTo = data.replyTo;
      if (usage(profile.id, Boolean(replyTo)) >= (replyTo ? REPLY_QUOTA : POST_QUOTA)) {
        return m.error("quota", replyTo ? { message: `The profile reached its limit of ${REPLY_QUOTA} API-published replies in 24 hours` } : {});
      }
      const post = publishContainer(state, profile, container);
      return c.json({ id: post.id });
    },
    publish,
  );

  kit.route(
    app,
    m,
    "GET",
    "/threads/graph/v1.0/:user/threads_publishing_limit",
    "threads.publishing_limit",
    (c, token) => {
      const profile = userOf(c, token);
      if (!profile) return noUser(c);
      const fields = fieldsOf(c.req.query("fields"), limitFields, ["quota_usage", "config"]);
      if (fields instanceof Response) return fields;
      const all = {
        quota_usage: usage(profile.id, false),
        config: { quota_total: POST_QUOTA, quota_duration: DAY_MS / 1000 },
        reply_quota_usage: usage(profile.id, true),
        reply_config: { quota_total: REPLY_QUOTA, quota_duration: DAY_MS / 1000 },
      };
      return c.json({ data: [Object.fromEntries(fields.map((f) => [f, all[f as keyof typeof all]]))] });
    },
    publish,
  );

  // Threads shows one repost per user and post: reposting again answers the existing repost.
  kit.route(
    app,
    m,
    "POST",
    "/threads/graph/v1.0/:id/repost",
    "threads.repost",
    (c, token) => {
      const target = state.post(c.req.param("id") ?? "");
      if (!target || target.provider !== "threads" || target.kind === "repost")
        return m.error("not_found", { message: `Object with ID '${c.req.param("id")}' does not exist` });
      const profile = state.profile(token.profileId)!;
      const existing = threadsPosts(profile.id).find((p) => p.kind === "repost" && p.extra.repostOf === target.id);
      if (existing) return c.json({ id: existing.id });
      const repost = state.addPost({
        provider: "threads",
        profileId: profile.id,
        username: profile.username,
        kind: "repost",
        text: "",
        media: [],
        extra: { repostOf: target.id },
        permalink: () => target.permalink,
      });
      return c.json({ id: repost.id });
    },
    publish,
  );

  kit.route(
    app,
    m,
    "GET",
    "/threads/graph/v1.0/:id/insights",
    "threads.insights",
    (c, token) => {
      const post = state.post(c.req.param("id") ?? "");
      if (!post || post.provider !== "threads" || post.kind === "repost" || post.profileId !== token.profileId) {
        return m.error("not_found", {
          message: `Object with ID '${c.req.param("id")}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
        });
      }
      const metrics = (c.req.query("metric") ?? "").split(",").filter(Boolean);
      if (metrics.length === 0 || metrics.some((name) => !insightNames.includes(name))) {
        return m.error("invalid_request", { message: `Param metric must be one or more of: ${insightNames.join(", ")}` });
      }
      return c.json({
        data: metrics.map((name) => ({
          name,
          period: "lifetime",
          values: [{ value: post.metrics[name] }],
          title: name[0]!.toUpperCase() + name.slice(1),
          id: `${post.id}/insights/${name}/lifetime`,
        })),
      });
    },
    [["threads_basic", "threads_manage_insights"]],
  );

  // DELETE /{threads-media-id} with threads_delete answers {success, deleted_id}; only the
  // authenticated user's own posts (developers.facebook.com/docs/threads/posts/delete-posts).
  kit.route(
    app,
    m,
    "DELETE",
    "/threads/graph/v1.0/:id",
    "threads.delete",
    (c, token) => {
      const id = c.req.param("id") ?? "";
      const post = state.post(id);
      if (!post || post.provider !== "threads" || post.deleted || post.profileId !== token.profileId) {
        return m.error("not_found", {
          message: `Unsupported delete request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
        });
      }
      post.deleted = true;
      state.changed();
      return c.json({ success: true, deleted_id: id });
    },
    [["threads_basic", "threads_delete"]],
  );

  // One id space for containers (their status) and published media (their fields).
  kit.route(
    app,
    m,
    "GET",
    "/threads/graph/v1.0/:id",
    "threads.object",
    (c, token) => {
      const id = c.req.param("id") ?? "";
      const object = state.object(id);
      if (isContainer(object, token.profileId)) {
        const fields = fieldsOf(c.req.query("fields"), containerFields);
        if (fields instanceof Response) return fields;
        const status = containerStatus(object);
        return c.json(pick({ id, status, ...(status === "ERROR" ? { error_message: errorMessageOf(object) } : {}) }, fields));
      }
      // A carousel's child: a media of its own, readable by the id the carousel's children list.
      if (object && object.provider === "threads" && object.type === "carousel_child") {
        const parent = state.post(String(object.data.parentId));
        if (!parent || parent.deleted) return m.error("not_found", { message: `Object with ID '${id}' does not exist` });
        const fields = fieldsOf(c.req.query("fields"), childFieldNames);
        if (fields instanceof Response) return fields;
        return c.json(pick(childOf(object, parent), fields));
      }
      const post = state.post(id);
      if (!post || post.provider !== "threads" || post.deleted) return m.error("not_found", { message: `Object with ID '${id}' does not exist` });
      const node = selectMedia(post, c.req.query("fields"));
      return node instanceof Response ? node : c.json(node);
    },
    [["threads_basic"]],
  );
}

const mediaTypeOf = { TEXT: "TEXT_POST", IMAGE: "IMAGE", VIDEO: "VIDEO", CAROUSEL: "CAROUSEL_ALBUM" } as const;

/**
 * The container becomes a post with its media as Threads stores them: an IMAGE or VIDEO post, or
 * a CAROUSEL_ALBUM whose children are media of their own (readable by id), in order.
 */
function publishContainer(state: SandboxState, profile: Profile, container: PlatformObject): SandboxPost {
  const data = container.data as ThreadsContainer;
  const items = (data.children ?? []).map((id) => state.object(id)!);
  const own = data.mediaType === "IMAGE" || data.mediaType === "VIDEO" ? [container] : [];
  const post = state.addPost({
    provider: "threads",
    profileId: profile.id,
    username: profile.username,
    kind: data.replyTo ? "reply" : "post",
    text: data.text,
    replyTo: data.replyTo,
    media: [...own, ...items].map((o) => ({ ...o.media!, type: (o.data as ThreadsContainer).mediaType === "VIDEO" ? "video" : "image" })),
    extra: { containerId: container.id, mediaType: mediaTypeOf[data.mediaType], ...(data.altText !== undefined ? { altText: data.altText } : {}) },
    permalink: (id) => `https://www.threads.net/@${profile.username}/post/${shortcode(id)}`,
  });
  if (items.length > 0) {
    post.extra.children = items.map((item) => {
      const d = item.data as ThreadsContainer;
      const child = state.addObject({
        provider: "threads",
        profileId: profile.id,
        type: "carousel_child",
        processingMs: 0,
        media: item.media,
        data: { parentId: post.id, mediaType: d.mediaType, altText: d.altText, containerId: item.id },
      });
      d.mediaId = child.id;
      return child.id;
    });
  }
  data.mediaId = post.id;
  state.changed();
  return post;
}

/** IN_PROGRESS until processed; then ERROR, or FINISHED until published or 24 h have passed. */
function containerStatus(o: PlatformObject): "IN_PROGRESS" | "FINISHED" | "PUBLISHED" | "ERROR" | "EXPIRED" {
  if (o.data.mediaId) return "PUBLISHED";
  if (Date.now() < o.readyAt) return "IN_PROGRESS";
  if (o.failure) return "ERROR";
  return Date.now() - o.createdAt > DAY_MS ? "EXPIRED" : "FINISHED";
}

function mediaOf(p: SandboxPost, rootOf: (p: SandboxPost) => SandboxPost): Record<string, unknown> {
  const repost = p.kind === "repost";
  return {
    id: p.id,
    media_product_type: "THREADS",
    media_type: repost ? "REPOST_FACADE" : ((p.extra.mediaType as string | undefined) ?? "TEXT_POST"),
    ...(typeof p.extra.altText === "string" ? { alt_text: p.extra.altText } : {}),
    ...(repost ? { reposted_post: { id: p.extra.repostOf } } : { text: p.text }),
    permalink: p.permalink,
    shortcode: shortcode(p.id),
    timestamp: `${p.createdAt.slice(0, 19)}+0000`,
    username: p.username,
    owner: { id: p.profileId },
    is_quote_post: false,
    is_reply: Boolean(p.replyTo),
    ...(p.replyTo ? { replied_to: { id: p.replyTo }, root_post: { id: rootOf(p).id } } : {}),
  };
}

/** A carousel child as a media node: its own type and alt text, the carousel's time and owner. */
function childOf(o: PlatformObject, parent: SandboxPost): Record<string, unknown> {
  return {
    id: o.id,
    media_product_type: "THREADS",
    media_type: o.data.mediaType,
    ...(typeof o.data.altText === "string" ? { alt_text: o.data.altText } : {}),
    timestamp: `${parent.createdAt.slice(0, 19)}+0000`,
    username: parent.username,
    owner: { id: parent.profileId },
  };
}

/** The requested fields (default: only id), or Meta's error for a field that does not exist. */
function fieldsOf(value: string | undefined, known: string[], fallback = ["id"]): string[] | Response {
  const fields = value
    ? value
        .split(",")
        .map((f) => f.trim())
        .filter(Boolean)
    : fallback;
  const unknown = fields.find((f) => !known.includes(f));
  return unknown ? m.error("invalid_request", { message: `Tried accessing nonexisting field (${unknown})` }) : fields;
}

function pick(object: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([k]) => k === "id" || fields.includes(k)));
}

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Instagram-style shortcode: the media id in base 64, as Threads permalinks use. */
function shortcode(id: string): string {
  let n = BigInt(id);
  let out = "";
  do {
    out = alphabet[Number(n % 64n)] + out;
    n /= 64n;
  } while (n > 0n);
  return out;
}

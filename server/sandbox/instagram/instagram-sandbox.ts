// Sandbox Instagram (Instagram API with Instagram Login, graph.instagram.com): OAuth without PKCE
// (short-lived code exchange, 60-day token, self-refresh after 24 h), /me, media containers that
// fetch their media from URLs and process asynchronously (IN_PROGRESS → FINISHED → PUBLISHED, or
// ERROR, or EXPIRED after 24 h), media_publish with the 100-per-24-h limit, the publishing limit,
// the account's media with cursor paging, media insights, and comments on the account's media
// (instagram-comments.ts). Errors are Meta's error envelope.
import crypto from "node:crypto";
import { consentPage } from "../consent.ts";
import { registerMetaAppMode } from "../meta-app-mode.ts";
import { registerInstagramComments } from "./instagram-comments.ts";
import { invalid, isRefusal, metaError, notReady, planContainer, refuse, type ContainerData, type Refusal } from "./instagram-media.ts";
import { jsonAnswer, bearer, params, type ErrorKind, type ProviderModule } from "../kit.ts";
import type { PlatformObject, Profile, SandboxPost, SandboxState, Token } from "../state.ts";

const SHORT_LIVED_SECONDS = 3600;
const LONG_LIVED_SECONDS = 60 * 86400;
const DAY_MS = 86400_000;
const PUBLISH_LIMIT = 100;
/** Insights lag behind a new post (Meta: up to 48 h); the sandbox compresses that to a second. */
const INSIGHTS_DELAY_MS = 1000;
const G = "/instagram/graph";
const V = ":version{v\\d+\\.\\d+}";
const scopeNames = [
  "instagram_business_basic",
  "instagram_business_content_publish",
  "instagram_business_manage_insights",
  "instagram_business_manage_comments",
  "instagram_business_manage_messages",
];
const BASIC = "instagram_business_basic";
const PUBLISH = [[BASIC, "instagram_business_content_publish"]];

const noObject = (id: string, verb = "get") =>
  metaError({
    code: 100,
    subcode: 33,
    message: `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  });
/** api.instagram.com still answers the older flat error shape. */
const legacyError = (message: string) => jsonAnswer({ error_type: "OAuthException", code: 400, error_message: message }, { status: 400 });

const errors: Record<ErrorKind, (d: { message?: string; retryAfterSeconds?: number }) => Response> = {
  expired_token: () =>
    metaError({
      code: 190,
      subcode: 463,
      message: `Error validating access token: Session has expired. The current time is ${Math.floor(Date.now() / 1000)}.`,
    }),
  invalid_token: () => metaError({ code: 190, message: "Invalid OAuth access token - Cannot parse access token" }),
  // code 10, "API Permission Denied": developers.facebook.com/docs/graph-api/guides/error-handling
  missing_scope: (d) => metaError({ code: 10, message: `(#10) Application does not have permission for this action${d.message ? ` (${d.message})` : ""}` }),
  rate_limit: (d) => {
    const minutes = Math.max(1, Math.ceil((d.retryAfterSeconds ?? 60) / 60));
    const usage = { instagram: [{ type: "instagram", call_count: 100, total_cputime: 25, total_time: 25, estimated_time_to_regain_access: minutes }] };
    return metaError({
      code: 80002,
      message: "There have been too many calls to this Instagram account. Wait a bit and try again.",
      transient: true,
      headers: { "x-business-use-case-usage": JSON.stringify(usage) },
    });
  },
  quota: () =>
    metaError({
      code: 9,
      subcode: 2207042,
      message: "Application request limit reached",
      userMsg: "You have reached the maximum number of posts that can be published through the API in 24 hours.",
    }),
  server_error: () => metaError({ code: 2, message: "An unexpected error has occurred. Please retry your request later.", status: 500, transient: true }),
  content: (d) =>
    metaError({
      code: 4,
      subcode: 2207051,
      message: "Application request limit reached",
      userMsg: d.message ?? "We restrict certain activity to protect our community.",
    }),
  media: (d) =>
    metaError({ code: 9004, subcode: 2207052, message: "Media download has failed. The media URI doesn't meet our requirements.", userMsg: d.message }),
  invalid_request: (d) => invalid(d.message ?? "Invalid parameter"),
  not_found: (d) => noObject(d.message ?? "unknown"),
};

/** What a new token inherits from the one it replaces (same grant, same revocation family). */
const grantOf = (t: Token) => ({ provider: t.provider, clientId: t.clientId, profileId: t.profileId, scopes: t.scopes, family: t.family });

const professional = (p: Profile) => p.accountType === "BUSINESS" || p.accountType === "MEDIA_CREATOR";
const notProfessional = () => metaError({ code: 10, message: "(#10) The user is not an Instagram Business or Creator account" });

/** Graph answers `id` plus the fields asked for; asking for a field the node lacks is an error. */
function pick(node: Record<string, unknown>, fields: string | undefined, nodeType: string): Record<string, unknown> | Refusal {
  const out: Record<string, unknown> = { id: node.id };
  for (const f of (fields ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(f in node)) return refuse(invalid(`Tried accessing nonexisting field (${f}) on node type (${nodeType})`));
    if (node[f] !== undefined) out[f] = node[f];
  }
  return out;
}

/** Meta's timestamps: 2024-05-01T10:00:00+0000. */
const metaTime = (d: Date | number | string) => new Date(d).toISOString().replace(/\.\d{3}Z$/, "+0000");

/** Instagram shortcodes are the media id in base 64 (A–Z a–z 0–9 - _). */
function shortcodeOf(id: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let n = BigInt(id);
  let code = "";
  for (; n > 0n; n /= 64n) code = alphabet[Number(n % 64n)] + code;
  return code;
}

function permalinkOf(kind: ContainerData["kind"], username: string, id: string): string {
  if (kind === "STORIES") return `https://www.instagram.com/stories/${username}/${id}/`;
  return `https://www.instagram.com/${kind === "REELS" ? "reel" : "p"}/${shortcodeOf(id)}/`;
}

/** The Instagram-scoped user id (`id`), distinct from the professional account id (`user_id`). */
const appScopedId = (profileId: string, clientId: string) =>
  BigInt(`0x${crypto.createHash("sha256").update(`${clientId}:${profileId}`).digest("hex").slice(0, 13)}`).toString();

const isContainer = (o: PlatformObject | undefined, profileId: string): o is PlatformObject & { data: ContainerData } =>
  !!o && o.provider === "instagram" && o.type === "container" && o.profileId === profileId;

function containerStatus(state: SandboxState, o: PlatformObject & { data: ContainerData }): [string, string] {
  if (o.data.publishedMediaId) return ["PUBLISHED", "Published: Media has been published."];
  if (Date.now() - o.createdAt >= DAY_MS) return ["EXPIRED", "Expired: The media container was not published within 24 hours."];
  if (!state.objectReady(o)) return ["IN_PROGRESS", "In Progress: Media is still being processed."];
  if (o.failure) return ["ERROR", `Error: ${o.failure}`];
  return ["FINISHED", "Finished: Media has been uploaded and it is ready to be published."];
}

function mediaNode(post: SandboxPost): Record<string, unknown> {
  const x = post.extra as { mediaType: string; mediaProductType: string; shortcode: string; shareToFeed?: boolean };
  return {
    id: post.id,
    caption: post.text || undefined,
    media_type: x.mediaType,
    media_product_type: x.mediaProductType,
    permalink: post.permalink,
    shortcode: x.shortcode,
    timestamp: metaTime(post.createdAt),
    username: post.username,
    like_count: post.metrics.likes,
    comments_count: post.metrics.replies,
    is_shared_to_feed: x.shareToFeed,
  };
}

/** Insight metrics each product type offers, and their values from the post's counters. */
const insightValues: Record<string, (m: Record<string, number>) => number> = {
  views: (m) => m.views!,
  reach: (m) => m.reach!,
  likes: (m) => m.likes!,
  comments: (m) => m.replies!,
  shares: (m) => m.shares!,
  saved: (m) => m.saves!,
  replies: (m) => m.replies!,
  total_interactions: (m) => m.likes! + m.replies! + m.shares! + m.saves!,
};
const metricsFor: Record<string, string[]> = {
  FEED: ["views", "reach", "likes", "comments", "shares", "saved", "total_interactions"],
  REELS: ["views", "reach", "likes", "comments", "shares", "saved", "total_interactions"],
  STORY: ["views", "reach", "shares", "replies", "total_interactions"],
};
const retiredMetrics = ["impressions", "plays", "video_views", "clips_replays_count", "ig_reels_aggregated_all_plays_count"];

export const instagramSandbox: ProviderModule = {
  provider: "instagram",
  async tokenOf(c) {
    return bearer(c) ?? (await params(c)).access_token;
  },
  error: (kind, d = {}) => errors[kind](d),

  register(app, kit) {
    const { state } = kit;
    const m = instagramSandbox;
    const owner = (token: { profileId: string }) => state.profile(token.profileId)!;
    const refuseNonRole = registerMetaAppMode(app, "instagram");

    kit.authorizePage(app, m, "/instagram/oauth/authorize", "oauth.authorize", (c) => {
      const q = c.req.query();
      const scopes = (q.scope ?? "").split(/[\s,]+/).filter(Boolean);
      const unknown = scopes.filter((s) => !scopeNames.includes(s));
      if (q.response_type !== "code" || !q.client_id || !q.redirect_uri)
        return c.text("Invalid Request: response_type=code, client_id and redirect_uri are required.", 400);
      if (unknown.length > 0) return c.text(`Invalid Scopes: ${unknown.join(", ")}`, 400);
      if (!scopes.includes(BASIC)) return c.text(`Invalid Request: the scope must include ${BASIC}.`, 400);
      return consentPage(c, state, {
        provider: "instagram",
        clientId: q.client_id,
        redirectUri: q.redirect_uri,
        state: q.state,
        scopes,
        refuse: refuseNonRole,
      });
    });

    kit.open(app, m, "POST", "/instagram/api/oauth/access_token", "oauth.access_token", async (c) => {
      const f = await params(c);
      for (const k of ["client_id", "client_secret", "grant_type", "redirect_uri", "code"]) if (!f[k]) return legacyError(`You must provide a ${k}`);
      if (f.grant_type !== "authorization_code") return legacyError("Invalid grant_type");
      const grant = state.takeGrant(f.code!);
      if (!grant || grant.provider !== "instagram") return legacyError("Invalid authorization code");
      if (grant.clientId !== f.client_id) return legacyError("Invalid client_id");
      if (grant.redirectUri !== f.redirect_uri) {
        return legacyError(
          "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
        );
      }
      const ttl = kit.accessTtl(SHORT_LIVED_SECONDS);
      const short = state.issueToken({
        kind: "short",
        provider: "instagram",
        clientId: grant.clientId,
        profileId: grant.profileId,
        scopes: grant.scopes,
        expiresAt: Date.now() + ttl * 1000,
      });
      return c.json({ access_token: short.value, user_id: Number(grant.profileId), permissions: grant.scopes });
    });

    kit.open(app, m, "GET", `${G}/access_token`, "oauth.exchange_token", (c) => {
      const q = c.req.query();
      if (q.grant_type !== "ig_exchange_token") return invalid("Unsupported grant_type; expected ig_exchange_token");
      if (!q.client_secret) return invalid("Missing client_secret parameter");
      const short = state.checkToken("instagram", q.access_token, ["short"]);
      if (short === "expired") return errors.expired_token({});
      if (typeof short === "string") return errors.invalid_token({});
      const ttl = kit.accessTtl(LONG_LIVED_SECONDS);
      const long = state.issueToken({ ...grantOf(short), kind: "access", expiresAt: Date.now() + ttl * 1000 });
      return c.json({ access_token: long.value, token_type: "bearer", expires_in: ttl });
    });

    // The token refreshes itself once it has lived a sixtieth of its life (24 h of 60 days; tests
    // that shorten token lifetimes shorten this too), and only while it is valid.
    kit.route(app, m, "GET", `${G}/refresh_access_token`, "oauth.refresh_token", (c, token) => {
      if (c.req.query("grant_type") !== "ig_refresh_token") return invalid("Unsupported grant_type; expected ig_refresh_token");
      const lifetime = (token.expiresAt ?? Date.now()) - token.issuedAt;
      if (Date.now() - token.issuedAt < Math.min(DAY_MS, lifetime / 60)) return invalid("The access token must be at least 24 hours old to be refreshed");
      const ttl = kit.accessTtl(LONG_LIVED_SECONDS);
      const next = state.issueToken({ ...grantOf(token), kind: "access", expiresAt: Date.now() + ttl * 1000 });
      return c.json({ access_token: next.value, token_type: "bearer", expires_in: ttl });
    });

    kit.route(
      app,
      m,
      "GET",
      `${G}/${V}/me`,
      "me",
      (c, token) => {
        const p = owner(token);
        const node = {
          id: appScopedId(p.id, token.clientId),
          user_id: p.id,
          username: p.username,
          name: p.displayName,
          account_type: p.accountType ?? "BUSINESS",
        };
        const out = pick(node, c.req.query("fields"), "User");
        return isRefusal(out) ? out.refusal : c.json(out);
      },
      [[BASIC]],
    );

    kit.route(
      app,
      m,
      "POST",
      `${G}/${V}/:igUserId/media`,
      "media.create",
      async (c, token) => {
        const p = owner(token);
        if (c.req.param("igUserId") !== p.id) return noObject(c.req.param("igUserId") ?? "", "post");
        if (!professional(p)) return notProfessional();
        const plan = await planContainer(kit, await params(c), (id) => {
          const child = state.object(id);
          return isContainer(child, p.id) ? { data: child.data, status: containerStatus(state, child)[0] } : undefined;
        });
        if (isRefusal(plan)) return plan.refusal;
        const processing = kit.processingFault("instagram", "media.create", token.profileId);
        const container = state.addObject({ provider: "instagram", profileId: p.id, type: "container", data: plan.data, media: plan.media, ...processing });
        return c.json({ id: container.id });
      },
      PUBLISH,
    );

    kit.route(
      app,
      m,
      "POST",
      `${G}/${V}/:igUserId/media_publish`,
      "media.publish",
      async (c, token) => {
        const p = owner(token);
        if (c.req.param("igUserId") !== p.id) return noObject(c.req.param("igUserId") ?? "", "post");
        if (!professional(p)) return notProfessional();
        const creationId = (await params(c)).creation_id ?? "";
        const container = state.object(creationId);
        if (!isContainer(container, p.id)) return invalid(`Param creation_id '${creationId}' is not a media container of this account`);
        if (container.data.kind === "CAROUSEL_ITEM") return invalid("A carousel item is published through its CAROUSEL container");
        const [status, detail] = containerStatus(state, container);
        if (status === "IN_PROGRESS") return notReady();
        if (status === "EXPIRED") return invalid("The media you are trying to access has expired. Please try to upload again.", 2207020);
        if (status !== "FINISHED") return invalid(`The media container cannot be published: ${detail}`);
        if (publishedSince(state, p.id, Date.now() - DAY_MS) >= PUBLISH_LIMIT) return errors.quota({});
        const post = publish(state, p, container);
        return c.json({ id: post.id });
      },
      PUBLISH,
    );

    kit.route(
      app,
      m,
      "GET",
      `${G}/${V}/:igUserId/content_publishing_limit`,
      "content_publishing_limit",
      (c, token) => {
        const p = owner(token);
        if (c.req.param("igUserId") !== p.id) return noObject(c.req.param("igUserId") ?? "");
        const node: Record<string, unknown> = {
          quota_usage: publishedSince(state, p.id, Date.now() - DAY_MS),
          config: { quota_total: PUBLISH_LIMIT, quota_duration: DAY_MS / 1000 },
        };
        const out: Record<string, unknown> = {};
        for (const f of (c.req.query("fields") || "quota_usage").split(",")) {
          if (!(f in node)) return invalid(`Tried accessing nonexisting field (${f}) on node type (ContentPublishingLimit)`);
          out[f] = node[f];
        }
        return c.json({ data: [out] });
      },
      PUBLISH,
    );

    // The media edge lists feed posts and Reels, newest first; Stories have their own edge.
    kit.route(
      app,
      m,
      "GET",
      `${G}/${V}/:igUserId/media`,
      "media.list",
      (c, token) => {
        const p = owner(token);
        const version = c.req.param("version");
        if (c.req.param("igUserId") !== p.id) return noObject(c.req.param("igUserId") ?? "");
        const q = c.req.query();
        const limit = Math.min(100, Math.max(1, Number(q.limit) || 25));
        const all = state
          .posts({ provider: "instagram", profileId: p.id })
          .filter((x) => !x.deleted && x.kind !== "STORIES")
          .reverse();
        const decode = (cursor: string) => Buffer.from(cursor, "base64url").toString();
        const start = q.after ? all.findIndex((x) => x.id === decode(q.after!)) + 1 : 0;
        if (q.after && start === 0) return invalid("Invalid cursor");
        const page = all.slice(start, start + limit);
        const data: Record<string, unknown>[] = [];
        for (const post of page) {
          const out = pick(mediaNode(post), q.fields, "Media");
          if (isRefusal(out)) return out.refusal;
          data.push(out);
        }
        if (page.length === 0) return c.json({ data });
        const cursor = (x: SandboxPost) => Buffer.from(x.id).toString("base64url");
        const after = cursor(page.at(-1)!);
        const next =
          start + limit < all.length ? `${kit.baseUrl}${G}/${version}/${p.id}/media?${new URLSearchParams({ ...q, after, limit: String(limit) })}` : undefined;
        return c.json({ data, paging: { cursors: { before: cursor(page[0]!), after }, ...(next ? { next } : {}) } });
      },
      [[BASIC]],
    );

    kit.route(
      app,
      m,
      "GET",
      `${G}/${V}/:mediaId/insights`,
      "media.insights",
      (c, token) => {
        const post = state.post(c.req.param("mediaId") ?? "");
        if (!post || post.provider !== "instagram" || post.profileId !== token.profileId || post.deleted) return noObject(c.req.param("mediaId") ?? "");
        const requested = (c.req.query("metric") ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        if (requested.length === 0) return invalid("The parameter metric is required");
        const product = (post.extra as { mediaProductType: string }).mediaProductType;
        for (const name of requested) {
          if (retiredMetrics.includes(name)) return invalid(`The metric ${name} is no longer supported for media insights; use views`);
          if (!metricsFor[product]!.includes(name))
            return invalid(
              `The Media Insights API does not support the ${name} metric for this media product type (${product}); it must be one of: ${metricsFor[product]!.join(", ")}`,
            );
        }
        if (Date.now() - Date.parse(post.createdAt) < INSIGHTS_DELAY_MS) return c.json({ data: [] });
        const data = requested.map((name) => ({
          name,
          period: "lifetime",
          values: [{ value: insightValues[name]!(post.metrics) }],
          title: name,
          description: `Lifetime ${name} of the media`,
          id: `${post.id}/insights/${name}/lifetime`,
        }));
        return c.json({ data });
      },
      [[BASIC, "instagram_business_manage_insights"]],
    );

    registerInstagramComments(app, kit, m, `${G}/${V}`);

    // Registered last: /{version}/{id} is a container or a media, whichever the id names.
    kit.route(
      app,
      m,
      "GET",
      `${G}/${V}/:id`,
      "node.get",
      (c, token) => {
        const id = c.req.param("id") ?? "";
        const fields = c.req.query("fields");
        const container = state.object(id);
        if (isContainer(container, token.profileId)) {
          const [statusCode, status] = containerStatus(state, container);
          const out = pick({ id, status_code: statusCode, status }, fields, "ShadowIGMediaBuilder");
          return isRefusal(out) ? out.refusal : c.json(out);
        }
        const post = state.post(id);
        if (!post || post.provider !== "instagram" || post.profileId !== token.profileId || post.deleted) return noObject(id);
        const out = pick(mediaNode(post), fields, "Media");
        return isRefusal(out) ? out.refusal : c.json(out);
      },
      [[BASIC]],
    );
  },
};

function publishedSince(state: SandboxState, profileId: string, since: number): number {
  return state.posts({ provider: "instagram", profileId }).filter((p) => Date.parse(p.createdAt) >= since).length;
}

const product = {
  IMAGE: { kind: "FEED", mediaProductType: "FEED" },
  CAROUSEL: { kind: "CAROUSEL", mediaProductType: "FEED" },
  REELS: { kind: "REELS", mediaProductType: "REELS" },
  STORIES: { kind: "STORIES", mediaProductType: "STORY" },
} as const;

/** The container becomes a post; a carousel carries its children's media in order. */
function publish(state: SandboxState, profile: Profile, container: PlatformObject & { data: ContainerData }): SandboxPost {
  const d = container.data;
  const kind = d.kind as keyof typeof product;
  const children = (d.children ?? []).map((id) => state.object(id) as PlatformObject & { data: ContainerData });
  const items = kind === "CAROUSEL" ? children : [container];
  const post = state.addPost({
    provider: "instagram",
    profileId: profile.id,
    username: profile.username,
    kind: product[kind].kind,
    text: d.caption ?? "",
    media: items.map((o) => ({ ...o.media!, type: o.data.mediaKind! })),
    extra: {
      containerId: container.id,
      mediaType: kind === "CAROUSEL" ? "CAROUSEL_ALBUM" : d.mediaKind === "video" ? "VIDEO" : "IMAGE",
      mediaProductType: product[kind].mediaProductType,
      altTexts: items.map((o) => o.data.altText ?? null),
      ...(kind === "REELS" ? { shareToFeed: d.shareToFeed ?? true } : {}),
    },
    permalink: (id) => permalinkOf(kind, profile.username, id),
  });
  post.extra.shortcode = shortcodeOf(post.id);
  d.publishedMediaId = post.id;
  state.changed();
  return post;
}

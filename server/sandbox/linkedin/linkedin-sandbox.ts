// Sandbox LinkedIn: OAuth 2.0 (no PKCE) with programmatic refresh tokens that do not rotate,
// OIDC userinfo, the versioned Posts API (create with text, media or several images, reshare,
// get, author finder), socialActions with comments, member post analytics, and the Images,
// Videos and Documents APIs (linkedin-media.ts). Errors are LinkedIn's {status, serviceErrorCode,
// code, message}. Faithful quirk: commentary is "little" text, cut silently at the first unescaped
// reserved character. Not simulated: organisation authors, article and poll content, drafts,
// mention/hashtag templates.
import { consentPage } from "../consent.ts";
import { jsonAnswer, bearer, params, type ProviderModule } from "../kit.ts";
import type { SandboxPost, SandboxState, Token } from "../state.ts";
import { registerLinkedInComments } from "./linkedin-comments.ts";
import { checkContent, type PostContent } from "./linkedin-content.ts";
import { registerLinkedInMedia } from "./linkedin-media.ts";
import { inputError, memberId, personUrn, postOf, restError, shareUrn, versionProblem } from "./linkedin-shared.ts";

const ACCESS_SECONDS = 60 * 24 * 3600;
const REFRESH_SECONDS = 365 * 24 * 3600;
const COMMENTARY_MAX = 3000;
/**
 * LinkedIn products and the scopes each lets an app request. An app may request only the scopes
 * of products added to it in the Developer Portal; asking for any other refuses the whole
 * authorization (learn.microsoft.com/linkedin/shared/authentication/authorization-code-flow).
 */
export const linkedinProducts = {
  // Self-serve: learn.microsoft.com/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
  "sign-in-openid": ["openid", "profile", "email"],
  // Self-serve: learn.microsoft.com/linkedin/consumer/integrations/self-serve/share-on-linkedin
  "share-on-linkedin": ["w_member_social"],
  // Reviewed: learn.microsoft.com/linkedin/marketing/community-management/community-management-overview
  // (member post analytics: …/community-management/members/post-statistics)
  "community-management": ["w_member_social", "r_organization_social", "w_organization_social", "rw_organization_admin", "r_member_postAnalytics"],
  // "Restricted … granted to select developers only":
  // learn.microsoft.com/linkedin/marketing/community-management/shares/network-update-social-actions
  "r-member-social": ["r_member_social"],
} as const;
export type LinkedInProduct = keyof typeof linkedinProducts;
/** A new LinkedIn app can add the self-serve products only. */
const SELF_SERVE: LinkedInProduct[] = ["sign-in-openid", "share-on-linkedin"];

/** The sandbox app's products: SANDBOX_LINKEDIN_PRODUCTS (comma-separated), else the self-serve ones. */
function configuredProducts(): LinkedInProduct[] {
  const names = (process.env.SANDBOX_LINKEDIN_PRODUCTS ?? "").split(/[\s,]+/).filter(Boolean);
  const unknown = names.filter((n) => !(n in linkedinProducts));
  if (unknown.length > 0)
    throw new Error(`SANDBOX_LINKEDIN_PRODUCTS: unknown product ${unknown.join(", ")} (known: ${Object.keys(linkedinProducts).join(", ")})`);
  return names.length > 0 ? (names as LinkedInProduct[]) : SELF_SERVE;
}
const RESERVED = new Set("\\|{}@[]()<>#*_~");
const ANALYTICS_TYPES = ["IMPRESSION", "MEMBERS_REACHED", "RESHARE", "REACTION", "COMMENT"] as const;

const oauthError = (status: number, error: string, description: string) => jsonAnswer({ error, error_description: description }, { status });

/** What LinkedIn shows of a commentary: escapes resolved, cut at the first unescaped reserved character. */
function rendered(commentary: string): string {
  let out = "";
  for (let i = 0; i < commentary.length; i++) {
    const ch = commentary[i]!;
    if (ch === "\\" && i + 1 < commentary.length) {
      out += commentary[++i];
    } else if (RESERVED.has(ch)) {
      break;
    } else {
      out += ch;
    }
  }
  return out;
}

/** The stored text as LinkedIn returns it: little text again. */
const littleText = (text: string) => text.replace(/[\\|{}@[\]()<>#*_~]/g, "\\$&");

function postElement(post: SandboxPost, author: string) {
  const createdAt = Date.parse(post.createdAt);
  const resharedFrom = post.extra.resharedFrom as string | undefined;
  return {
    id: shareUrn(post),
    author,
    commentary: littleText(post.text),
    visibility: post.extra.visibility,
    distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: "PUBLISHED",
    lifecycleStateInfo: { isEditedByAuthor: false },
    isReshareDisabledByAuthor: post.extra.isReshareDisabledByAuthor === true,
    createdAt,
    lastModifiedAt: createdAt,
    publishedAt: createdAt,
    ...(resharedFrom ? { reshareContext: { parent: resharedFrom, root: resharedFrom } } : {}),
    ...(post.extra.content ? { content: post.extra.content as PostContent } : {}),
  };
}

type PostInput = {
  author?: unknown;
  commentary?: unknown;
  visibility?: unknown;
  distribution?: { feedDistribution?: unknown };
  lifecycleState?: unknown;
  isReshareDisabledByAuthor?: unknown;
  reshareContext?: { parent?: unknown };
  content?: unknown;
};

/** Rest.li schema checks of a post, in LinkedIn's wording; undefined when the post is well-formed. */
function invalidPost(body: PostInput): Response | undefined {
  const required = (field: string) => inputError("FIELD_REQUIRED", field, `ERROR :: /${field} :: field is required but not found and has no default value`);
  if (typeof body.author !== "string") return required("author");
  if (typeof body.visibility !== "string") return required("visibility");
  if (typeof body.distribution?.feedDistribution !== "string") return required("distribution/feedDistribution");
  if (typeof body.lifecycleState !== "string") return required("lifecycleState");
  if (body.commentary !== undefined && typeof body.commentary !== "string")
    return inputError("INVALID_VALUE", "commentary", "ERROR :: /commentary :: must be a string");
  if (!["PUBLIC", "CONNECTIONS", "LOGGED_IN"].includes(body.visibility))
    return inputError("INVALID_VALUE", "visibility", `ERROR :: /visibility :: "${body.visibility}" is not an enum symbol`);
  if (body.lifecycleState !== "PUBLISHED")
    return inputError("INVALID_VALUE", "lifecycleState", "The sandbox publishes only lifecycleState PUBLISHED (drafts are not simulated)");
  const commentary = (body.commentary as string | undefined) ?? "";
  if (commentary.length > COMMENTARY_MAX) {
    return inputError(
      "FIELD_LENGTH_TOO_LONG",
      "commentary",
      `ERROR :: /commentary :: length ${commentary.length} exceeds the maximum allowed length ${COMMENTARY_MAX}`,
    );
  }
  if (body.reshareContext === undefined && body.content === undefined && commentary === "")
    return inputError("FIELD_REQUIRED", "commentary", "A post needs commentary or content");
  if (body.reshareContext !== undefined && body.content !== undefined) return inputError("INVALID_VALUE", "content", "A reshare carries no content");
  if (body.reshareContext !== undefined && typeof body.reshareContext.parent !== "string") return required("reshareContext/parent");
  return undefined;
}

/** The same commentary with the same content (media URNs) within a day is a duplicate. */
function duplicateOf(state: SandboxState, profileId: string, text: string, content: PostContent | undefined): SandboxPost | undefined {
  const same = JSON.stringify(content ?? null);
  return state
    .posts({ provider: "linkedin", profileId })
    .find(
      (p) =>
        !p.deleted &&
        p.kind === "post" &&
        p.text === text &&
        JSON.stringify(p.extra.content ?? null) === same &&
        Date.now() - Date.parse(p.createdAt) < 24 * 3600_000,
    );
}

export const linkedinSandbox: ProviderModule = {
  provider: "linkedin",
  tokenOf: bearer,
  error(kind, d = {}) {
    switch (kind) {
      case "expired_token":
        return restError(401, { serviceErrorCode: 65602, code: "EXPIRED_ACCESS_TOKEN", message: "The token used in the request has expired" });
      case "invalid_token":
        return restError(401, { serviceErrorCode: 65600, code: "INVALID_ACCESS_TOKEN", message: "Invalid access token" });
      case "missing_scope":
        return restError(403, { serviceErrorCode: 100, code: "ACCESS_DENIED", message: `Not enough permissions to access: ${d.message ?? "this resource"}` });
      case "rate_limit":
        // LinkedIn sends no Retry-After or rate-limit headers.
        return restError(429, { code: "TOO_MANY_REQUESTS", message: "Too Many Requests" });
      case "quota":
        return restError(429, { message: "Resource level throttle MEMBER DAY limit for calls to this resource is reached." });
      case "server_error":
        return restError(500, { code: "INTERNAL_SERVER_ERROR", message: "Internal Server Error" });
      case "content":
        return inputError("DUPLICATE_POST", "commentary", d.message ?? "Content is a duplicate");
      case "media":
        return inputError("INVALID_VALUE", "content", d.message ?? "The media could not be processed");
      case "not_found":
        return restError(404, { code: "NOT_FOUND", message: d.message ?? "Not Found" });
      default:
        return restError(400, { code: "ILLEGAL_ARGUMENT", message: d.message ?? "Invalid request" });
    }
  },

  register(app, kit) {
    const { state } = kit;
    const m = linkedinSandbox;
    const issue = (from: Pick<Token, "clientId" | "profileId" | "scopes" | "family">, kind: "access" | "refresh", expiresAt: number) =>
      state.issueToken({
        kind,
        provider: "linkedin",
        clientId: from.clientId,
        profileId: from.profileId,
        scopes: from.scopes,
        expiresAt,
        family: from.family,
        prefix: "AQ",
      });

    // The products of the sandbox's LinkedIn app; tests and demos change them through the control API.
    let products = configuredProducts();
    app.get("/_sandbox/linkedin/products", (c) => c.json({ products }));
    app.put("/_sandbox/linkedin/products", async (c) => {
      const body = (await c.req.json().catch(() => null)) as { products?: unknown } | null;
      const list = body?.products;
      if (!Array.isArray(list) || list.some((p) => typeof p !== "string" || !(p in linkedinProducts))) {
        return c.json({ error: `products must be a list of: ${Object.keys(linkedinProducts).join(", ")}` }, 422);
      }
      products = list as LinkedInProduct[];
      return c.json({ products });
    });

    kit.authorizePage(app, m, "/linkedin/oauth/v2/authorization", "oauth.authorize", (c) => {
      const q = c.req.query();
      if (q.response_type !== "code" || !q.client_id || !q.redirect_uri || !q.scope) {
        return c.text("Bummer, something went wrong: response_type=code, client_id, redirect_uri and scope are required.", 400);
      }
      const scopes = q.scope.split(/[\s,]+/).filter(Boolean);
      const allowed = new Set<string>(products.flatMap((p) => linkedinProducts[p]));
      const unknown = scopes.find((s) => !allowed.has(s));
      if (unknown) {
        // LinkedIn returns to the app with the error and names the first such scope, as OAuth 2.0 says.
        const back = new URL(q.redirect_uri);
        back.searchParams.set("error", "unauthorized_scope_error");
        back.searchParams.set("error_description", `Scope "${unknown}" is not authorized for your application`);
        if (q.state !== undefined) back.searchParams.set("state", q.state);
        return c.redirect(back.toString(), 302);
      }
      return consentPage(c, state, { provider: "linkedin", clientId: q.client_id, redirectUri: q.redirect_uri, state: q.state, scopes });
    });

    kit.open(app, m, "POST", "/linkedin/oauth/v2/accessToken", "oauth.token", async (c) => {
      const f = await params(c);
      if (!f.client_id || !f.client_secret) return oauthError(401, "invalid_client", "Client authentication failed");
      if (f.grant_type === "authorization_code") {
        if (!f.code || !f.redirect_uri) return oauthError(400, "invalid_request", 'A required parameter "code" or "redirect_uri" is missing');
        const grant = state.takeGrant(f.code);
        if (!grant || grant.provider !== "linkedin" || grant.clientId !== f.client_id || grant.redirectUri !== f.redirect_uri) {
          return oauthError(
            400,
            "invalid_request",
            "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
          );
        }
        const ttl = kit.accessTtl(ACCESS_SECONDS);
        const access = state.issueToken({
          kind: "access",
          provider: "linkedin",
          clientId: grant.clientId,
          profileId: grant.profileId,
          scopes: grant.scopes,
          expiresAt: Date.now() + ttl * 1000,
          prefix: "AQ",
        });
        const refresh = issue(access, "refresh", Date.now() + REFRESH_SECONDS * 1000);
        return c.json({
          access_token: access.value,
          expires_in: ttl,
          refresh_token: refresh.value,
          refresh_token_expires_in: REFRESH_SECONDS,
          scope: grant.scopes.join(","),
        });
      }
      if (f.grant_type === "refresh_token") {
        const old = state.token(f.refresh_token ?? "");
        if (!old || old.kind !== "refresh" || old.provider !== "linkedin" || old.revoked || old.clientId !== f.client_id) {
          return oauthError(400, "invalid_grant", "The provided refresh token is invalid or has been revoked");
        }
        if (old.expiresAt !== null && old.expiresAt < Date.now()) return oauthError(400, "invalid_grant", "The provided refresh token has expired");
        const ttl = kit.accessTtl(ACCESS_SECONDS);
        const access = issue(old, "access", Date.now() + ttl * 1000);
        // No rotation: the same refresh token, counting down from the first consent.
        const left = Math.floor(((old.expiresAt ?? Date.now()) - Date.now()) / 1000);
        return c.json({ access_token: access.value, expires_in: ttl, refresh_token: old.value, refresh_token_expires_in: left, scope: old.scopes.join(",") });
      }
      return oauthError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
    });

    kit.route(
      app,
      m,
      "GET",
      "/linkedin/api/v2/userinfo",
      "userinfo",
      (c, token) => {
        const p = state.profile(token.profileId)!;
        const [given, ...family] = p.displayName.split(/\s+/);
        return c.json({
          sub: memberId(p.id),
          ...(token.scopes.includes("profile")
            ? { name: p.displayName, given_name: given, family_name: family.join(" "), locale: { country: "US", language: "en" } }
            : {}),
          ...(token.scopes.includes("email") ? { email: `${p.username}@sandbox.linkedin.example`, email_verified: true } : {}),
        });
      },
      [["openid"]],
    );

    kit.route(
      app,
      m,
      "POST",
      "/linkedin/api/rest/posts",
      "posts.create",
      async (c, token) => {
        const problem = versionProblem(c);
        if (problem) return problem;
        const body = (await c.req.json().catch(() => null)) as PostInput | null;
        if (!body || typeof body !== "object") return m.error("invalid_request", { message: "The request body must be a JSON object" });
        const invalid = invalidPost(body);
        if (invalid) return invalid;
        if (body.author !== personUrn(token.profileId)) return m.error("missing_scope", { message: `create posts as ${String(body.author)}` });
        const profile = state.profile(token.profileId)!;
        const parentUrn = body.reshareContext?.parent as string | undefined;
        if (parentUrn && !postOf(state, parentUrn)) return m.error("not_found", { message: `Parent post ${parentUrn} does not exist` });
        const checked = body.content === undefined ? undefined : checkContent(state, body.author as string, body.content);
        if (checked && "problem" in checked) return checked.problem;
        const text = rendered((body.commentary as string | undefined) ?? "");
        const duplicate = parentUrn ? undefined : duplicateOf(state, profile.id, text, checked?.content);
        if (duplicate) return m.error("content", { message: `Content is a duplicate of ${shareUrn(duplicate)}` });
        const post = state.addPost({
          provider: "linkedin",
          profileId: profile.id,
          username: profile.username,
          kind: parentUrn ? "reshare" : "post",
          text,
          media: checked?.media ?? [],
          extra: {
            ...(checked ? { content: checked.content } : {}),
            commentary: body.commentary ?? "",
            visibility: body.visibility,
            isReshareDisabledByAuthor: body.isReshareDisabledByAuthor === true,
            ...(parentUrn ? { resharedFrom: parentUrn } : {}),
          },
          permalink: (id) => `https://www.linkedin.com/feed/update/urn:li:share:${id}`,
        });
        return c.body(null, 201, { "x-restli-id": shareUrn(post) });
      },
      [["w_member_social"]],
    );

    kit.route(
      app,
      m,
      "GET",
      "/linkedin/api/rest/posts",
      "posts.findByAuthor",
      (c, token) => {
        const problem = versionProblem(c);
        if (problem) return problem;
        const q = c.req.query();
        const method = c.req.header("x-restli-method");
        if ((method && method.toUpperCase() !== "FINDER") || q.q !== "author" || !q.author) {
          return m.error("invalid_request", { message: "Use the author finder: q=author&author={urn}" });
        }
        if (q.author !== personUrn(token.profileId)) return m.error("missing_scope", { message: `read the posts of ${q.author}` });
        const start = Number(q.start ?? 0);
        const count = Number(q.count ?? 10);
        if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > 100) {
          return m.error("invalid_request", { message: "start must be ≥ 0 and count between 1 and 100" });
        }
        if (q.sortBy && !["LAST_MODIFIED", "CREATED"].includes(q.sortBy)) return m.error("invalid_request", { message: `Invalid sortBy ${q.sortBy}` });
        // Posts are never edited here, so both orders are newest first.
        const all = state
          .posts({ provider: "linkedin", profileId: token.profileId })
          .filter((p) => !p.deleted)
          .reverse();
        const page = all.slice(start, start + count);
        const next =
          start + count < all.length ? `/rest/posts?author=${encodeURIComponent(q.author)}&q=author&count=${count}&start=${start + count}` : undefined;
        return c.json({
          elements: page.map((p) => postElement(p, q.author!)),
          paging: { start, count, total: all.length, links: next ? [{ type: "application/json", rel: "next", href: next }] : [] },
        });
      },
      [["r_member_social"]],
    );

    // GET /rest/posts/{encoded urn}: one post with its content as LinkedIn stores it; reading posts
    // needs r_member_social (learn.microsoft.com/linkedin/marketing/community-management/shares/posts-api#get-posts).
    kit.route(
      app,
      m,
      "GET",
      "/linkedin/api/rest/posts/:urn",
      "posts.get",
      (c) => {
        const problem = versionProblem(c);
        if (problem) return problem;
        const urn = c.req.param("urn") ?? ""; // Hono decodes the path parameter
        const post = postOf(state, urn);
        if (!post) return m.error("not_found", { message: `Not found: ${urn}` });
        return c.json(postElement(post, personUrn(post.profileId)));
      },
      [["r_member_social"]],
    );

    // DELETE /rest/posts/{encoded urn}: 204 No Content, also for a post already deleted (the
    // operation is idempotent); the author's own posts only, with w_member_social
    // (learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api#delete-posts).
    kit.route(
      app,
      m,
      "DELETE",
      "/linkedin/api/rest/posts/:urn",
      "posts.delete",
      (c, token) => {
        const problem = versionProblem(c);
        if (problem) return problem;
        const urn = c.req.param("urn") ?? ""; // Hono decodes the path parameter
        const id = /^urn:li:share:(\d+)$/.exec(urn)?.[1];
        const post = id ? state.post(id) : undefined;
        if (!post || post.provider !== "linkedin") return m.error("not_found", { message: `Not found: ${urn}` });
        if (post.profileId !== token.profileId) return m.error("missing_scope", { message: `delete ${urn}` });
        if (!post.deleted) {
          post.deleted = true;
          state.changed();
        }
        return c.body(null, 204);
      },
      [["w_member_social"]],
    );

    kit.route(
      app,
      m,
      "GET",
      "/linkedin/api/rest/socialActions/:urn",
      "socialActions.get",
      (c) => {
        const problem = versionProblem(c);
        if (problem) return problem;
        const urn = c.req.param("urn") ?? ""; // Hono decodes the path parameter
        const post = postOf(state, urn);
        if (!post) return m.error("not_found", { message: `Not found: ${urn}` });
        return c.json({
          $URN: `urn:li:socialActions:${urn}`,
          target: urn,
          likesSummary: { selectedLikes: [], aggregatedTotalLikes: post.metrics.likes, likedByCurrentUser: false, totalLikes: post.metrics.likes },
          commentsSummary: {
            selectedComments: [],
            totalFirstLevelComments: post.metrics.replies,
            commentsState: "OPEN",
            aggregatedTotalComments: post.metrics.replies,
          },
        });
      },
      [["r_member_social"]],
    );

    kit.route(
      app,
      m,
      "GET",
      "/linkedin/api/rest/memberCreatorPostAnalytics",
      "memberCreatorPostAnalytics.findByEntity",
      (c, token) => {
        const problem = versionProblem(c);
        if (problem) return problem;
        const q = c.req.query();
        const entity = /^\((share|ugc):(urn:li:(share|ugcPost):\d+)\)$/.exec(q.entity ?? "");
        const queryType = ANALYTICS_TYPES.find((t) => t === q.queryType);
        if (q.q !== "entity" || !entity || (entity[1] === "share") !== (entity[3] === "share") || !queryType) {
          return m.error("invalid_request", {
            message:
              "Use q=entity&entity=(share:{shareUrn}) or (ugc:{ugcPostUrn}) and a queryType of IMPRESSION, MEMBERS_REACHED, RESHARE, REACTION or COMMENT",
          });
        }
        if (q.aggregation !== "TOTAL") return m.error("invalid_request", { message: "The sandbox answers aggregation=TOTAL only (DAILY is not simulated)" });
        const post = postOf(state, entity[2]!);
        if (!post) return m.error("not_found", { message: `Not found: ${entity[2]}` });
        if (post.profileId !== token.profileId) return m.error("missing_scope", { message: `analytics of ${entity[2]}` });
        const counts = {
          IMPRESSION: post.metrics.views,
          MEMBERS_REACHED: post.metrics.reach,
          RESHARE: post.metrics.reposts,
          REACTION: post.metrics.likes,
          COMMENT: post.metrics.replies,
        };
        return c.json({
          paging: { start: 0, count: 10, links: [] },
          elements: [
            { count: counts[queryType], metricType: { "com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1": queryType } },
          ],
        });
      },
      [["r_member_postAnalytics"]],
    );

    registerLinkedInMedia(app, kit, m);
    registerLinkedInComments(app, kit, m);
  },
};

// Sandbox Facebook Pages (Graph API): Facebook Login (code → short-lived user token →
// long-lived user token), /me/permissions, /me/accounts with non-expiring Page tokens, feed
// posts (text, link, photos), photos, graph-video videos, Reels and Stories through
// start → rupload → finish, video status phases, published_posts, post insights and comments
// as the Page (facebook-comments.ts).
// Errors are Meta's {error:{message,type,code,error_subcode,fbtrace_id}}.
import { appSecretMatches } from "../apps.ts";
import { consentPage } from "../consent.ts";
import { registerMetaAppMode } from "../meta-app-mode.ts";
import { params, type Ctx, type Kit, type ProviderModule } from "../kit.ts";
import { numericId, randomToken, type Token } from "../state.ts";
import { registerFacebookComments } from "./facebook-comments.ts";
import { registerFacebookMedia } from "./facebook-media.ts";
import { registerFacebookReads } from "./facebook-reads.ts";
import { pageSlug } from "../../platforms/facebook/page-slug.ts";
import { graphError, metaScopes, pageAccess, permalinkOf, type Attachment } from "./facebook-shared.ts";

const LONG_LIVED_SECONDS = 5_183_944; // about 60 days, as Meta answers
const SHORT_LIVED_SECONDS = 3600;
const MAX_MESSAGE = 63_206;

/** The token Graph accepts: access_token (query or form) or an Authorization header (Bearer or OAuth). */
async function tokenOf(c: Ctx): Promise<string | undefined> {
  const query = c.req.query("access_token");
  if (query) return query;
  const header = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (header) return header;
  const type = c.req.header("content-type") ?? "";
  return type.includes("form") || type.includes("json") ? (await params(c)).access_token : undefined;
}

export const facebookSandbox: ProviderModule = {
  provider: "facebook",
  tokenOf,
  error(kind, d = {}) {
    const subcode = d.code ? Number(d.code) : undefined;
    switch (kind) {
      case "expired_token":
        return graphError(400, 190, d.message ?? `Error validating access token: Session has expired on ${new Date().toUTCString()}.`, { subcode: 463 });
      case "invalid_token":
        return graphError(400, 190, d.message ?? "Invalid OAuth access token - Cannot parse access token");
      case "missing_scope":
        return graphError(403, 200, `(#200) The user hasn't authorized the application to perform this action: ${d.message ?? "missing permission"}`);
      case "rate_limit": {
        const minutes = Math.max(1, Math.ceil((d.retryAfterSeconds ?? 60) / 60));
        const usage = { page: [{ type: "pages", call_count: 100, total_cputime: 12, total_time: 14, estimated_time_to_regain_access: minutes }] };
        return graphError(400, 80001, "(#80001) There have been too many calls to this Page account. Wait a bit and try again.", {
          transient: true,
          headers: { "x-business-use-case-usage": JSON.stringify(usage) },
        });
      }
      case "quota":
        return graphError(400, 9, d.message ?? "(#9) This Page has reached its limit of 30 API-published reels in 24 hours.", { userMsg: "Try again later." });
      case "server_error":
        return graphError(500, 2, "An unexpected error has occurred. Please retry your request later.", { type: "OAuthException", transient: true });
      case "content":
        return graphError(400, 368, d.message ?? "(#368) The action attempted has been deemed abusive or is otherwise disallowed", {
          subcode: subcode ?? 1404102,
          userMsg: "This content goes against our Community Standards.",
        });
      case "media":
        return graphError(400, 100, d.message ?? "(#100) Invalid parameter", {
          subcode: subcode ?? 1366046,
          userMsg: "Your photo or video couldn't be uploaded.",
        });
      case "not_found":
        return graphError(
          400,
          100,
          d.message ?? "Unsupported get request. Object does not exist, cannot be loaded due to missing permissions, or does not support this operation.",
          {
            subcode: 33,
            type: "GraphMethodException",
          },
        );
      default:
        return graphError(400, 100, d.message ?? "(#100) Invalid parameter", { subcode });
    }
  },

  register(app, kit) {
    registerOAuth(app, kit);
    registerMe(app, kit);
    registerFeed(app, kit);
    registerFacebookMedia(app, kit, facebookSandbox);
    registerFacebookComments(app, kit, facebookSandbox);
    registerFacebookReads(app, kit, facebookSandbox);
  },
};

function registerOAuth(app: Parameters<ProviderModule["register"]>[0], kit: Kit) {
  const { state } = kit;
  const refuseNonRole = registerMetaAppMode(app, "facebook");
  const m = facebookSandbox;

  kit.authorizePage(app, m, "/facebook/www/:version/dialog/oauth", "oauth.dialog", (c) => {
    const q = c.req.query();
    if (!q.client_id || !q.redirect_uri || !URL.canParse(q.redirect_uri))
      return c.text("Invalid App ID or redirect_uri: client_id and an absolute redirect_uri are required.", 400);
    if (q.response_type && q.response_type !== "code") return c.text(`Unsupported response_type ${q.response_type}; this app uses response_type=code.`, 400);
    const scopes = (q.scope ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = scopes.filter((s) => !metaScopes.has(s));
    if (unknown.length) return c.text(`Invalid Scopes: ${unknown.join(", ")}. This message is only shown to developers.`, 400);
    return consentPage(c, state, { provider: "facebook", clientId: q.client_id, redirectUri: q.redirect_uri, state: q.state, scopes, refuse: refuseNonRole });
  });

  // Code exchange (short-lived user token) and fb_exchange_token (long-lived) share one endpoint.
  kit.open(app, m, "GET", "/facebook/graph/:version/oauth/access_token", "oauth.access_token", async (c) => {
    const f = await params(c);
    if (!f.client_id || !f.client_secret) return graphError(400, 101, "Error validating application. Invalid application ID or secret.");
    // App access token (developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens):
    // grant_type=client_credentials with the app id and secret, answered {access_token, token_type}.
    // A wrong secret is OAuthException code 1 "Error validating client secret." (Graph error format:
    // developers.facebook.com/docs/graph-api/guides/error-handling).
    if (f.grant_type === "client_credentials") {
      if (!appSecretMatches(f.client_id, f.client_secret)) return graphError(400, 1, "Error validating client secret.");
      return c.json({ access_token: `${f.client_id}|${randomToken(20)}`, token_type: "bearer" });
    }
    if (f.grant_type === "fb_exchange_token") {
      const user = state.token(f.fb_exchange_token ?? "");
      if (!user || user.provider !== "facebook" || user.revoked || !["short", "access"].includes(user.kind) || user.clientId !== f.client_id) {
        return m.error("invalid_token");
      }
      if (user.expiresAt !== null && user.expiresAt < Date.now()) return m.error("expired_token");
      const ttl = kit.accessTtl(LONG_LIVED_SECONDS);
      const long = state.issueToken({
        kind: "access",
        provider: "facebook",
        clientId: user.clientId,
        profileId: user.profileId,
        scopes: user.scopes,
        expiresAt: Date.now() + ttl * 1000,
        family: user.family,
        prefix: "EAAL",
      });
      return c.json({ access_token: long.value, token_type: "bearer", expires_in: ttl });
    }
    if (!f.code) return graphError(400, 100, "Missing authorization code");
    if (!f.redirect_uri) return graphError(400, 100, "Missing redirect_uri parameter.");
    const grant = state.takeGrant(f.code);
    if (!grant || grant.provider !== "facebook") return graphError(400, 100, "This authorization code has expired or has been used.", { subcode: 36009 });
    if (grant.clientId !== f.client_id) return graphError(400, 101, "Error validating application. The authorization code was issued to another app.");
    if (grant.redirectUri !== f.redirect_uri) {
      return graphError(
        400,
        100,
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
        { subcode: 36008 },
      );
    }
    const ttl = kit.accessTtl(SHORT_LIVED_SECONDS);
    // The sandbox accepts a short-lived token only for fb_exchange_token (Kit routes take "access" and "page" tokens).
    const short = state.issueToken({
      kind: "short",
      provider: "facebook",
      clientId: grant.clientId,
      profileId: grant.profileId,
      scopes: grant.scopes,
      expiresAt: Date.now() + ttl * 1000,
      prefix: "EAAS",
    });
    return c.json({ access_token: short.value, token_type: "bearer", expires_in: ttl });
  });
}

/** /me is the user for user tokens and the Page for Page tokens, which has no such edges. */
const notOnPage = (edge: string) => graphError(400, 100, `(#100) Tried accessing nonexisting field (${edge}) on node type (Page)`);

function registerMe(app: Parameters<ProviderModule["register"]>[0], kit: Kit) {
  const { state } = kit;
  const m = facebookSandbox;

  kit.route(app, m, "GET", "/facebook/graph/:version/me/permissions", "me.permissions", (c, token) => {
    if (token.kind === "page") return notOnPage("permissions");
    const granted = ["public_profile", ...token.scopes.filter((s) => s !== "public_profile")];
    return c.json({ data: granted.map((permission) => ({ permission, status: "granted" })) });
  });

  kit.route(
    app,
    m,
    "GET",
    "/facebook/graph/:version/me/accounts",
    "me.accounts",
    (c, token) => {
      if (token.kind === "page") return notOnPage("accounts");
      const page = state.profile(token.profileId)?.page;
      // A Page where the user has no task is not theirs to list.
      const pages = page && page.tasks.length > 0 ? [page] : [];
      const fields = (c.req.query("fields") ?? "id,name").split(",");
      const data = pages.map((p) => {
        const pageToken = issuePageToken(kit, token);
        const all: Record<string, unknown> = { id: p.id, name: p.name, access_token: pageToken.value, tasks: p.tasks, category: "Brand" };
        return Object.fromEntries(Object.entries(all).filter(([k]) => k === "id" || fields.includes(k)));
      });
      // One Page per sandbox user: a single page of results, its cursors naming that Page.
      const cursor = pages[0] ? Buffer.from(pages[0].id).toString("base64url") : undefined;
      return c.json({ data, ...(cursor ? { paging: { cursors: { before: cursor, after: cursor } } } : {}) });
    },
    [["pages_show_list"]],
  );
}

/** Page tokens derived from a long-lived user token never expire; they die with the user's grant (same family). */
function issuePageToken(kit: Kit, user: Token): Token {
  return kit.state.issueToken({
    kind: "page",
    provider: "facebook",
    clientId: user.clientId,
    profileId: user.profileId,
    scopes: user.scopes,
    expiresAt: null,
    family: user.family,
    prefix: "EAAP",
  });
}

/** attached_media as one JSON array, or as attached_media[0], attached_media[1]… each one JSON object. */
function attachedMedia(f: Record<string, string>): string[] | "invalid" {
  const indexed = Object.keys(f)
    .filter((k) => /^attached_media\[\d+\]$/.test(k))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  try {
    const items = (f.attached_media ? JSON.parse(f.attached_media) : indexed.map((k) => JSON.parse(f[k]!))) as { media_fbid?: unknown }[];
    if (!Array.isArray(items) || items.some((i) => typeof i?.media_fbid !== "string")) return "invalid";
    return items.map((i) => i.media_fbid as string);
  } catch {
    return "invalid";
  }
}

function linkProblem(link: string): Response | undefined {
  const url = URL.canParse(link) ? new URL(link) : null;
  if (!url || !["http:", "https:"].includes(url.protocol))
    return graphError(400, 100, "(#100) The link you provided is not a valid URL.", { subcode: 2061006 });
  if (url.hostname === "facebook.com" || url.hostname.endsWith(".facebook.com")) {
    return graphError(400, 100, "(#100) Links to facebook.com cannot be attached this way; share the post instead.", { subcode: 1609008 });
  }
  return undefined;
}

function registerFeed(app: Parameters<ProviderModule["register"]>[0], kit: Kit) {
  const { state } = kit;
  const m = facebookSandbox;

  kit.route(
    app,
    m,
    "POST",
    "/facebook/graph/:version/:pageId/feed",
    "page.feed",
    async (c, token) => {
      const access = pageAccess(kit, token, c.req.param("pageId") ?? "", true);
      if ("denied" in access) return access.denied;
      const { page, profile } = access;
      const f = await params(c);
      const message = f.message ?? "";
      const link = f.link || undefined;
      const mediaIds = f.attached_media || Object.keys(f).some((k) => k.startsWith("attached_media[")) ? attachedMedia(f) : [];
      if (mediaIds === "invalid" || new Set(mediaIds).size !== mediaIds.length)
        return m.error("invalid_request", { message: "(#100) attached_media must be an array of distinct {media_fbid}" });
      if (!message.trim() && !link && mediaIds.length === 0) return m.error("invalid_request", { message: "(#100) Missing message or attachment" });
      if (message.length > MAX_MESSAGE) return m.error("invalid_request", { message: `(#100) Param message must be at most ${MAX_MESSAGE} characters long` });
      if (link) {
        const problem = linkProblem(link);
        if (problem) return problem;
      }
      const photos = [];
      for (const id of mediaIds) {
        const photo = state.object(id);
        if (!photo || photo.provider !== "facebook" || photo.type !== "photo" || photo.data.pageId !== page.id)
          return m.error("invalid_request", { message: `(#100) media_fbid ${id} is not a photo of this Page` });
        if (photo.data.published || photo.data.usedBy) return m.error("media", { message: "(#100) This photo has already been posted.", code: "1366051" });
        photos.push(photo);
      }
      const previous = state
        .posts({ provider: "facebook", profileId: profile.id })
        .filter((p) => !p.deleted && p.extra.pageId === page.id && (p.kind === "text" || p.kind === "link"))
        .at(-1);
      if (mediaIds.length === 0 && previous && previous.text === message && (previous.extra.link ?? undefined) === link) {
        return graphError(400, 506, "(#506) Duplicate status message");
      }
      const kind = photos.length ? "multi_photo" : link ? "link" : "text";
      const attachment: Attachment | undefined = photos.length
        ? { type: "album", media_type: "album" }
        : link
          ? { type: "share", media_type: "link" }
          : undefined;
      const post = state.addPost({
        id: `${page.id}_${numericId()}`,
        provider: "facebook",
        profileId: profile.id,
        username: pageSlug(page.name, page.id),
        kind,
        text: message,
        media: photos.map((p) => ({ ...p.media!, type: "image" })),
        extra: { pageId: page.id, ...(link ? { link } : {}), ...(photos.length ? { photoIds: mediaIds } : {}), ...(attachment ? { attachment } : {}) },
        permalink: permalinkOf,
      });
      for (const photo of photos) photo.data.usedBy = post.id;
      state.changed();
      return c.json({ id: post.id });
    },
    [["pages_manage_posts"]],
  );
}

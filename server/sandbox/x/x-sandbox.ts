// Sandbox X (API v2): OAuth 2.0 + PKCE with rotating refresh tokens, users/me, tweets,
// replies, retweets and user timelines; media upload and posts with media (x-media.ts).
// Errors are X's problem JSON. The app's setup (enrolled in a Project or not, daily post caps)
// is set with SANDBOX_X_APP or /_sandbox/x/app.
import twitter from "twitter-text";
import { z } from "zod";
import { pkceChallenge } from "../../platforms/pkce.ts";
import { consentPage } from "../consent.ts";
import { controlSetting } from "../control-setting.ts";
import { jsonAnswer, bearer, params, type ProviderModule } from "../kit.ts";
import { registerXMedia } from "./x-media.ts";

/**
 * The sandbox X app's setup. `enrolled: false`: an app not attached to a Project (or without the
 * access level the endpoint needs), which every v2 endpoint answers with 403 client-forbidden /
 * reason client-not-enrolled (docs.x.com/x-api/fundamentals/response-codes-and-errors; the body's
 * fields as X sends them: client_id, detail, registration_url, required_enrollment, reason).
 * The caps: POST /2/tweets is limited per user and per app over 24 hours, reported in the
 * x-user-limit-24hour-* and x-app-limit-24hour-* headers, reset in epoch seconds
 * (docs.x.com/x-api/fundamentals/rate-limits). Null: no cap (the default, so tests post freely).
 * `usernames` limits the setup to those profiles: tests sharing one sandbox set it for their own.
 */
const appSetup = z.strictObject({
  enrolled: z.boolean().default(true),
  userPostCap: z.number().int().min(0).nullable().default(null),
  appPostCap: z.number().int().min(0).nullable().default(null),
  usernames: z.array(z.string().min(1)).nullable().default(null),
});
type AppSetup = z.output<typeof appSetup>;

/** SANDBOX_X_APP: comma-separated `not-enrolled`, `user-cap=N`, `app-cap=N`. */
function configuredSetup(): AppSetup {
  const setup = appSetup.parse({});
  for (const item of (process.env.SANDBOX_X_APP ?? "").split(/[\s,]+/).filter(Boolean)) {
    const [name, value] = item.split("=");
    if (name === "not-enrolled" && value === undefined) setup.enrolled = false;
    else if ((name === "user-cap" || name === "app-cap") && /^\d+$/.test(value ?? ""))
      setup[name === "user-cap" ? "userPostCap" : "appPostCap"] = Number(value);
    else throw new Error(`SANDBOX_X_APP: unknown setting ${item} (known: not-enrolled, user-cap=N, app-cap=N)`);
  }
  return setup;
}

const DAY_MS = 24 * 3600_000;

const problem = (status: number, title: string, detail: string, type = "about:blank", headers: Record<string, string> = {}) =>
  jsonAnswer({ title, detail, type, status }, { status, headers: { "content-type": "application/problem+json", ...headers } });

const oauthError = (error: string, description: string) => jsonAnswer({ error, error_description: description }, { status: 400 });

export const xSandbox: ProviderModule = {
  provider: "x",
  tokenOf: bearer,
  error(kind, d = {}) {
    switch (kind) {
      case "expired_token":
      case "invalid_token":
        return problem(401, "Unauthorized", "Unauthorized");
      case "missing_scope":
        return problem(403, "Unsupported Authentication", d.message ?? "Missing scope", "https://api.twitter.com/2/problems/unsupported-authentication");
      case "rate_limit": {
        const reset = Math.ceil(Date.now() / 1000) + (d.retryAfterSeconds ?? 60);
        return problem(429, "Too Many Requests", "Too Many Requests", "about:blank", {
          "x-rate-limit-limit": "100",
          "x-rate-limit-remaining": "0",
          "x-rate-limit-reset": String(reset),
        });
      }
      case "quota":
        return problem(429, "UsageCapExceeded", "Usage cap exceeded: Monthly product cap", "https://api.twitter.com/2/problems/usage-capped");
      case "server_error":
        return problem(503, "Service Unavailable", "Service Unavailable");
      case "content":
        return problem(403, "Forbidden", d.message ?? "You are not permitted to perform this action.");
      case "media":
        return problem(400, "Invalid Request", d.message ?? "Your media IDs are invalid.", "https://api.twitter.com/2/problems/invalid-request");
      case "not_found":
        return problem(404, "Not Found Error", d.message ?? "Could not find the resource.", "https://api.twitter.com/2/problems/resource-not-found");
      default:
        return problem(
          400,
          "Invalid Request",
          d.message ?? "One or more parameters to your request was invalid.",
          "https://api.twitter.com/2/problems/invalid-request",
        );
    }
  },

  register(app, kit) {
    const { state } = kit;
    const m = xSandbox;

    // POST /2/tweets creations in the last 24 hours, per profile and for the whole app ("*").
    const creations = new Map<string, number[]>();
    const recent = (key: string) => {
      const kept = (creations.get(key) ?? []).filter((t) => t > Date.now() - DAY_MS);
      creations.set(key, kept);
      return kept;
    };
    const current = controlSetting(app, "x/app", appSetup, configuredSetup(), () => creations.clear());
    const appliesTo = (profileId: string) => {
      const { usernames } = current();
      return !usernames || usernames.includes(state.profile(profileId)?.username ?? "");
    };

    // Every v2 endpoint (not OAuth) refuses an app outside a Project, before anything else.
    app.use("/x/api/2/*", async (c, next) => {
      if (current().enrolled || c.req.path.startsWith("/x/api/2/oauth2/")) return next();
      const token = state.checkToken("x", bearer(c));
      if (typeof token === "string" || !appliesTo(token.profileId)) return next();
      return jsonAnswer(
        {
          client_id: token.clientId,
          detail:
            "When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project. You can create a project via the developer portal.",
          registration_url: "https://developer.twitter.com/en/docs/projects/overview",
          title: "Client Forbidden",
          required_enrollment: "Appropriate Level of API Access",
          reason: "client-not-enrolled",
          type: "https://api.twitter.com/2/problems/client-forbidden",
        },
        { status: 403, headers: { "content-type": "application/problem+json" } },
      );
    });

    /** X's 24-hour headers for a user's next post, and whether a cap is reached. */
    const dailyCaps = (profileId: string) => {
      const headers: Record<string, string> = {};
      let reached = false;
      if (!appliesTo(profileId)) return { headers, reached };
      for (const [prefix, cap, key] of [
        ["x-user-limit-24hour", current().userPostCap, profileId],
        ["x-app-limit-24hour", current().appPostCap, "*"],
      ] as const) {
        if (cap === null) continue;
        const times = recent(key);
        const reset = Math.ceil(((times[0] ?? Date.now()) + DAY_MS) / 1000);
        headers[`${prefix}-limit`] = String(cap);
        headers[`${prefix}-remaining`] = String(Math.max(0, cap - times.length));
        headers[`${prefix}-reset`] = String(reset);
        if (times.length >= cap) reached = true;
      }
      return { headers, reached };
    };
    const countCreation = (profileId: string) => {
      if (!appliesTo(profileId)) return;
      recent(profileId).push(Date.now());
      recent("*").push(Date.now());
    };

    kit.authorizePage(app, m, "/x/i/oauth2/authorize", "oauth.authorize", (c) => {
      const q = c.req.query();
      if (q.response_type !== "code" || !q.client_id || !q.redirect_uri || !q.code_challenge) {
        return c.text("Something went wrong: response_type=code, client_id, redirect_uri and code_challenge are required.", 400);
      }
      return consentPage(c, state, {
        provider: "x",
        clientId: q.client_id,
        redirectUri: q.redirect_uri,
        state: q.state,
        scopes: (q.scope ?? "").split(" ").filter(Boolean),
        codeChallenge: q.code_challenge,
        codeChallengeMethod: q.code_challenge_method ?? "plain",
      });
    });

    kit.open(app, m, "POST", "/x/api/2/oauth2/token", "oauth.token", async (c) => {
      const f = await params(c);
      const basic = c.req.header("authorization")?.match(/^Basic\s+(.+)$/i)?.[1];
      const clientId = basic ? Buffer.from(basic, "base64").toString().split(":")[0] : f.client_id;
      const ttl = kit.accessTtl(7200);
      if (f.grant_type === "authorization_code") {
        const grant = state.takeGrant(f.code ?? "");
        if (!grant || grant.provider !== "x") return oauthError("invalid_request", "Value passed for the authorization code was invalid.");
        if (grant.clientId !== clientId || grant.redirectUri !== f.redirect_uri)
          return oauthError("invalid_request", "Value passed for the redirect uri or client id was invalid.");
        const expected = grant.codeChallengeMethod === "S256" ? pkceChallenge(f.code_verifier ?? "") : f.code_verifier;
        if (expected !== grant.codeChallenge) return oauthError("invalid_request", "Value passed for the code verifier did not match the code challenge.");
        const access = state.issueToken({
          kind: "access",
          provider: "x",
          clientId: grant.clientId,
          profileId: grant.profileId,
          scopes: grant.scopes,
          expiresAt: Date.now() + ttl * 1000,
        });
        const refresh = grant.scopes.includes("offline.access")
          ? state.issueToken({
              kind: "refresh",
              provider: "x",
              clientId: grant.clientId,
              profileId: grant.profileId,
              scopes: grant.scopes,
              expiresAt: null,
              family: access.family,
            })
          : undefined;
        return c.json({
          token_type: "bearer",
          expires_in: ttl,
          access_token: access.value,
          scope: grant.scopes.join(" "),
          ...(refresh ? { refresh_token: refresh.value } : {}),
        });
      }
      if (f.grant_type === "refresh_token") {
        const old = state.token(f.refresh_token ?? "");
        if (!old || old.kind !== "refresh" || old.revoked || old.provider !== "x" || old.clientId !== clientId) {
          return oauthError("invalid_request", "Value passed for the token was invalid.");
        }
        state.retireToken(old.value); // rotation: the old refresh token stops working
        const access = state.issueToken({
          kind: "access",
          provider: "x",
          clientId: old.clientId,
          profileId: old.profileId,
          scopes: old.scopes,
          expiresAt: Date.now() + ttl * 1000,
          family: old.family,
        });
        const refresh = state.issueToken({
          kind: "refresh",
          provider: "x",
          clientId: old.clientId,
          profileId: old.profileId,
          scopes: old.scopes,
          expiresAt: null,
          family: old.family,
        });
        return c.json({ token_type: "bearer", expires_in: ttl, access_token: access.value, scope: old.scopes.join(" "), refresh_token: refresh.value });
      }
      return oauthError("invalid_request", "Missing or unsupported grant_type.");
    });

    kit.open(app, m, "POST", "/x/api/2/oauth2/revoke", "oauth.revoke", async (c) => {
      const f = await params(c);
      state.revokeToken(f.token ?? "");
      return c.json({ revoked: true });
    });

    kit.route(
      app,
      m,
      "GET",
      "/x/api/2/users/me",
      "users.me",
      (c, token) => {
        const p = state.profile(token.profileId)!;
        return c.json({ data: { id: p.id, name: p.displayName, username: p.username } });
      },
      [["users.read"]],
    );

    const media = registerXMedia(app, kit, m);

    kit.route(
      app,
      m,
      "POST",
      "/x/api/2/tweets",
      "tweets.create",
      async (c, token) => {
        const caps = dailyCaps(token.profileId);
        if (caps.reached) return problem(429, "Too Many Requests", "Too Many Requests", "about:blank", caps.headers);
        const body = (await c.req.json().catch(() => null)) as { text?: string; reply?: { in_reply_to_tweet_id?: string }; media?: unknown } | null;
        // A post needs text unless it carries media (docs.x.com/x-api/posts/create-post).
        const hasMedia = body?.media !== undefined;
        if (!body || (typeof body.text !== "string" && !hasMedia) || (typeof body.text === "string" && body.text.trim() === "" && !hasMedia))
          return m.error("invalid_request", { message: "The `text` field is required." });
        const text = body.text ?? "";
        const attached = hasMedia ? media.attach(body.media, token) : [];
        if (!Array.isArray(attached)) return attached;
        const parsed = twitter.parseTweet(text);
        if (text !== "" && !parsed.valid)
          return m.error("content", {
            message: "Your Tweet text is too long. For more information on how X determines text length see https://github.com/twitter/twitter-text.",
          });
        const replyTo = body.reply?.in_reply_to_tweet_id;
        if (replyTo && !state.post(replyTo)) return m.error("invalid_request", { message: "The Tweet you are replying to does not exist." });
        const profile = state.profile(token.profileId)!;
        const duplicate =
          text !== "" &&
          state
            .posts({ provider: "x", profileId: profile.id })
            .some((p) => !p.deleted && p.text === text && Date.now() - Date.parse(p.createdAt) < 24 * 3600_000);
        if (duplicate) return m.error("content", { message: "You are not allowed to create a Tweet with duplicate content." });
        const post = state.addPost({
          provider: "x",
          profileId: profile.id,
          username: profile.username,
          kind: replyTo ? "reply" : "tweet",
          text,
          replyTo,
          media: [],
          extra: {},
          permalink: (id) => `https://x.com/${profile.username}/status/${id}`,
        });
        if (attached.length > 0) media.attached(post, attached);
        countCreation(profile.id);
        return jsonAnswer(
          { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } },
          { status: 201, headers: dailyCaps(profile.id).headers },
        );
      },
      [["tweet.write"]],
    );

    kit.route(
      app,
      m,
      "DELETE",
      "/x/api/2/tweets/:id",
      "tweets.delete",
      (c, token) => {
        const post = state.post(c.req.param("id") ?? "");
        if (!post || post.provider !== "x" || post.profileId !== token.profileId) return m.error("not_found");
        post.deleted = true;
        state.changed();
        return c.json({ data: { deleted: true } });
      },
      [["tweet.write"]],
    );

    kit.route(
      app,
      m,
      "POST",
      "/x/api/2/users/:id/retweets",
      "retweets.create",
      async (c, token) => {
        const body = (await c.req.json().catch(() => null)) as { tweet_id?: string } | null;
        if ((c.req.param("id") ?? "") !== token.profileId) return m.error("missing_scope", { message: "You can only retweet as the authenticated user." });
        const target = body?.tweet_id ? state.post(body.tweet_id) : undefined;
        if (!target || target.provider !== "x" || target.deleted) return m.error("not_found", { message: "Could not find the Tweet to retweet." });
        const profile = state.profile(token.profileId)!;
        state.addPost({
          provider: "x",
          profileId: profile.id,
          username: profile.username,
          kind: "retweet",
          text: target.text,
          media: [],
          extra: { retweetOf: target.id },
          permalink: (id) => `https://x.com/${profile.username}/status/${id}`,
        });
        return c.json({ data: { retweeted: true } });
      },
      [["tweet.write"]],
    );

    kit.route(
      app,
      m,
      "GET",
      "/x/api/2/users/:id/tweets",
      "users.tweets",
      (c) => {
        const q = c.req.query();
        const max = Math.min(100, Math.max(5, Number(q.max_results ?? 10)));
        const all = state
          .posts({ provider: "x", profileId: c.req.param("id") ?? "" })
          .filter((p) => !p.deleted && (q.exclude?.includes("retweets") ? p.kind !== "retweet" : true))
          .reverse();
        const start = q.pagination_token ? Number(Buffer.from(q.pagination_token, "base64url").toString()) : 0;
        const page = all.slice(start, start + max);
        const next = start + max < all.length ? Buffer.from(String(start + max)).toString("base64url") : undefined;
        const fields = (q["tweet.fields"] ?? "").split(",");
        return c.json({
          data: page.map((p) => ({
            id: p.id,
            text: p.text,
            edit_history_tweet_ids: [p.id],
            ...(fields.includes("created_at") ? { created_at: p.createdAt } : {}),
            ...(fields.includes("public_metrics")
              ? {
                  public_metrics: {
                    retweet_count: p.metrics.reposts,
                    reply_count: p.metrics.replies,
                    like_count: p.metrics.likes,
                    quote_count: p.metrics.quotes,
                    bookmark_count: p.metrics.bookmarks,
                    impression_count: p.metrics.views,
                  },
                }
              : {}),
          })),
          meta: {
            result_count: page.length,
            ...(page.length ? { newest_id: page[0]!.id, oldest_id: page.at(-1)!.id } : {}),
            ...(next ? { next_token: next } : {}),
          },
        });
      },
      [["tweet.read"]],
    );
  },
};

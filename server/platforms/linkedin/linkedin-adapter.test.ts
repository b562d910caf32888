// LinkedIn adapter against the sandbox: OAuth without PKCE and non-rotating refresh tokens,
// little-text escaping (LinkedIn cuts unescaped commentary), reshares, the author finder with
// metrics, and every mapped error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../runtime/embedded-postgres.ts";
import { resetPlatformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/app.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import { linkedinSandbox } from "../../sandbox/linkedin/linkedin-sandbox.ts";
import { connect, contextFor, fault, redirectUri, sandbox, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { escapeLittleText, linkedinAdapter, linkedinUsername, littleTextToPlain, mapLinkedInError, nextUtcMidnight } from "./linkedin-adapter.ts";

const li = linkedinAdapter;
const DAY = 24 * 3600_000;

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

/** A fresh member connected with the given scopes (default: all the adapter asks for). */
async function member(opts: { displayName?: string; scopes?: string[] } = {}) {
  const username = `li_${crypto.randomUUID().slice(0, 8)}`;
  const { tokens, identity } = await connect(li, { username, displayName: opts.displayName ?? "Sandbox Member" }, { scopes: opts.scopes });
  return { tokens, identity, ctx: contextFor(identity, tokens), username };
}

/** A POST /rest/posts as a careless client would send it: commentary not escaped. */
function rawPost(
  accessToken: string,
  author: string,
  commentary: string,
  headers: Record<string, string> = { "LinkedIn-Version": "202601", "X-Restli-Protocol-Version": "2.0.0" },
) {
  return fetch(`${sandboxUrl()}/linkedin/api/rest/posts`, {
    method: "POST",
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify({
      author,
      commentary,
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
    }),
  });
}

type SandboxPostWithMetrics = { id: string; text: string; metrics: Record<string, number> };

describe("LinkedIn little text format", () => {
  it("escapes every reserved character with a backslash and leaves the rest alone", () => {
    expect(escapeLittleText("a\\b|c{d}e@f[g]h(i)j<k>l#m*n_o~p")).toBe("a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l\\#m\\*n\\_o\\~p");
    expect(escapeLittleText("Plain text, with: punctuation! & émojis 🎉 https://example.com/a-b?c=d")).toBe(
      "Plain text, with: punctuation! & émojis 🎉 https://example.com/a-b?c=d",
    );
  });

  it("reads commentary back as the text a reader sees, mentions and hashtags included", () => {
    const text = "Ship it (v2) #launch @team snake_case *bold* ~x~ [a] <b> {c} a|b back\\slash";
    expect(littleTextToPlain(escapeLittleText(text))).toBe(text);
    expect(littleTextToPlain("Thanks @[Ada Lovelace](urn:li:person:abc123) for {hashtag|\\#|engines\\_2}!")).toBe("Thanks Ada Lovelace for #engines_2!");
  });

  it("derives the username its owner recognises from the name, the member id only without one", () => {
    expect(linkedinUsername("Xy12-AbC_d", "Zoë O'Brien-Smith")).toBe("zoe-o-brien-smith");
    expect(linkedinUsername("EaLgrT-eGa", "maya_li")).toBe("maya_li");
    expect(linkedinUsername("Xy12-AbC_d")).toBe("Xy12-AbC_d");
  });
});

/** Sets LINKEDIN_SCOPES for the adapter (undefined: unset). */
function useScopes(value: string | undefined) {
  if (value === undefined) delete process.env.LINKEDIN_SCOPES;
  else process.env.LINKEDIN_SCOPES = value;
  resetPlatformConfig();
}

describe("LinkedIn on an app with the self-serve products only", () => {
  // A private sandbox whose LinkedIn app has the default (self-serve) products.
  let own: RunningSandbox;
  const previous = { url: process.env.SANDBOX_URL, scopes: process.env.LINKEDIN_SCOPES };
  beforeAll(async () => {
    own = await startSandbox({ port: await freePort(), modules: [linkedinSandbox] });
    process.env.SANDBOX_URL = own.url;
    useScopes(undefined);
  });
  afterAll(async () => {
    process.env.SANDBOX_URL = previous.url;
    useScopes(previous.scopes);
    await own.close();
  });

  it("requests only the self-serve scopes by default, connects, and can publish but not read", async () => {
    expect(new URL(li.authorizeUrl({ state: "s", redirectUri })).searchParams.get("scope")).toBe("openid profile email w_member_social");
    const { tokens, identity } = await connect(li, { displayName: "Self Serve" });
    expect(tokens.scopes).toEqual(["openid", "profile", "email", "w_member_social"]);
    const ctx = contextFor(identity, tokens);
    const post = await li.publishText!(ctx, { text: "posted with Share on LinkedIn" });
    expect(post.id).toMatch(/^urn:li:share:\d+$/);
    expect((await failure(li.listPosts(ctx, null))).kind).toBe("permission");
  });

  it("returns to the callback with unauthorized_scope_error, naming the scope, when LINKEDIN_SCOPES asks for a product the app lacks", async () => {
    useScopes("r_member_social,r_member_postAnalytics");
    try {
      const res = await fetch(li.authorizeUrl({ state: "s9", redirectUri }), { redirect: "manual" });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get("location")!);
      expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: "unauthorized_scope_error",
        error_description: 'Scope "r_member_social" is not authorized for your application',
        state: "s9",
      });
      // Once the app has the products (here through the sandbox's control API), the same request connects.
      const approve = await fetch(`${own.url}/_sandbox/linkedin/products`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ products: ["sign-in-openid", "share-on-linkedin", "community-management", "r-member-social"] }),
      });
      expect(approve.status).toBe(200);
      const { tokens } = await connect(li);
      expect(tokens.scopes).toEqual(["openid", "profile", "email", "w_member_social", "r_member_social", "r_member_postAnalytics"]);
    } finally {
      useScopes(undefined);
    }
  });
});

describe("LinkedIn adapter", () => {
  // The shared sandbox's LinkedIn app gets the reviewed products, and the adapter asks for their scopes.
  const previousScopes = process.env.LINKEDIN_SCOPES;
  const allProducts = ["sign-in-openid", "share-on-linkedin", "community-management", "r-member-social"];
  beforeAll(async () => {
    useScopes("r_member_social, r_member_postAnalytics");
    await sandbox("PUT", "/_sandbox/linkedin/products", { products: allProducts });
  });
  afterAll(async () => {
    useScopes(previousScopes);
    await sandbox("PUT", "/_sandbox/linkedin/products", { products: ["sign-in-openid", "share-on-linkedin"] });
  });

  it("builds the authorize URL without PKCE and with space-separated scopes", () => {
    const url = new URL(li.authorizeUrl({ state: "s1", redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(`${sandboxUrl()}/linkedin/oauth/v2/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "sandbox-linkedin",
      redirect_uri: redirectUri,
      state: "s1",
      scope: "openid profile email w_member_social r_member_social r_member_postAnalytics",
    });
    expect(li.usesPkce).toBe(false);
  });

  it("connects: consent, code exchange (60-day token, 365-day refresh token), identity and the granted scopes", async () => {
    const { tokens, identity } = await member({ displayName: "Ada Lovelace" });
    expect(tokens.scopes).toEqual(["openid", "profile", "email", "w_member_social", "r_member_social", "r_member_postAnalytics"]);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 60 * DAY - 60_000);
    expect(tokens.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 365 * DAY - 60_000);
    const sub = identity.providerAccountId;
    expect(sub).toMatch(/^[\w-]{10}$/);
    expect(identity).toEqual({
      providerAccountId: sub,
      username: "ada-lovelace",
      displayName: "Ada Lovelace",
      metadata: { authorUrn: `urn:li:person:${sub}` },
    });
  });

  it("uses an authorization code once, and only with its redirect URI", async () => {
    const back = await consentHeadlessly(li.authorizeUrl({ state: "s", redirectUri }));
    const code = back.searchParams.get("code")!;
    expect((await failure(li.exchangeCode({ code, redirectUri: "http://127.0.0.1:9/elsewhere" }))).kind).toBe("invalid_request");
    // the failed attempt consumed it
    expect((await failure(li.exchangeCode({ code, redirectUri }))).kind).toBe("invalid_request");
    const fresh = (await consentHeadlessly(li.authorizeUrl({ state: "s", redirectUri }))).searchParams.get("code")!;
    expect((await li.exchangeCode({ code: fresh, redirectUri })).accessToken).toBeTruthy();
    expect((await failure(li.exchangeCode({ code: fresh, redirectUri }))).kind).toBe("invalid_request");
  });

  it("refreshes without rotation: the same refresh token keeps working and keeps its first-consent expiry", async () => {
    const { tokens } = await member();
    expect(li.canRefresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! })).toBe(true);
    expect(li.canRefresh({ accessToken: tokens.accessToken, refreshToken: null })).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    const next = await li.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! });
    expect(next.accessToken).not.toBe(tokens.accessToken);
    // the newest refresh token is the one LinkedIn sent: the same one
    expect(next.refreshToken).toBe(tokens.refreshToken);
    // a second later the countdown goes on: a refresh token issued afresh would expire a second later
    expect(next.refreshTokenExpiresAt!.getTime()).toBeLessThanOrEqual(tokens.refreshTokenExpiresAt!.getTime() + 200);
    expect(next.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(tokens.refreshTokenExpiresAt!.getTime() - 1500);
    expect(next.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 60 * DAY - 60_000);
    const again = await li.refresh({ accessToken: next.accessToken, refreshToken: next.refreshToken! });
    expect(again.refreshToken).toBe(tokens.refreshToken);
    expect((await li.identities(again))[0]!.displayName).toBe("Sandbox Member");
    expect((await failure(li.refresh({ accessToken: next.accessToken, refreshToken: "AQnot-a-refresh-token" }))).kind).toBe("auth_expired");
  });

  it("publishes text whose reserved characters arrive whole only because the adapter escapes them", async () => {
    const { ctx, username, tokens } = await member();
    const text = "Launch (beta) #shipit with @team: snake_case, *bold*, ~tilde~, [x] <y> {z} a|b and back\\slash";
    const ref = await li.publishText!(ctx, { text });
    expect(ref.id).toMatch(/^urn:li:share:\d+$/);
    expect(ref.permalink).toBe(`https://www.linkedin.com/feed/update/${ref.id}`);
    expect((await sandboxPosts("linkedin", username)).map((p) => [p.text, p.kind])).toEqual([[text, "post"]]);

    // Sent unescaped, LinkedIn accepts the post and silently cuts it at the first "(".
    const raw = await rawPost(tokens.accessToken, ctx.metadata.authorUrn as string, "Careless (beta) #shipit");
    expect(raw.status).toBe(201);
    expect(raw.headers.get("x-restli-id")).toMatch(/^urn:li:share:\d+$/);
    expect((await sandboxPosts("linkedin", username)).map((p) => p.text)).toEqual([text, "Careless "]);

    const unversioned = await rawPost(tokens.accessToken, ctx.metadata.authorUrn as string, "no version", { "X-Restli-Protocol-Version": "2.0.0" });
    expect(unversioned.status).toBe(400);
    expect(await unversioned.json()).toMatchObject({ status: 400, code: "VERSION_MISSING" });
  });

  it("refuses a reply (LinkedIn has no threads) without posting anything", async () => {
    const { ctx, username } = await member();
    const root = await li.publishText!(ctx, { text: "Only post" });
    expect((await failure(li.publishText!(ctx, { text: "a follow-up", replyToId: root.id }))).kind).toBe("invalid_request");
    expect((await sandboxPosts("linkedin", username)).map((p) => p.text)).toEqual(["Only post"]);
  });

  it("reposts as a reshare of the original post, and answers not_found for a post that does not exist", async () => {
    const author = await member();
    const reader = await member();
    const original = await li.publishText!(author.ctx, { text: "Worth sharing" });
    const reshare = await li.repost!(reader.ctx, original.id);
    expect(reshare.id).toMatch(/^urn:li:share:\d+$/);
    expect(reshare.id).not.toBe(original.id);
    expect((await sandboxPosts("linkedin", reader.username)).map((p) => [p.id, p.kind, p.text, p.extra.resharedFrom])).toEqual([
      [reshare.id.split(":").at(-1), "reshare", "", original.id],
    ]);
    expect((await failure(li.repost!(reader.ctx, "urn:li:share:1"))).kind).toBe("not_found");
  });

  it("deletes an own post (204, again 204 once deleted); another member's post is refused and stays", async () => {
    const { ctx, username } = await member();
    const kept = await li.publishText!(ctx, { text: "stays" });
    const gone = await li.publishText!(ctx, { text: "goes" });
    await li.deletePost!(ctx, gone.id);
    await li.deletePost!(ctx, gone.id);
    expect((await li.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([kept.id]);
    expect((await sandboxPosts("linkedin", username)).map((p) => [p.text, Boolean(p.deleted)])).toEqual([
      ["stays", false],
      ["goes", true],
    ]);
    const other = await member();
    expect((await failure(li.deletePost!(other.ctx, kept.id))).kind).toBe("permission");
    expect((await failure(li.deletePost!(ctx, "urn:li:share:1"))).kind).toBe("not_found");
    expect((await li.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([kept.id]);
  });

  it("lists posts newest first across pages, with LinkedIn's metrics, unescaped, without bare reshares", async () => {
    const { ctx, username } = await member();
    const first = await li.publishText!(ctx, { text: "first (with parens) #tag" });
    await li.repost!(ctx, first.id);
    for (let i = 0; i < 101; i++) await li.publishText!(ctx, { text: `post ${i}` });

    const page1 = await li.listPosts(ctx, null);
    expect(page1.posts.map((p) => p.content)).toEqual(Array.from({ length: 100 }, (_, i) => `post ${100 - i}`));
    expect(page1.nextCursor).toBe("100");
    const page2 = await li.listPosts(ctx, page1.nextCursor);
    expect(page2.posts.map((p) => p.content)).toEqual(["post 0", "first (with parens) #tag"]);
    expect(page2.nextCursor).toBeNull();

    const listed = page2.posts[1]!;
    expect(listed).toMatchObject({ nativeId: first.id, permalink: first.permalink });
    expect(Math.abs(listed.postedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const stored = (await sandbox<{ posts: SandboxPostWithMetrics[] }>("GET", `/_sandbox/posts?provider=linkedin&username=${username}`)).posts;
    const seeded = stored.find((p) => `urn:li:share:${p.id}` === first.id)!.metrics;
    expect(listed.metrics).toEqual({ impressions: seeded.views, reactions: seeded.likes, comments: seeded.replies, reshares: seeded.reposts });
  });

  it("reports metrics the connection may not read as null, never zero", async () => {
    const { ctx } = await member({ scopes: ["openid", "profile", "w_member_social", "r_member_social"] });
    await li.publishText!(ctx, { text: "no analytics scope" });
    const { posts } = await li.listPosts(ctx, null);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.metrics).toEqual({ impressions: null, reactions: expect.any(Number), comments: expect.any(Number), reshares: null });
  });

  it("maps every platform failure of publishing to its kind", async () => {
    const { ctx, username } = await member();
    const kinds: [string, string][] = [
      ["expired_token", "auth_expired"],
      ["rate_limit", "rate_limited"],
      ["quota", "quota_exceeded"],
      ["reject_content", "content_rejected"],
      ["server_error", "unavailable"],
    ];
    for (const [kind, expected] of kinds) {
      await fault("linkedin", kind, { operation: "posts.create" });
      const err = await failure(li.publishText!(ctx, { text: `fault ${kind}` }));
      expect(err.kind, kind).toBe(expected);
      if (kind === "rate_limit") {
        // LinkedIn sends no Retry-After: the adapter backs off for a minute
        expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
        expect(err.retryAt!.getTime()).toBeLessThan(Date.now() + 70_000);
      }
      // daily limits reset at midnight UTC
      if (kind === "quota") expect(err.retryAt).toEqual(nextUtcMidnight());
    }
    expect(await sandboxPosts("linkedin", username)).toEqual([]);

    await li.publishText!(ctx, { text: "said once" });
    const duplicate = await failure(li.publishText!(ctx, { text: "said once" }));
    expect([duplicate.kind, duplicate.status, duplicate.platformCode]).toEqual(["content_rejected", 422, "DUPLICATE_POST"]);
    await li.publishText!(ctx, { text: "x".repeat(3000) });
    const tooLong = await failure(li.publishText!(ctx, { text: "y".repeat(3001) }));
    expect([tooLong.kind, tooLong.platformCode]).toEqual(["content_rejected", "FIELD_LENGTH_TOO_LONG"]);
    expect((await sandboxPosts("linkedin", username)).map((p) => p.text.length)).toEqual([9, 3000]);
  });

  it("maps failures of reading and of identity too", async () => {
    const { ctx, tokens } = await member();
    await fault("linkedin", "rate_limit", { operation: "posts.findByAuthor" });
    expect((await failure(li.listPosts(ctx, null))).kind).toBe("rate_limited");
    await fault("linkedin", "server_error", { operation: "socialActions.get" });
    await li.publishText!(ctx, { text: "metrics fail loudly, not as null" });
    expect((await failure(li.listPosts(ctx, null))).kind).toBe("unavailable");
    await fault("linkedin", "expired_token", { operation: "userinfo" });
    expect((await failure(li.identities(tokens))).kind).toBe("auth_expired");
    expect((await failure(li.listPosts(ctx, "not-a-cursor"))).kind).toBe("invalid_request");
  });

  it("answers auth_expired everywhere once the member revoked the app, refresh included", async () => {
    const { ctx, tokens } = await member();
    await fault("linkedin", "revoked_token", { operation: "userinfo" });
    expect((await failure(li.identities(tokens))).kind).toBe("auth_expired");
    expect((await failure(li.publishText!(ctx, { text: "after revocation" }))).kind).toBe("auth_expired");
    const refresh = await failure(li.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! }));
    expect([refresh.kind, refresh.platformCode]).toEqual(["auth_expired", "invalid_grant"]);
  });

  it("answers permission when the posting or reading scope was not granted", async () => {
    const reader = await member({ scopes: ["openid", "profile", "r_member_social"] });
    const cannotPost = await failure(li.publishText!(reader.ctx, { text: "no w_member_social" }));
    expect([cannotPost.kind, cannotPost.platformCode]).toEqual(["permission", "ACCESS_DENIED"]);
    const writer = await member({ scopes: ["openid", "profile", "w_member_social"] });
    expect((await failure(li.listPosts(writer.ctx, null))).kind).toBe("permission");
    expect((await failure(li.repost!(reader.ctx, (await li.publishText!(writer.ctx, { text: "shareable" })).id))).kind).toBe("permission");
  });

  it("reports a response lost after the post was created as unknown_outcome; the post exists once", async () => {
    const { ctx, username } = await member();
    await fault("linkedin", "response_lost", { operation: "posts.create" });
    const err = await failure(li.publishText!(ctx, { text: "applied, but did it?" }));
    expect(err.kind).toBe("unknown_outcome");
    expect((await sandboxPosts("linkedin", username)).map((p) => p.text)).toEqual(["applied, but did it?"]);
  });

  it("maps LinkedIn error bodies the sandbox does not produce", () => {
    const map = (status: number, body: unknown) => mapLinkedInError(status, body, new Headers());
    const revoked = map(401, {
      status: 401,
      serviceErrorCode: 65601,
      code: "REVOKED_ACCESS_TOKEN",
      message: "The token used in the request has been revoked by the user",
    });
    expect([revoked.kind, revoked.platformCode]).toEqual(["auth_expired", "REVOKED_ACCESS_TOKEN"]);
    expect(map(422, { status: 422, message: "Content is a duplicate of urn:li:share:7000" }).kind).toBe("content_rejected");
    expect(map(422, { status: 422, message: "ERROR :: /visibility :: field is required but not found and has no default value" }).kind).toBe("invalid_request");
    expect(map(429, { status: 429, message: "Resource level throttle APPLICATION DAY limit for calls to this resource is reached." }).kind).toBe(
      "quota_exceeded",
    );
    expect(map(503, "Service Unavailable").kind).toBe("unavailable");
    expect(map(426, { status: 426, code: "NONEXISTENT_VERSION", message: "Requested version 202201 is not active" }).kind).toBe("invalid_request");
    const retryAfter = mapLinkedInError(429, { status: 429, message: "Too Many Requests" }, new Headers({ "retry-after": "300" }));
    expect(retryAfter.retryAt!.getTime()).toBeGreaterThan(Date.now() + 290_000);
  });
});

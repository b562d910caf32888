// X adapter against the sandbox: OAuth with PKCE and rotation, threads, reposts, timeline,
// every mapped error; and the official twitter-api-v2 client against the same sandbox.
import { describe, expect, it } from "vitest";
import { PlatformError } from "../errors.ts";
import { connect, contextFor, fault, sandbox, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { officialXClient } from "../../testing/x-official-client.ts";
import { mapXError, xAdapter } from "./x-adapter.ts";

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

describe("X adapter", () => {
  it("connects with PKCE, reads the identity and the granted scopes", async () => {
    const url = new URL(xAdapter.authorizeUrl({ state: "s", redirectUri: "http://localhost/cb", codeChallenge: "abc" }));
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("tweet.read tweet.write users.read offline.access media.write");
    const { tokens, identity } = await connect(xAdapter, { username: "ada_x", displayName: "Ada" });
    expect(identity).toMatchObject({ username: "ada_x", displayName: "Ada" });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toEqual(["tweet.read", "tweet.write", "users.read", "offline.access", "media.write"]);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 7000_000);
  });

  it("refuses a code exchanged with the wrong PKCE verifier", async () => {
    const { consentHeadlessly } = await import("../../sandbox/headless-consent.ts");
    const back = await consentHeadlessly(xAdapter.authorizeUrl({ state: "s", redirectUri: "http://localhost/cb", codeChallenge: "not-the-right-one" }));
    const err = await failure(xAdapter.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: "http://localhost/cb", codeVerifier: "verifier" }));
    expect(err.kind).toBe("invalid_request");
  });

  it("rotates refresh tokens: the newest works, the old one is refused", async () => {
    const { tokens } = await connect(xAdapter);
    const next = await xAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! });
    expect(next.refreshToken).toBeTruthy();
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    const again = await failure(xAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! }));
    expect(again.kind).toBe("auth_expired");
    const third = await xAdapter.refresh({ accessToken: next.accessToken, refreshToken: next.refreshToken! });
    expect(third.accessToken).toBeTruthy();
  });

  it("publishes a thread (each post replies to the previous), reposts, and lists posts with metrics across pages", async () => {
    const { tokens, identity } = await connect(xAdapter);
    const ctx = contextFor(identity, tokens);
    const root = await xAdapter.publishText!(ctx, { text: "Thread start" });
    const reply = await xAdapter.publishText!(ctx, { text: "Second, https://example.com/more", replyToId: root.id });
    expect(root.permalink).toBe(`https://x.com/${identity.username}/status/${root.id}`);
    const posts = await sandboxPosts("x", identity.username);
    expect(posts.map((p) => [p.text, p.replyTo ?? null])).toEqual([
      ["Thread start", null],
      ["Second, https://example.com/more", root.id],
    ]);
    await xAdapter.repost!(ctx, root.id);
    for (let i = 0; i < 101; i++) await xAdapter.publishText!(ctx, { text: `post ${i}` });
    const first = await xAdapter.listPosts(ctx, null);
    expect(first.posts).toHaveLength(100);
    expect(first.nextCursor).toBeTruthy();
    const second = await xAdapter.listPosts(ctx, first.nextCursor);
    expect(second.posts.map((p) => p.content)).toEqual(["post 0", "Second, https://example.com/more", "Thread start"]);
    expect(second.nextCursor).toBeNull();
    expect(second.posts[2]!.metrics).toMatchObject({
      impression_count: expect.any(Number),
      like_count: expect.any(Number),
      bookmark_count: expect.any(Number),
    });
    expect(reply.id).not.toBe(root.id);
  });

  it("deletes an own post: gone from the timeline; a second delete and another account's delete find nothing", async () => {
    const { tokens, identity } = await connect(xAdapter);
    const ctx = contextFor(identity, tokens);
    const kept = await xAdapter.publishText!(ctx, { text: "stays" });
    const gone = await xAdapter.publishText!(ctx, { text: "goes" });
    await xAdapter.deletePost!(ctx, gone.id);
    expect((await xAdapter.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([kept.id]);
    expect((await sandboxPosts("x", identity.username)).map((p) => [p.text, Boolean(p.deleted)])).toEqual([
      ["stays", false],
      ["goes", true],
    ]);
    const other = await connect(xAdapter);
    expect((await failure(xAdapter.deletePost!(contextFor(other.identity, other.tokens), kept.id))).kind).toBe("not_found");
    expect((await xAdapter.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([kept.id]);
  });

  it("maps every platform failure to its kind", async () => {
    const { tokens, identity } = await connect(xAdapter);
    const ctx = contextFor(identity, tokens);
    const kinds: [string, string, Record<string, unknown>?][] = [
      ["expired_token", "auth_expired"],
      ["rate_limit", "rate_limited", { retryAfterSeconds: 120 }],
      ["quota", "quota_exceeded"],
      ["reject_content", "content_rejected"],
      ["server_error", "unavailable"],
    ];
    for (const [kind, expected, extra] of kinds) {
      await fault("x", kind, { operation: "tweets.create", ...extra });
      const err = await failure(xAdapter.publishText!(ctx, { text: `fault ${kind}` }));
      expect(err.kind, kind).toBe(expected);
      if (kind === "rate_limit") expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    }
    expect(await sandboxPosts("x", identity.username)).toEqual([]);
    const dup = await xAdapter.publishText!(ctx, { text: "once" });
    expect((await failure(xAdapter.publishText!(ctx, { text: "once" }))).kind).toBe("duplicate_content");
    expect(dup.id).toBeTruthy();
  });

  it("reports a response lost after the post was applied as unknown_outcome; the post exists once", async () => {
    const { tokens, identity } = await connect(xAdapter);
    await fault("x", "response_lost", { operation: "tweets.create" });
    const err = await failure(xAdapter.publishText!(contextFor(identity, tokens), { text: "applied, but did it?" }));
    expect(err.kind).toBe("unknown_outcome");
    expect((await sandboxPosts("x", identity.username)).map((p) => p.text)).toEqual(["applied, but did it?"]);
  });

  it("answers permission when the tweet.write scope was not granted, and auth_expired once revoked", async () => {
    const limited = await connect(xAdapter, { scopes: ["tweet.read", "users.read"] });
    expect((await failure(xAdapter.publishText!(contextFor(limited.identity, limited.tokens), { text: "no scope" }))).kind).toBe("permission");
    const full = await connect(xAdapter);
    await fault("x", "revoked_token", { operation: "users.me" });
    expect((await failure(xAdapter.identities(full.tokens))).kind).toBe("auth_expired");
    expect((await failure(xAdapter.refresh({ accessToken: full.tokens.accessToken, refreshToken: full.tokens.refreshToken! }))).kind).toBe("auth_expired");
  });

  it("is faithful enough for the official twitter-api-v2 client (tweet and reply)", async () => {
    const { tokens, identity } = await connect(xAdapter);
    const client = officialXClient(tokens.accessToken);
    const tweet = await client.v2.tweet("Hello from the official client");
    const reply = await client.v2.reply("And a reply", tweet.data.id);
    const me = await client.v2.me();
    expect(me.data.username).toBe(identity.username);
    const posts = await sandboxPosts("x", identity.username);
    expect(posts.map((p) => [p.text, p.replyTo ?? null])).toEqual([
      ["Hello from the official client", null],
      ["And a reply", tweet.data.id],
    ]);
    expect(reply.data.id).toBe(posts[1]!.id);
  });
});

describe("X app setup: Project enrolment and the daily post caps", () => {
  // Each test limits the sandbox app's setup to its own profiles (the sandbox is shared), then restores it.
  const setApp = (setup: Record<string, unknown>) => sandbox("PUT", "/_sandbox/x/app", setup);
  const restore = () => setApp({});

  it("stops at the per-user daily cap with quota_exceeded, naming the limit and X's reset time; other users post on", async () => {
    const a = await connect(xAdapter);
    const b = await connect(xAdapter);
    const ctx = contextFor(a.identity, a.tokens);
    try {
      await setApp({ userPostCap: 2, usernames: [a.identity.username, b.identity.username] });
      const started = Date.now();
      await xAdapter.publishText!(ctx, { text: "one" });
      await xAdapter.publishText!(ctx, { text: "two" });
      const err = await failure(xAdapter.publishText!(ctx, { text: "three" }));
      expect(err.kind).toBe("quota_exceeded");
      expect(err.status).toBe(429);
      // the window of the first post: 24 hours after it, in whole seconds
      expect(err.retryAt!.getTime()).toBeGreaterThanOrEqual(started + 24 * 3600_000 - 1000);
      expect(err.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 1000);
      expect(err.detail).toBe(`X's daily post limit for this X account (2 posts per 24 hours) is used up; it resets at ${err.retryAt!.toISOString()}`);
      expect((await sandboxPosts("x", a.identity.username)).map((p) => p.text)).toEqual(["one", "two"]);
      await xAdapter.publishText!(contextFor(b.identity, b.tokens), { text: "b still posts" });
    } finally {
      await restore();
    }
  });

  it("stops every account at the app's daily cap, and the headers are X's documented ones", async () => {
    const a = await connect(xAdapter);
    const b = await connect(xAdapter);
    try {
      await setApp({ appPostCap: 1, usernames: [a.identity.username, b.identity.username] });
      await xAdapter.publishText!(contextFor(a.identity, a.tokens), { text: "the app's one post" });
      const res = await fetch(`${sandboxUrl()}/x/api/2/tweets`, {
        method: "POST",
        headers: { Authorization: `Bearer ${b.tokens.accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ text: "over the app cap" }),
      });
      expect(res.status).toBe(429);
      expect(res.headers.get("x-app-limit-24hour-limit")).toBe("1");
      expect(res.headers.get("x-app-limit-24hour-remaining")).toBe("0");
      expect(Number(res.headers.get("x-app-limit-24hour-reset"))).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
      const err = await failure(xAdapter.publishText!(contextFor(b.identity, b.tokens), { text: "over the app cap" }));
      expect(err.kind).toBe("quota_exceeded");
      expect(err.detail).toMatch(
        /^X's daily post limit for this installation's X app \(all its accounts together\) \(1 posts per 24 hours\) is used up; it resets at \d{4}-\d\d-\d\dT/,
      );
    } finally {
      await restore();
    }
  });

  it("keeps a 15-minute 429 (24-hour allowance left) as rate_limited, retried at x-rate-limit-reset", () => {
    const reset = Math.ceil(Date.now() / 1000) + 600;
    const headers = new Headers({
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": String(reset),
      "x-user-limit-24hour-remaining": "40",
      "x-user-limit-24hour-reset": String(reset + 80_000),
    });
    const err = mapXError(429, { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 }, headers);
    expect(err.kind).toBe("rate_limited");
    expect(err.retryAt!.getTime()).toBe(reset * 1000);
  });

  it("answers an app outside a Project with X's client-forbidden problem, mapped to app_setup with a message saying what to do", async () => {
    const { tokens, identity } = await connect(xAdapter);
    const ctx = contextFor(identity, tokens);
    try {
      await setApp({ enrolled: false, usernames: [identity.username] });
      const res = await fetch(`${sandboxUrl()}/x/api/2/users/me`, { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
      expect(res.status).toBe(403);
      expect(Object.keys((await res.json()) as object).sort()).toEqual([
        "client_id",
        "detail",
        "reason",
        "registration_url",
        "required_enrollment",
        "title",
        "type",
      ]);
      // one call at a time: a call made ahead would reject while the previous one is awaited, unhandled
      for (const call of [() => xAdapter.publishText!(ctx, { text: "not enrolled" }), () => xAdapter.listPosts(ctx, null), () => xAdapter.identities(tokens)]) {
        const err = await failure(call());
        expect(err.kind).toBe("app_setup");
        expect(err.platformCode).toBe("client-not-enrolled");
        expect(err.detail).toMatch(
          /^The X app of this installation is not enrolled for the X API v2 \(X requires: Appropriate Level of API Access\): in the X developer portal, attach the app to a Project/,
        );
      }
      expect(await sandboxPosts("x", identity.username)).toEqual([]);
      // token refresh is OAuth, not a v2 endpoint: it still works
      expect((await xAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! })).accessToken).toBeTruthy();
    } finally {
      await restore();
    }
  });

  it("refuses a malformed setup with 422", async () => {
    const res = await fetch(`${sandboxUrl()}/_sandbox/x/app`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userPostCap: -1 }),
    });
    expect(res.status).toBe(422);
  });
});

// Threads adapter against the sandbox: OAuth with the long-lived exchange and the 24-hour refresh
// rule, containers polled to their terminal status, threads, reposts, the publishing caps,
// Meta cursor paging with insights, and every mapped error.
import { describe, expect, it } from "vitest";
import { freePort } from "../../runtime/embedded-postgres.ts";
import { connect, contextFor, fault, redirectUri, sandbox, sandboxPosts } from "../../testing/platform-fixtures.ts";
import { platformConfig, resetPlatformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import { startSandbox } from "../../sandbox/app.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import type { ErrorKind } from "../../sandbox/kit.ts";
import { threadsSandbox } from "../../sandbox/threads/threads-sandbox.ts";
import type { AccountContext } from "../types.ts";
import { mapThreadsError, threadsAdapter } from "./threads-adapter.ts";

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

async function account(scopes?: string[]) {
  const { tokens, identity } = await connect(threadsAdapter, scopes ? { scopes } : {});
  return { tokens, identity, ctx: contextFor(identity, tokens) };
}

/** Raw Graph calls with the account's token, for setup the adapter does not offer. */
async function graphCall<T>(ctx: AccountContext, method: string, path: string, form?: Record<string, string>) {
  const res = await fetch(`${platformConfig().endpoints.threads.graph}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ctx.accessToken}` },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

/** Publishes many posts quickly: containers in parallel, then each published once it is ready. */
async function seed(ctx: AccountContext, texts: string[]): Promise<string[]> {
  const containers: string[] = [];
  for (let i = 0; i < texts.length; i += 50) {
    const batch = texts
      .slice(i, i + 50)
      .map((text) => graphCall<{ id: string }>(ctx, "POST", `/v1.0/${ctx.providerAccountId}/threads`, { media_type: "TEXT", text }));
    containers.push(...(await Promise.all(batch)).map((r) => r.body.id));
  }
  const ids: string[] = [];
  for (const creation_id of containers) {
    for (;;) {
      const res = await graphCall<{ id?: string; error?: { code: number } }>(ctx, "POST", `/v1.0/${ctx.providerAccountId}/threads_publish`, { creation_id });
      if (res.body.id) {
        ids.push(res.body.id);
        break;
      }
      expect(res.body.error?.code).toBe(9007); // not ready yet
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return ids;
}

type SandboxPost = Awaited<ReturnType<typeof sandboxPosts>>[number] & { permalink: string; metrics: Record<string, number> };
const postsOf = async (username: string) => (await sandboxPosts("threads", username)) as SandboxPost[];

describe("Threads adapter", () => {
  it("builds the authorize URL without PKCE, with comma-separated scopes", () => {
    const url = new URL(threadsAdapter.authorizeUrl({ state: "st", redirectUri: "http://localhost/cb" }));
    expect(url.origin + url.pathname).toBe(platformConfig().endpoints.threads.authorize);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: platformConfig().credentials.threads.clientId,
      redirect_uri: "http://localhost/cb",
      scope: "threads_basic,threads_content_publish,threads_manage_insights,threads_read_replies",
      response_type: "code",
      state: "st",
    });
    expect(threadsAdapter.usesPkce).toBe(false);
  });

  it("connects: consent, code exchange, long-lived token, identity, and the requested scopes", async () => {
    const { tokens, identity } = await connect(threadsAdapter, { username: "ada_threads", displayName: "Ada" });
    expect(identity).toMatchObject({ username: "ada_threads", displayName: "Ada", providerAccountId: expect.stringMatching(/^\d+$/) });
    expect(tokens.refreshToken).toBeNull();
    // Threads reports no granted scopes: they are the requested ones.
    expect(tokens.scopes).toEqual(["threads_basic", "threads_content_publish", "threads_manage_insights", "threads_read_replies"]);
    // The 60-day token, not the 1-hour one the code gives.
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3600_000);
  });

  it("connects with documented calls only; the sandbox has no route the Threads API lacks", async () => {
    // A private sandbox, so the test sees every request the adapter sends while connecting.
    const own = await startSandbox({ port: await freePort(), modules: [threadsSandbox] });
    const calls: string[] = [];
    own.server.on("request", (req: { method: string; url: string }) => calls.push(`${req.method} ${req.url.split("?")[0]}`));
    const previous = process.env.SANDBOX_URL;
    process.env.SANDBOX_URL = own.url;
    resetPlatformConfig();
    try {
      const { tokens } = await connect(threadsAdapter);
      // developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions (authorize,
      // POST /oauth/access_token), …/get-started/long-lived-tokens (GET /access_token),
      // …/docs/threads/threads-profiles (GET /me?fields=…). The rest is the sandbox's consent page.
      expect(calls.filter((call) => !call.includes("/_sandbox/"))).toEqual([
        "GET /threads/oauth/authorize",
        "POST /threads/graph/oauth/access_token",
        "GET /threads/graph/access_token",
        "GET /threads/graph/v1.0/me",
      ]);
      // The Graph API's permissions edge is not part of the Threads API: an unknown path is not found.
      const res = await fetch(`${own.url}/threads/graph/v1.0/me/permissions`, { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
      expect(res.status).toBe(404);
    } finally {
      process.env.SANDBOX_URL = previous;
      resetPlatformConfig();
      await own.close();
    }
  });

  it("refuses a reused code and a code sent with another redirect URI", async () => {
    const code = async () => (await consentHeadlessly(threadsAdapter.authorizeUrl({ state: "s", redirectUri }))).searchParams.get("code")!;
    const first = await code();
    await threadsAdapter.exchangeCode({ code: first, redirectUri });
    expect((await failure(threadsAdapter.exchangeCode({ code: first, redirectUri }))).kind).toBe("invalid_request");
    expect((await failure(threadsAdapter.exchangeCode({ code: await code(), redirectUri: "http://127.0.0.1:9/elsewhere" }))).kind).toBe("invalid_request");
  });

  it("refreshes only tokens at least 24 h old: younger is invalid_request, older gets a new 60-day token", async () => {
    // A private sandbox, so the test can age a token by a day.
    const own = await startSandbox({ port: await freePort(), modules: [threadsSandbox] });
    const previous = process.env.SANDBOX_URL;
    process.env.SANDBOX_URL = own.url;
    resetPlatformConfig();
    try {
      const { tokens } = await connect(threadsAdapter);
      expect(threadsAdapter.canRefresh({ accessToken: tokens.accessToken, refreshToken: null })).toBe(true);
      expect((await failure(threadsAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: null }))).kind).toBe("invalid_request");
      own.state.token(tokens.accessToken)!.issuedAt -= 25 * 3600_000;
      const next = await threadsAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: null });
      expect(next.accessToken).not.toBe(tokens.accessToken);
      expect(next.refreshToken).toBeNull();
      expect(next.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3600_000);
      // The newest token is the one to keep: it works, and it is itself a fresh (not yet refreshable) token.
      expect((await threadsAdapter.identities(next))[0]!.providerAccountId).toMatch(/^\d+$/);
      expect((await failure(threadsAdapter.refresh({ accessToken: next.accessToken, refreshToken: null }))).kind).toBe("invalid_request");
    } finally {
      process.env.SANDBOX_URL = previous;
      resetPlatformConfig();
      await own.close();
    }
  });

  it("answers auth_expired once the grant is revoked, for API calls and for refresh", async () => {
    const { tokens, ctx } = await account();
    await fault("threads", "revoked_token", { operation: "me" });
    expect((await failure(threadsAdapter.identities(tokens))).kind).toBe("auth_expired");
    expect((await failure(threadsAdapter.publishText!(ctx, { text: "after revocation" }))).kind).toBe("auth_expired");
    expect((await failure(threadsAdapter.refresh({ accessToken: tokens.accessToken, refreshToken: null }))).kind).toBe("auth_expired");
  });

  it("publishes a thread: each container waits until FINISHED, each reply points at the previous post", async () => {
    const { identity, ctx } = await account();
    const root = await threadsAdapter.publishText!(ctx, { text: "Thread start 🧵" });
    const second = await threadsAdapter.publishText!(ctx, { text: "Second, see https://example.com/more", replyToId: root.id });
    const third = await threadsAdapter.publishText!(ctx, { text: "Third", replyToId: second.id });
    const posts = await postsOf(identity.username);
    expect(posts.map((p) => [p.id, p.text, p.replyTo ?? null])).toEqual([
      [root.id, "Thread start 🧵", null],
      [second.id, "Second, see https://example.com/more", root.id],
      [third.id, "Third", second.id],
    ]);
    expect(root.permalink).toMatch(new RegExp(`^https://www\\.threads\\.net/@${identity.username}/post/[A-Za-z0-9_-]+$`));
    expect(posts.map((p) => p.permalink)).toEqual([root.permalink, second.permalink, third.permalink]);
  });

  it("waits for a slowly processed container before publishing it", async () => {
    const { identity, ctx } = await account();
    await fault("threads", "slow_processing", { operation: "threads.create", delaySeconds: 1.5 });
    const started = Date.now();
    const post = await threadsAdapter.publishText!(ctx, { text: "patience" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect((await postsOf(identity.username)).map((p) => p.id)).toEqual([post.id]);
  });

  it("ends a failed container in ERROR: content_rejected, and nothing is published", async () => {
    const { identity, ctx } = await account();
    await fault("threads", "reject_media", { operation: "threads.create" });
    const err = await failure(threadsAdapter.publishText!(ctx, { text: "will fail processing" }));
    expect(err.kind).toBe("content_rejected");
    expect(err.message).toMatch(/failed: UNKNOWN/);
    expect(await postsOf(identity.username)).toEqual([]);
  });

  it("answers Meta's not-ready error when an unfinished container is published", async () => {
    const { ctx } = await account();
    await fault("threads", "slow_processing", { operation: "threads.create", delaySeconds: 30 });
    const container = await graphCall<{ id: string }>(ctx, "POST", `/v1.0/${ctx.providerAccountId}/threads`, { media_type: "TEXT", text: "not yet" });
    const status = await graphCall<{ status: string }>(ctx, "GET", `/v1.0/${container.body.id}?fields=status`);
    expect(status.body).toEqual({ id: container.body.id, status: "IN_PROGRESS" });
    const res = await graphCall(ctx, "POST", `/v1.0/${ctx.providerAccountId}/threads_publish`, { creation_id: container.body.id });
    const err = mapThreadsError(res.status, res.body, res.headers);
    expect([err.kind, err.platformCode]).toEqual(["unavailable", "9007/2207027"]);
  });

  it("enforces Threads' text rules: 500 code points, 5 links, replies only to existing posts of one's own threads", async () => {
    const { identity, ctx } = await account();
    const emoji = await threadsAdapter.publishText!(ctx, { text: "😀".repeat(500) }); // 1,000 UTF-16 units, 500 code points
    expect((await failure(threadsAdapter.publishText!(ctx, { text: "a".repeat(501) }))).kind).toBe("content_rejected");
    const links = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}`).join(" ");
    const five = await threadsAdapter.publishText!(ctx, { text: links(5) });
    const six = await failure(threadsAdapter.publishText!(ctx, { text: links(6) }));
    expect([six.kind, six.message]).toEqual(["content_rejected", expect.stringContaining("THREADS_API__LINK_LIMIT_EXCEEDED")]);
    expect((await failure(threadsAdapter.publishText!(ctx, { text: "orphan", replyToId: "1234567" }))).kind).toBe("not_found");
    const other = await account();
    expect((await failure(threadsAdapter.publishText!(other.ctx, { text: "not my thread", replyToId: emoji.id }))).kind).toBe("permission");
    expect((await postsOf(identity.username)).map((p) => p.id)).toEqual([emoji.id, five.id]);
  });

  it("reposts a post once, and answers not_found for a post that does not exist", async () => {
    const author = await account();
    const original = await threadsAdapter.publishText!(author.ctx, { text: "worth sharing" });
    const { identity, ctx } = await account();
    const repost = await threadsAdapter.repost!(ctx, original.id);
    expect(repost.id).not.toBe(original.id);
    expect(await threadsAdapter.repost!(ctx, original.id)).toEqual(repost);
    const mine = await postsOf(identity.username);
    expect(mine.map((p) => [p.id, p.kind, p.extra.repostOf])).toEqual([[repost.id, "repost", original.id]]);
    expect((await failure(threadsAdapter.repost!(ctx, "999999"))).kind).toBe("not_found");
  });

  it("deletes an own post with threads_delete: gone from the list and the object; a second delete, another's post and a missing scope are refused", async () => {
    const deleter = async () => {
      const { tokens, identity } = await connect(threadsAdapter, {}, { scopes: [...threadsAdapter.defaultScopes, "threads_delete"] });
      return { identity, ctx: contextFor(identity, tokens) };
    };
    const { identity, ctx } = await deleter();
    const kept = await threadsAdapter.publishText!(ctx, { text: "stays" });
    const gone = await threadsAdapter.publishText!(ctx, { text: "goes" });
    await threadsAdapter.deletePost!(ctx, gone.id);
    expect((await threadsAdapter.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([kept.id]);
    expect((await postsOf(identity.username)).map((p) => [p.text, Boolean(p.deleted)])).toEqual([
      ["stays", false],
      ["goes", true],
    ]);
    expect((await graphCall(ctx, "GET", `/v1.0/${gone.id}?fields=text`)).status).toBe(400);
    expect((await failure(threadsAdapter.deletePost!(ctx, gone.id))).kind).toBe("not_found");
    const other = await deleter();
    expect((await failure(threadsAdapter.deletePost!(other.ctx, kept.id))).kind).toBe("not_found");
    // The default scopes do not include threads_delete.
    const plain = await account();
    const own = await threadsAdapter.publishText!(plain.ctx, { text: "cannot delete" });
    expect((await failure(threadsAdapter.deletePost!(plain.ctx, own.id))).kind).toBe("permission");
  });

  it("lists own posts newest first across Meta cursor pages, with insights; replies and reposts are not listed", async () => {
    const { identity, ctx } = await account();
    const root = await threadsAdapter.publishText!(ctx, { text: "root" });
    await threadsAdapter.publishText!(ctx, { text: "a reply", replyToId: root.id });
    const other = await account();
    await threadsAdapter.repost!(ctx, (await threadsAdapter.publishText!(other.ctx, { text: "theirs" })).id);
    const seeded = await seed(
      ctx,
      Array.from({ length: 101 }, (_, i) => `post ${i}`),
    );
    const first = await threadsAdapter.listPosts(ctx, null);
    expect(first.posts.map((p) => p.nativeId)).toEqual(seeded.slice(1).reverse());
    expect(first.nextCursor).toBeTruthy();
    const second = await threadsAdapter.listPosts(ctx, first.nextCursor);
    expect(second.posts.map((p) => p.content)).toEqual(["post 0", "root"]);
    expect(second.nextCursor).toBeNull();
    const listed = second.posts[1]!;
    const stored = (await postsOf(identity.username)).find((p) => p.id === root.id)!;
    expect(listed).toMatchObject({ nativeId: root.id, permalink: root.permalink, mediaType: "TEXT_POST", mediaProductType: "THREADS" });
    expect(Math.abs(listed.postedAt.getTime() - Date.now())).toBeLessThan(120_000);
    const { views, likes, replies, reposts, quotes, shares } = stored.metrics;
    expect(listed.metrics).toEqual({ views, likes, replies, reposts, quotes, shares });
  });

  it("reports metrics as unavailable (null, not zero) without threads_manage_insights", async () => {
    const { ctx } = await account(["threads_basic", "threads_content_publish"]);
    await threadsAdapter.publishText!(ctx, { text: "no insights for me" });
    const page = await threadsAdapter.listPosts(ctx, null);
    expect(page.posts.map((p) => p.metrics)).toEqual([{ views: null, likes: null, replies: null, reposts: null, quotes: null, shares: null }]);
  });

  it("maps every platform failure to its kind, and nothing is published", async () => {
    const { identity, ctx } = await account();
    const kinds: [string, string, string, Record<string, unknown>?][] = [
      ["expired_token", "threads.publish", "auth_expired"],
      ["rate_limit", "threads.publish", "rate_limited", { retryAfterSeconds: 120 }],
      ["quota", "threads.publish", "quota_exceeded"],
      ["reject_content", "threads.create", "content_rejected"],
      ["server_error", "threads.publish", "unavailable"],
      ["server_error", "threads.create", "unavailable"],
    ];
    for (const [kind, operation, expected, extra] of kinds) {
      await fault("threads", kind, { operation, ...extra });
      const err = await failure(threadsAdapter.publishText!(ctx, { text: `fault ${kind}` }));
      expect(err.kind, `${kind} on ${operation}`).toBe(expected);
      if (kind === "rate_limit") expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    }
    expect(await postsOf(identity.username)).toEqual([]);
  });

  it("answers permission without threads_content_publish", async () => {
    const { identity, ctx } = await account(["threads_basic", "threads_manage_insights"]);
    expect((await failure(threadsAdapter.publishText!(ctx, { text: "no scope" }))).kind).toBe("permission");
    expect(await postsOf(identity.username)).toEqual([]);
  });

  it("reports a lost threads_publish answer as unknown_outcome; the post exists once", async () => {
    const { identity, ctx } = await account();
    await fault("threads", "response_lost", { operation: "threads.publish" });
    expect((await failure(threadsAdapter.publishText!(ctx, { text: "applied, but did it?" }))).kind).toBe("unknown_outcome");
    expect((await postsOf(identity.username)).map((p) => p.text)).toEqual(["applied, but did it?"]);
  });

  it("caps 250 posts per rolling 24 h (quota_exceeded), while replies keep their own quota", async () => {
    const { identity, ctx } = await account();
    const ids = await seed(
      ctx,
      Array.from({ length: 250 }, (_, i) => `quota ${i}`),
    );
    const limit = await graphCall<{ data: Record<string, unknown>[] }>(
      ctx,
      "GET",
      `/v1.0/${ctx.providerAccountId}/threads_publishing_limit?fields=quota_usage,config,reply_quota_usage`,
    );
    expect(limit.body.data).toEqual([{ quota_usage: 250, config: { quota_total: 250, quota_duration: 86400 }, reply_quota_usage: 0 }]);
    expect((await failure(threadsAdapter.publishText!(ctx, { text: "one too many" }))).kind).toBe("quota_exceeded");
    const reply = await threadsAdapter.publishText!(ctx, { text: "a reply still works", replyToId: ids[0]! });
    const posts = await postsOf(identity.username);
    expect(posts).toHaveLength(251);
    expect(posts.at(-1)!.id).toBe(reply.id);
  });

  it("keeps the token out of error messages when a token endpoint cannot be reached", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`; // nothing listens there
    process.env.THREADS_GRAPH_URL = closed;
    resetPlatformConfig();
    try {
      const err = await failure(threadsAdapter.refresh({ accessToken: "THAA-secret-token", refreshToken: null }));
      expect(err.kind).toBe("unavailable");
      expect(err.message).toContain(`${closed}/refresh_access_token`);
      expect(err.message).not.toContain("THAA-secret-token");
    } finally {
      delete process.env.THREADS_GRAPH_URL;
      resetPlatformConfig();
    }
  });

  it("renders each sandbox error the way the adapter reads Meta's errors", async () => {
    const expected: Record<ErrorKind, string> = {
      expired_token: "auth_expired",
      invalid_token: "auth_expired",
      missing_scope: "permission",
      rate_limit: "rate_limited",
      quota: "quota_exceeded",
      server_error: "unavailable",
      content: "content_rejected",
      media: "media_rejected",
      invalid_request: "invalid_request",
      not_found: "not_found",
    };
    for (const [kind, platformKind] of Object.entries(expected)) {
      const res = threadsSandbox.error(kind as ErrorKind);
      expect(mapThreadsError(res.status, await res.json(), res.headers).kind, kind).toBe(platformKind);
    }
  });

  it("names every sandbox operation for the fault API", async () => {
    expect((await sandbox<{ operations: Record<string, string[]> }>("GET", "/_sandbox/operations")).operations.threads).toEqual([
      "me",
      "oauth.access_token",
      "oauth.app_access_token",
      "oauth.authorize",
      "oauth.exchange",
      "oauth.refresh",
      "threads.create",
      "threads.delete",
      "threads.insights",
      "threads.list",
      "threads.object",
      "threads.publish",
      "threads.publishing_limit",
      "threads.repost",
    ]);
  });
});

// Mastodon adapter against the sandbox's instances: one app per instance, OAuth with PKCE and the
// `profile` scope where the instance has it, limits per instance, statuses with an
// Idempotency-Key (a resumed job's retry makes no second status), threads, content warnings and
// visibility, images with descriptions and a video followed through 206, reading with metrics,
// delete, a revoked token, and the SSRF guard on instance addresses.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../env.ts";
import { makeMp4 } from "../../testing/media-fixtures.ts";
import { connect, contextFor, redirectUri, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { PlatformError } from "../errors.ts";
import type { AccountContext, MediaSource, PlatformAdapter, PostMediaItem } from "../types.ts";
import { mastodonAdapterFor } from "./mastodon-adapter.ts";
import { appForInstance, memoryAppStore } from "./mastodon-apps.ts";
import { checkMastodonInstance } from "./mastodon-check.ts";
import { instanceBase, instanceLimits } from "./mastodon-instance.ts";
import type { MastodonPrepared } from "./mastodon-media.ts";
import { checkMastodonPost, mastodonLength } from "./mastodon-text.ts";

beforeAll(() => {
  // env() (the SSRF guard's allowed ranges) keeps its generated secrets in DATA_DIR
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "mastodon-adapter-"));
  delete process.env.URL_FETCH_ALLOW_CIDRS;
  resetEnv();
});

const store = memoryAppStore();
const instance = (domain = "social.example") => instanceBase(`${sandboxUrl()}/mastodon/${domain}`);

async function account(domain?: string) {
  const app = await appForInstance(instance(domain), redirectUri, store);
  const adapter = mastodonAdapterFor(app);
  const { tokens, identity } = await connect(adapter as unknown as PlatformAdapter);
  return { app, adapter, tokens, identity, ctx: contextFor(identity, tokens) };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

/** The instance's own answer for a status, read with the account's token. */
async function statusOnInstance(ctx: AccountContext, id: string) {
  const res = await fetch(`${ctx.metadata.instance as string}/api/v1/statuses/${id}`, { headers: { Authorization: `Bearer ${ctx.accessToken}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { media_attachments: { description: string; type: string }[] } };
}

function source(body: Buffer, mimeType: string): MediaSource {
  return { url: "http://127.0.0.1:9/unused", size: body.length, mimeType, readRange: async (start, end) => body.subarray(start, end) };
}
const image = (altText: string): PostMediaItem => ({ kind: "image", source: source(crypto.randomBytes(3000), "image/jpeg"), altText });

async function untilReady(adapter: ReturnType<typeof mastodonAdapterFor>, ctx: AccountContext, prepared: MastodonPrepared) {
  const seen: string[] = [];
  for (;;) {
    const r = await adapter.preparedStatus!(ctx, prepared);
    seen.push(r.state);
    if (r.state !== "processing") return seen;
    await new Promise((res) => setTimeout(res, 100));
  }
}

describe("Mastodon adapter", () => {
  it("registers our app once per instance and asks for `profile` only where the instance has it", async () => {
    const a = await appForInstance(instance(), redirectUri, store);
    const again = await appForInstance(instance(), redirectUri, store);
    expect(again.clientId).toBe(a.clientId);
    expect(a.scopes).toEqual(["read", "write:statuses", "write:media", "profile"]);
    const old = await appForInstance(instance("old.example"), redirectUri, store);
    expect(old.clientId).not.toBe(a.clientId);
    expect(old.scopes).toEqual(["read", "write:statuses", "write:media"]);

    const url = new URL(mastodonAdapterFor(a).authorizeUrl({ state: "st", redirectUri, codeChallenge: "abc" }));
    expect(url.origin + url.pathname).toBe(`${instance()}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: a.clientId,
      redirect_uri: redirectUri,
      scope: "read write:statuses write:media profile",
      state: "st",
      code_challenge: "abc",
      code_challenge_method: "S256",
    });
  });

  it("connects with PKCE on an instance with and one without `profile`, the identity carrying its instance", async () => {
    const { identity, tokens } = await account();
    expect(identity.username).toMatch(/^mastodon_\w+@social\.example$/);
    expect(identity.providerAccountId).toBe(`${identity.metadata!.accountId as string}@social.example`);
    expect(identity.metadata).toMatchObject({ instance: instance(), profileUrl: expect.stringContaining("https://social.example/@") });
    expect(tokens).toMatchObject({ refreshToken: null, expiresAt: null, scopes: ["read", "write:statuses", "write:media", "profile"] });
    const old = await account("old.example");
    expect(old.identity.username).toMatch(/@old\.example$/);
  });

  it("reads each instance's limits and counts text as Mastodon does", async () => {
    const social = await instanceLimits(instance());
    expect(social).toMatchObject({ maxCharacters: 500, maxMediaAttachments: 4, charactersReservedPerUrl: 23, imageSizeLimit: 16 * 1024 * 1024 });
    expect((await instanceLimits(instance("long.example"))).maxCharacters).toBe(5000);
    expect(mastodonLength(`hi https://example.com/${"a".repeat(100)} @ann@example.org`)).toBe(3 + 23 + 5);
    expect(mastodonLength("👩‍👩‍👧‍👦", "cw")).toBe(3);
    expect(checkMastodonPost(social, { text: "x".repeat(501) })).toEqual([{ field: "text", message: expect.stringContaining("this instance allows 500") }]);
    expect(checkMastodonPost(await instanceLimits(instance("long.example")), { text: "x".repeat(501) })).toEqual([]);
    expect(
      checkMastodonPost(social, { text: "x", media: Array.from({ length: 5 }, () => ({ kind: "image" as const, size: 10, mimeType: "image/jpeg" })) }),
    ).toEqual([{ field: "media", message: "has 5 items; this instance allows 4" }]);
  });

  it("publishes a thread with visibility, a content warning and language; a retried status is the same status", async () => {
    const { adapter, ctx } = await account();
    const root = await adapter.publishText(ctx, { text: "Thread 1/2 https://example.com", visibility: "unlisted", spoilerText: "spoilers", language: "en" });
    expect(root.permalink).toBe(`https://social.example/@${ctx.username.split("@")[0]}/${root.id}`);
    const retried = await adapter.publishText(ctx, { text: "Thread 1/2 https://example.com", visibility: "unlisted", spoilerText: "spoilers", language: "en" });
    expect(retried.id).toBe(root.id);
    const reply = await adapter.publishText(ctx, { text: "Thread 2/2", replyToId: root.id, idempotencyKey: "job-1:1" });
    const onInstance = await statusOnInstance(ctx, root.id);
    expect(onInstance.body).toMatchObject({ visibility: "unlisted", spoiler_text: "spoilers", sensitive: true, language: "en" });
    expect((await statusOnInstance(ctx, reply.id)).body.in_reply_to_id).toBe(root.id);
    const comment = await adapter.comment!(ctx, { postId: reply.id, text: "first comment" });
    expect((await statusOnInstance(ctx, comment.id)).body.in_reply_to_id).toBe(reply.id);
  });

  it("posts four images with descriptions, the key kept in the prepared progress so a resumed publish makes no second status", async () => {
    const { adapter, ctx } = await account();
    const prepared = (await adapter.preparePost!(ctx, {
      text: "Four kites",
      media: [1, 2, 3, 4].map((n) => image(`kite ${n}`)),
      visibility: "public",
    } as never)) as MastodonPrepared;
    expect(prepared.mediaIds).toHaveLength(4);
    expect(await untilReady(adapter, ctx, prepared)).toEqual(["ready"]);
    const first = await adapter.publishPrepared!(ctx, prepared, { text: "Four kites" });
    // the job resumes after a crash and publishes again from the same progress
    const resumed = await adapter.publishPrepared!(ctx, JSON.parse(JSON.stringify(prepared)) as MastodonPrepared, { text: "Four kites" });
    expect(resumed.id).toBe(first.id);
    const listed = await adapter.listPosts(ctx, null);
    expect(listed.posts.filter((p) => p.content === "Four kites")).toHaveLength(1);
    const { body } = await statusOnInstance(ctx, first.id);
    expect(body.media_attachments.map((m) => m.description)).toEqual(["kite 1", "kite 2", "kite 3", "kite 4"]);
  });

  it("follows a video through 202/206 until it is processed, then posts it", async () => {
    const { adapter, ctx } = await account();
    const mp4 = makeMp4();
    const prepared = (await adapter.preparePost!(ctx, { text: "A clip", media: [{ kind: "video", source: source(mp4, "video/mp4") }] })) as MastodonPrepared;
    const states = await untilReady(adapter, ctx, prepared);
    expect(states[0]).toBe("processing");
    expect(states.at(-1)).toBe("ready");
    const ref = await adapter.publishPrepared!(ctx, prepared, { text: "A clip" });
    expect((await statusOnInstance(ctx, ref.id)).body.media_attachments.map((m) => m.type)).toEqual(["video"]);
  });

  it("refuses what the instance would refuse before uploading anything", async () => {
    const { adapter, ctx } = await account();
    const tooLong = await failure(adapter.preparePost!(ctx, { text: "x".repeat(501), media: [image("a")] }));
    expect(tooLong.kind).toBe("invalid_request");
    expect(tooLong.detail).toContain("text is 501 characters");
    const mixed = await failure(adapter.preparePost!(ctx, { text: "x", media: [image("a"), { kind: "video", source: source(makeMp4(), "video/mp4") }] }));
    expect(mixed.detail).toContain("a video goes alone");
    // the instance's own refusal maps too (the adapter's check bypassed)
    const refused = await failure(adapter.publishText(ctx, { text: "y".repeat(501) }));
    expect(refused).toMatchObject({ kind: "content_rejected", status: 422, detail: "Validation failed: Text character limit of 500 exceeded" });
  });

  it("reads statuses with likes, reposts, replies and quotes (views and bookmarks unavailable), pages, and deletes", async () => {
    const { adapter, ctx } = await account();
    const a = await adapter.publishText(ctx, { text: "one & <two>" });
    const b = await adapter.publishText(ctx, { text: "line 1\nline 2\n\nnext paragraph" });
    const page = await adapter.listPosts(ctx, null);
    expect(page.posts.map((p) => p.nativeId)).toEqual([b.id, a.id]);
    expect(page.posts[0]!.content).toBe("line 1\nline 2\n\nnext paragraph");
    expect(page.posts[1]!.content).toBe("one & <two>");
    const m = page.posts[0]!.metrics;
    for (const name of ["likes", "reposts", "replies", "quotes"]) expect(m[name]).toBeTypeOf("number");
    expect(m.views).toBeNull();
    expect(m.bookmarks).toBeNull();
    expect(page.nextCursor).toBe(a.id);
    expect(await adapter.listPosts(ctx, page.nextCursor)).toEqual({ posts: [], nextCursor: null });
    await adapter.deletePost!(ctx, a.id);
    expect((await adapter.listPosts(ctx, null)).posts.map((p) => p.nativeId)).toEqual([b.id]);
    expect((await failure(adapter.deletePost!(ctx, a.id))).kind).toBe("not_found");
  });

  it("turns a revoked token into auth_expired (reconnect: there is no refresh)", async () => {
    const { app, adapter, ctx } = await account();
    await fetch(`${app.instance}/oauth/revoke`, {
      method: "POST",
      body: new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, token: ctx.accessToken }),
    });
    const err = await failure(adapter.publishText(ctx, { text: "after revoke" }));
    expect(err).toMatchObject({ kind: "auth_expired", status: 401 });
    expect(adapter.canRefresh({ accessToken: ctx.accessToken, refreshToken: null })).toBe(false);
    expect((await failure(adapter.refresh({ accessToken: ctx.accessToken, refreshToken: null }))).kind).toBe("auth_expired");
  });

  it("refuses an instance address inside our network unless URL_FETCH_ALLOW_CIDRS opens it", async () => {
    // the sandbox itself, named otherwise than SANDBOX_URL: an address like any user's
    const port = new URL(sandboxUrl()).port;
    const loopback = instanceBase(`http://localhost:${port}/mastodon/social.example`);
    const refused = await failure(appForInstance(loopback, redirectUri, memoryAppStore()));
    expect(refused.kind).toBe("invalid_request");
    expect(refused.detail).toContain("private, loopback or link-local");
    expect((await failure(instanceLimits(instanceBase(`http://127.0.0.1:${port}/elsewhere`)))).detail).toContain("loopback");
    process.env.URL_FETCH_ALLOW_CIDRS = "127.0.0.0/8,::1/128";
    resetEnv();
    try {
      const app = await appForInstance(loopback, redirectUri, memoryAppStore());
      expect(app.clientId).toBeTruthy();
      expect((await instanceLimits(loopback)).maxCharacters).toBe(500);
    } finally {
      delete process.env.URL_FETCH_ALLOW_CIDRS;
      resetEnv();
    }
  });

  it("checks an instance for `platforms check` through /api/v2/instance", async () => {
    expect(await checkMastodonInstance(instance("tiny.example"))).toEqual({
      result: "ok",
      detail: `${instance("tiny.example")} answers /api/v2/instance (version 4.4.0): 280 characters, 4 attachments, URLs as 23`,
    });
    const down = await checkMastodonInstance(instanceBase(`${sandboxUrl()}/mastodon/x.example/not-an-instance`));
    expect(down.result).toBe("fail");
    expect(down.detail).toContain("sandbox: no route");
  });

  it("normalizes what users type as an instance address", () => {
    expect(instanceBase("Mastodon.Social")).toBe("https://mastodon.social");
    expect(instanceBase("https://mastodon.social/")).toBe("https://mastodon.social");
    expect(instanceBase("@ann@fosstodon.org")).toBe("https://fosstodon.org");
    expect(() => instanceBase("ftp://x.example")).toThrow(/http/);
    expect(() => instanceBase("https://user:pw@x.example")).toThrow(/credentials/);
  });
});

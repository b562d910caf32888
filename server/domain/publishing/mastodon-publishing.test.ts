// Publishing to Mastodon (issue 48) through the REST API against the sandbox's instances: text and
// threads at once (POST /api/v1/posts), post groups as jobs with the target's options and an
// Idempotency-Key of the job, images with descriptions, a first comment as a reply, the
// instance's limits as 422s naming the field (nothing created), and reading the statuses back.
import { describe, expect, it } from "vitest";
import { expectIssue, waitForGroup } from "../../testing/post-group-fixtures.ts";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, compareDryRunsWithRealCalls, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { publish, uploadImage } from "../../testing/publish-fixtures.ts";
import { withAccount } from "../accounts/account-tokens.ts";
import { completeConnect, startConnect } from "../accounts/connect-account.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import { syncAccount } from "../posts/sync-account.ts";
import { deletePublishedPost } from "../posts/delete-post.ts";
import type { Scope } from "../access.ts";

compareDryRunsWithRealCalls();

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id) };
}

/** A Mastodon account on one of the sandbox's instances (tiny.example: 280 characters). */
async function mastodonOn(scope: Scope, domain: string) {
  const { authorizeUrl } = await startConnect(scope, { provider: "mastodon", instance: `${sandboxUrl()}/mastodon/${domain}` });
  const back = await consentHeadlessly(authorizeUrl, { username: `m_${crypto.randomUUID().slice(0, 6)}` });
  const { accounts } = await completeConnect({
    provider: "mastodon",
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    userId: scope.actor.kind === "user" ? scope.actor.userId : null,
  });
  return accounts[0]!;
}

const rid = () => crypto.randomUUID();
const profileName = (username: string) => username.split("@")[0]!;

/** The instance's own answer for a status, read with the account's token. */
async function statusOnInstance(accountId: string, id: string) {
  return withAccount(accountId, async (ctx) => {
    const res = await fetch(`${ctx.metadata.instance as string}/api/v1/statuses/${id}`, { headers: { Authorization: `Bearer ${ctx.accessToken}` } });
    return (await res.json()) as {
      id: string;
      in_reply_to_id: string | null;
      visibility: string;
      spoiler_text: string;
      sensitive: boolean;
      language: string | null;
      media_attachments: { description: string | null; type: string }[];
      favourites_count: number;
      reblogs_count: number;
      replies_count: number;
    };
  });
}

async function expectNothingCreated(workspaceId: string, usernames: string[]) {
  expect(await db.postGroup.count({ where: { workspaceId } })).toBe(0);
  expect(await db.publishJob.count({ where: { workspaceId } })).toBe(0);
  for (const u of usernames) expect(await sandboxPosts("mastodon", profileName(u))).toEqual([]);
}

describe("publishing to Mastodon", () => {
  it("publishes a thread at once through POST /api/v1/posts, each status a reply to the one before, with an Idempotency-Key", async () => {
    const t = await setup();
    const m = await connectAccount(t.scope, "mastodon");
    const res = await publish(t.key, { accountIds: [m.accountId], posts: ["First of two https://example.com/a", "Second of two"] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.results[0]).toMatchObject({ provider: "mastodon", success: true });
    const [first, second] = res.json.results[0].postIds as string[];
    const onInstance = await sandboxPosts("mastodon", profileName(m.username));
    expect(onInstance.map((p) => p.text)).toEqual(["First of two https://example.com/a", "Second of two"]);
    expect(onInstance[1]!.replyTo).toBe(first);
    expect((await statusOnInstance(m.accountId, second!)).in_reply_to_id).toBe(first);
    expect(onInstance.every((p) => typeof p.extra.idempotencyKey === "string")).toBe(true);
  });

  it("refuses text over the instance's max_characters (as Mastodon counts: each link 23) with a 422 naming the post, publishing nothing", async () => {
    const t = await setup();
    const tiny = await mastodonOn(t.scope, "tiny.example"); // 280 characters
    // a long link counts as 23: 250 + 1 + 23 = 274 fits on tiny.example
    const fits = `${"a".repeat(250)} https://example.com/${"p".repeat(200)}`;
    const over = "b".repeat(281);
    const res = await publish(t.key, { accountIds: [tiny.accountId], posts: [fits, over] });
    expectIssue(res, "posts[1]");
    expect(res.json.error.details.issues.map((i: { path: string }) => i.path)).not.toContain("posts[0]");
    expect(await sandboxPosts("mastodon", profileName(tiny.username))).toEqual([]);
  });

  it("publishes a post group with an image and its description, visibility, content warning and language, the job's Idempotency-Key, and a first comment as a reply", async () => {
    const t = await setup();
    const m = await connectAccount(t.scope, "mastodon");
    const image = await uploadImage(t.key);
    const res = await api(t.key)("POST", "/api/v1/post-groups", {
      body: {
        requestId: rid(),
        content: {
          text: "Launch day https://example.com/launch",
          media: [{ mediaId: image.mediaId, altText: "A blue square" }],
          firstComment: "Details below",
        },
        targets: [{ accountId: m.accountId, mastodon: { visibility: "unlisted", spoilerText: "launch news", sensitive: true, language: "en" } }],
      },
    });
    expect(res.status, res.text).toBe(202);
    const jobId = res.json.targets[0].jobId as string;
    const group = await waitForGroup(t.key, res.json.postGroupId);
    expect(group.status, JSON.stringify(group)).toBe("published");
    const target = group.targets[0];
    expect(target.firstComment).toMatchObject({ status: "posted" });

    const onInstance = await sandboxPosts("mastodon", profileName(m.username));
    const post = onInstance.find((p) => p.id === target.postId)!;
    // the key is the job's and the post's: a retry of the same job sends the same one
    expect(post.extra.idempotencyKey).toBe(`${jobId}:0`);
    const status = await statusOnInstance(m.accountId, target.postId);
    expect(status).toMatchObject({ visibility: "unlisted", spoiler_text: "launch news", sensitive: true, language: "en" });
    expect(status.media_attachments).toEqual([expect.objectContaining({ type: "image", description: "A blue square" })]);
    const reply = onInstance.find((p) => p.text === "Details below")!;
    expect(reply.replyTo).toBe(target.postId);
  });

  it("publishes a post group thread of two chained with in_reply_to_id", async () => {
    const t = await setup();
    const m = await connectAccount(t.scope, "mastodon");
    const res = await api(t.key)("POST", "/api/v1/post-groups", {
      body: {
        requestId: rid(),
        content: { text: "Thread one", thread: ["Thread two"] },
        targets: [{ accountId: m.accountId, mastodon: { visibility: "private" } }],
      },
    });
    expect(res.status, res.text).toBe(202);
    const jobId = res.json.targets[0].jobId as string;
    expect((await waitForGroup(t.key, res.json.postGroupId)).status).toBe("published");
    const [one, two] = await sandboxPosts("mastodon", profileName(m.username));
    expect([one!.text, two!.text]).toEqual(["Thread one", "Thread two"]);
    expect(two!.replyTo).toBe(one!.id);
    expect([one!.extra.idempotencyKey, two!.extra.idempotencyKey]).toEqual([`${jobId}:0`, `${jobId}:1`]);
    expect((await statusOnInstance(m.accountId, two!.id)).visibility).toBe("private");
  });

  it("publishes a scheduled thread when due, each status with the job's Idempotency-Key", async () => {
    const t = await setup();
    const m = await connectAccount(t.scope, "mastodon");
    const res = await api(t.key)("POST", "/api/v1/scheduled-posts", {
      body: { accountIds: [m.accountId], posts: ["Scheduled one", "Scheduled two"], scheduledAt: new Date(Date.now() + 2000).toISOString() },
    });
    expect([200, 202], res.text).toContain(res.status);
    // a text schedule answers its scheduled posts (SPEC.md); its job is found by them
    const job = await db.publishJob.findFirstOrThrow({ where: { scheduledPostId: res.json.results[0].scheduledPostIds[0] } });
    const jobId = job.id;
    for (let i = 0; ; i++) {
      const { status } = await db.publishJob.findUniqueOrThrow({ where: { id: jobId } });
      if (status === "published") break;
      expect(["failed", "unknown", "canceled"], `job ${status}`).not.toContain(status);
      if (i > 150) throw new Error(`job still ${status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const [one, two] = await sandboxPosts("mastodon", profileName(m.username));
    expect(two!.replyTo).toBe(one!.id);
    expect([one!.extra.idempotencyKey, two!.extra.idempotencyKey]).toEqual([`${jobId}:0`, `${jobId}:1`]);
  });

  it("refuses with 422 naming the field, creating nothing: a content warning on an X target, text plus content warning over the instance's limit, more images than the instance takes", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const tiny = await mastodonOn(t.scope, "tiny.example");
    const group = (content: unknown, targets: unknown[]) => api(t.key)("POST", "/api/v1/post-groups", { body: { requestId: rid(), content, targets } });

    expectIssue(await group({ text: "Hello" }, [{ accountId: x.accountId, mastodon: { spoilerText: "cw" } }]), "targets[0].mastodon");
    // 270 characters fit in 280, not with a 20-character content warning
    expectIssue(await group({ text: "c".repeat(270) }, [{ accountId: tiny.accountId, mastodon: { spoilerText: "s".repeat(20) } }]), "targets[0].content.text");
    const images = await Promise.all([1, 2, 3, 4, 5].map(() => uploadImage(t.key)));
    const m = await connectAccount(t.scope, "mastodon"); // mastodon.social: Mastodon's default 4 attachments
    expectIssue(await group({ text: "Five", media: images.map((i) => ({ mediaId: i.mediaId })) }, [{ accountId: m.accountId }]), "targets[0].content.media");
    await expectNothingCreated(t.workspace.id, [tiny.username, m.username]);
  });

  it("reads the account's statuses with likes, reposts and replies mapped, views and bookmarks null", async () => {
    const t = await setup();
    const m = await connectAccount(t.scope, "mastodon");
    const res = await publish(t.key, { accountIds: [m.accountId], posts: ["Read me back"] });
    expect(res.status, res.text).toBe(200);
    const id = res.json.results[0].postIds[0] as string;
    expect((await syncAccount(m.accountId)).complete).toBe(true);
    const listed = await api(t.key)("GET", `/api/v1/posts?accountId=${m.accountId}`);
    expect(listed.status, listed.text).toBe(200);
    const status = await statusOnInstance(m.accountId, id);
    expect(listed.json.posts).toEqual([
      expect.objectContaining({
        postId: id,
        platform: "mastodon",
        content: "Read me back",
        metrics: expect.objectContaining({
          likes: status.favourites_count,
          reposts: status.reblogs_count,
          replies: status.replies_count,
          views: null,
          bookmarks: null,
        }),
      }),
    ]);
  });

  it("deletes a status from the dashboard: gone on the instance and from the posts list; an X post is refused with a 422", async () => {
    const t = await setup();
    const m = await connectAccount(t.scope, "mastodon");
    const x = await connectAccount(t.scope, "x");
    const res = await publish(t.key, { accountIds: [m.accountId, x.accountId], posts: ["Delete me"] });
    expect(res.status, res.text).toBe(200);
    const [onMastodon, onX] = res.json.results as { postIds: string[] }[];
    await syncAccount(m.accountId);
    expect((await api(t.key)("GET", `/api/v1/posts?accountId=${m.accountId}`)).json.posts).toHaveLength(1);
    expect(await deletePublishedPost(t.scope, { accountId: m.accountId, postId: onMastodon!.postIds[0]! })).toEqual({ deleted: true });
    const gone = await withAccount(m.accountId, async (ctx) =>
      fetch(`${ctx.metadata.instance as string}/api/v1/statuses/${onMastodon!.postIds[0]}`, { headers: { Authorization: `Bearer ${ctx.accessToken}` } }),
    );
    expect(gone.status).toBe(404);
    expect((await api(t.key)("GET", `/api/v1/posts?accountId=${m.accountId}`)).json.posts).toEqual([]);
    await expect(deletePublishedPost(t.scope, { accountId: x.accountId, postId: onX!.postIds[0]! })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "postId" })] },
    });
  });
});

// What real platforms do to a new app, end to end through the REST API: X's daily post caps and
// its refusal of an app outside a Project, TikTok's unaudited clients, and an Instagram account
// that did not grant insights. The sandbox's app setup is limited to each test's own profiles.
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, compareDryRunsWithRealCalls, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { sandbox, sandboxPosts } from "../../testing/platform-fixtures.ts";
import { publish, uploadImage, uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";
import { syncAccount } from "../posts/sync-account.ts";

// every publishing write below is also checked against its dry run (POST …/validate)
compareDryRunsWithRealCalls();

async function setup() {
  const t = await createWorkspaceWithKey();
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id), call: api(t.key) };
}
const rid = () => crypto.randomUUID();
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

/** A scheduled X post due in a second; its job's id (text schedules answer 200, the job is listed). */
async function scheduleX(t: Awaited<ReturnType<typeof setup>>, accountId: string, text: string): Promise<string> {
  const res = await t.call("POST", "/api/v1/scheduled-posts", { body: { accountIds: [accountId], posts: [text], scheduledAt: inSeconds(1) } });
  expect(res.status).toBe(200);
  expect(res.json.results[0]).toMatchObject({ success: true });
  return (await t.call("GET", "/api/v1/scheduled-posts?provider=x")).json.scheduledPosts[0].jobId;
}

async function withApp(provider: "x" | "tiktok", setup: Record<string, unknown>, run: () => Promise<void>) {
  await sandbox("PUT", `/_sandbox/${provider}/app`, setup);
  try {
    await run();
  } finally {
    await sandbox("PUT", `/_sandbox/${provider}/app`, {});
  }
}

describe("X daily post caps", () => {
  it("answers PUBLISH_QUOTA_EXCEEDED with X's reset time, now and for a scheduled post's job", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    await withApp("x", { userPostCap: 1, usernames: [x.username] }, async () => {
      const first = await publish(t.key, { accountIds: [x.accountId], posts: ["the day's one post"] });
      expect(first.json.results[0]).toMatchObject({ success: true });
      const postedAt = Date.now();

      const capped = await publish(t.key, { accountIds: [x.accountId], posts: ["one too many"] });
      expect(capped.status).toBe(200);
      const error = capped.json.results[0].error as { code: string; message: string };
      expect(capped.json.results[0].success).toBe(false);
      expect(error.code).toBe("PUBLISH_QUOTA_EXCEEDED");
      const reset = /^X's daily post limit for this X account \(1 posts per 24 hours\) is used up; it resets at (\S+)$/.exec(error.message);
      expect(reset, error.message).not.toBeNull();
      expect(Math.abs(Date.parse(reset![1]!) - (postedAt + 24 * 3600_000))).toBeLessThan(10_000);

      const job = await waitForJob(t.key, await scheduleX(t, x.accountId, "scheduled, over the cap"));
      // failed at once, not retried until X's reset a day later
      expect(job).toMatchObject({ status: "failed", postId: null, error: { code: "PUBLISH_QUOTA_EXCEEDED", message: error.message } });
      expect((await sandboxPosts("x", x.username)).map((p) => p.text)).toEqual(["the day's one post"]);
    });
  });
});

describe("an X app outside a Project", () => {
  it("fails with PUBLISH_FAILED saying to attach the app to a Project; the account is not marked for reconnection", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    await withApp("x", { enrolled: false, usernames: [x.username] }, async () => {
      const now = await publish(t.key, { accountIds: [x.accountId], posts: ["not enrolled"] });
      const message = expect.stringMatching(
        /^The X app of this installation is not enrolled for the X API v2 \(X requires: Appropriate Level of API Access\): in the X developer portal, attach the app to a Project with the access it needs/,
      );
      expect(now.json.results[0]).toMatchObject({ success: false, error: { code: "PUBLISH_FAILED", message } });

      const job = await waitForJob(t.key, await scheduleX(t, x.accountId, "scheduled, not enrolled"));
      expect(job).toMatchObject({ status: "failed", error: { code: "PUBLISH_FAILED", message } });
    });
    expect(await db.connectedAccount.findUniqueOrThrow({ where: { id: x.accountId } })).toMatchObject({ needsReconnect: false });
    expect(await sandboxPosts("x", x.username)).toEqual([]);
  });
});

describe("a TikTok app not yet audited", () => {
  it("fails a public video job with PUBLISH_FAILED explaining TikTok's audit", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    await withApp("tiktok", { audited: false, usernames: [tiktok.username] }, async () => {
      const res = await publish(t.key, {
        accountIds: [tiktok.accountId],
        posts: ["public, too soon"],
        video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
      });
      expect(res.status).toBe(202);
      const job = await waitForJob(t.key, res.json.results[0].jobId);
      expect(job).toMatchObject({ status: "failed", postId: null, error: { code: "PUBLISH_FAILED" } });
      expect(job.error.message).toMatch(
        /^This installation's TikTok app has not passed TikTok's audit, so TikTok accepts only private posts \(privacy level SELF_ONLY\) from it\. Posteady posts TikTok videos publicly, which works once the app has passed the audit/,
      );
    });
    expect(await sandboxPosts("tiktok", tiktok.username)).toEqual([]);
    expect(await db.connectedAccount.findUniqueOrThrow({ where: { id: tiktok.accountId } })).toMatchObject({ needsReconnect: false });
  });
});

describe("an Instagram account without the insights permission", () => {
  it("syncs its posts with insight metrics null (never zero) and the live like and comment counters", async () => {
    const t = await setup();
    const scopes = ["instagram_business_basic", "instagram_business_content_publish", "instagram_business_manage_comments"];
    const ig = await connectAccount(t.scope, "instagram", { accountType: "BUSINESS", scopes });
    const res = await publish(t.key, {
      accountIds: [ig.accountId],
      instagram: { requestId: rid(), contentType: "FEED", caption: "no insights", items: [{ mediaId: (await uploadImage(t.key)).mediaId }] },
    });
    expect((await waitForJob(t.key, res.json.results[0].jobId)).status).toBe("published");
    await new Promise((r) => setTimeout(r, 1100)); // past the sandbox's insights delay

    expect(await syncAccount(ig.accountId)).toMatchObject({ posts: 1, complete: true });
    const listed = await t.call("GET", `/api/v1/posts?accountId=${ig.accountId}`);
    expect(listed.status).toBe(200);
    const native = (await sandboxPosts("instagram", ig.username))[0]!.metrics;
    expect(listed.json.posts).toHaveLength(1);
    expect(listed.json.posts[0]).toMatchObject({ content: "no insights" });
    expect(listed.json.posts[0].metrics).toEqual({
      views: null,
      likes: native.likes,
      replies: native.replies,
      reposts: null,
      quotes: null,
      bookmarks: null,
      shares: null,
    });
  });
});

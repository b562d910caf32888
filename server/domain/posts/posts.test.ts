// Reading: publish through the API, sync, then GET /api/v1/posts with each platform's metric
// mapping (nulls where SPEC.md says null), sort, range, filters, reposts, and bad input.
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { withAccount } from "../accounts/account-tokens.ts";
import { sandbox, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { publish, uploadImage, uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";
import { syncAccount } from "./sync-account.ts";

async function setup() {
  const t = await createWorkspaceWithKey();
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id), call: api(t.key) };
}
const rid = () => crypto.randomUUID();

describe("GET /api/v1/posts after a sync", () => {
  it("maps each platform's metrics as SPEC.md says, from synchronized data only", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const yt = await connectAccount(t.scope, "youtube");
    const fb = await connectAccount(t.scope, "facebook");
    const ig = await connectAccount(t.scope, "instagram", { accountType: "BUSINESS" });
    const tt = await connectAccount(t.scope, "tiktok");
    expect((await publish(t.key, { accountIds: [x.accountId], posts: ["Hello from the API"] })).status).toBe(200);
    const video = await uploadVideo(t.key);
    const long = "d".repeat(300);
    const jobs = [
      (
        await publish(t.key, {
          accountIds: [yt.accountId],
          youtube: { requestId: rid(), mediaId: video.mediaId, title: "Walkthrough", description: long, privacyStatus: "public" },
        })
      ).json.results[0].jobId,
      (await publish(t.key, { accountIds: [fb.accountId], facebook: { requestId: rid(), contentType: "FEED", message: "Page news" } })).json.results[0].jobId,
      (
        await publish(t.key, {
          accountIds: [ig.accountId],
          instagram: { requestId: rid(), contentType: "FEED", caption: "A photo", items: [{ mediaId: (await uploadImage(t.key)).mediaId }] },
        })
      ).json.results[0].jobId,
      (
        await publish(t.key, {
          accountIds: [tt.accountId],
          posts: ["A clip"],
          video: { mediaId: (await uploadVideo(t.key)).mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
        })
      ).json.results[0].jobId,
    ];
    for (const jobId of jobs) expect((await waitForJob(t.key, jobId)).status).toBe("published");

    // Nothing is listed before a sync: reads never call the platforms.
    expect((await t.call("GET", "/api/v1/posts")).json).toEqual({ posts: [], totalMatched: 0, rangeDays: 30 });
    for (const a of [x, yt, fb, ig, tt]) expect((await syncAccount(a.accountId)).complete).toBe(true);

    const all = await t.call("GET", "/api/v1/posts?limit=100");
    expect(all.status).toBe(200);
    expect(all.json.totalMatched).toBe(5);
    const by = (p: string) => all.json.posts.find((post: { platform: string }) => post.platform === p);
    const native = async (provider: "x" | "youtube" | "facebook" | "instagram" | "tiktok", username: string) =>
      (await sandboxPosts(provider, username))[0]!.metrics as Record<string, number>;

    const xm = await native("x", x.username);
    expect(by("x")).toMatchObject({ content: "Hello from the API", username: x.username, accountId: x.accountId });
    expect(by("x").metrics).toEqual({
      views: xm.views,
      likes: xm.likes,
      replies: xm.replies,
      reposts: xm.reposts,
      quotes: xm.quotes,
      bookmarks: xm.bookmarks,
      shares: null,
    });
    expect(by("x").metricsUpdatedAt).toBeUndefined();

    const ym = await native("youtube", yt.username);
    expect(by("youtube")).toMatchObject({ title: "Walkthrough", mediaType: "SHORTS", content: "d".repeat(280) }); // vertical and under a minute
    expect(by("youtube").metrics).toEqual({
      views: ym.views,
      likes: ym.likes,
      replies: ym.replies,
      reposts: null,
      quotes: null,
      bookmarks: null,
      shares: null,
    });
    expect(by("youtube").metricsUpdatedAt).toEqual(expect.any(String));

    const f = by("facebook");
    expect(f.content).toBe("Page news");
    expect(f.metrics.reposts).toBe(f.metrics.shares);
    expect(f.metrics.quotes).toBeNull();
    expect(f.metrics.bookmarks).toBeNull();
    expect(["TEXT", "LINK", "PHOTO", "MULTI_PHOTO", "VIDEO", "REEL", "STORY", null]).toContain(f.mediaType);
    expect(f.metricsUpdatedAt).toBeUndefined();

    const i = by("instagram");
    expect(i.mediaType).toEqual(expect.any(String));
    expect(i.metrics.reposts).toBeNull();
    expect(i.metrics.quotes).toBeNull();
    expect(i.metricsUpdatedAt).toEqual(expect.any(String));

    const tm = await native("tiktok", tt.username);
    expect(by("tiktok").metrics).toEqual({
      views: tm.views,
      likes: tm.likes,
      replies: tm.replies,
      reposts: null,
      quotes: null,
      bookmarks: null,
      shares: tm.shares,
    });

    // filters, top order, range
    const onlyX = await t.call("GET", `/api/v1/posts?provider=x`);
    expect(onlyX.json.posts.map((p: { platform: string }) => p.platform)).toEqual(["x"]);
    expect((await t.call("GET", `/api/v1/posts?accountId=${yt.accountId}`)).json.totalMatched).toBe(1);
    const top = (await t.call("GET", "/api/v1/posts?sort=top")).json.posts as { metrics: { views: number | null; likes: number | null } }[];
    const views = top.map((p) => p.metrics.views ?? -1);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it("pages through a long history, keeps a metric time series (a snapshot only when numbers change), and honours rangeDays", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    await sandbox("POST", "/_sandbox/posts/seed", { provider: "x", username: x.username, count: 250, days: 20 });
    const first = await syncAccount(x.accountId);
    expect(first).toMatchObject({ posts: 250, pages: 3, complete: true });
    expect(await db.metricSnapshot.count({ where: { post: { accountId: x.accountId } } })).toBe(250);
    await syncAccount(x.accountId); // nothing changed: no new snapshots
    expect(await db.metricSnapshot.count({ where: { post: { accountId: x.accountId } } })).toBe(250);
    const listed = await t.call("GET", `/api/v1/posts?accountId=${x.accountId}&limit=100&rangeDays=10`);
    expect(listed.json.totalMatched).toBeGreaterThan(100);
    expect(listed.json.totalMatched).toBeLessThan(150);
    expect(listed.json.rangeDays).toBe(10);
    expect(listed.json.posts).toHaveLength(100);
    const dates = listed.json.posts.map((p: { postedAt: string }) => p.postedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("totalMatched", () => {
  it("equals a count of the matching live posts for any range and provider, through syncs, platform deletions and removed posts", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const threads = await connectAccount(t.scope, "threads");
    await sandbox("POST", "/_sandbox/posts/seed", { provider: "x", username: x.username, count: 250, days: 20 });
    await sandbox("POST", "/_sandbox/posts/seed", { provider: "threads", username: threads.username, count: 120, days: 45 });
    await syncAccount(x.accountId);
    await syncAccount(threads.accountId);
    const exact = async (rangeDays: number, provider?: string) => {
      const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "SyncedPost" WHERE "workspaceId" = $1::uuid AND NOT deleted AND "postedAt" >= now() - make_interval(days => $2) AND ($3::text IS NULL OR provider::text = $3)`,
        t.workspace.id,
        rangeDays,
        provider ?? null,
      );
      return row!.n;
    };
    const check = async () => {
      for (const rangeDays of [1, 2, 7, 19, 30, 3650]) {
        for (const provider of [undefined, "x", "threads"]) {
          const res = await t.call("GET", `/api/v1/posts?rangeDays=${rangeDays}${provider ? `&provider=${provider}` : ""}`);
          expect(res.json.totalMatched, `rangeDays=${rangeDays} provider=${provider}`).toBe(await exact(rangeDays, provider));
        }
      }
    };
    await check();
    expect(await exact(3650)).toBe(370);

    // Deleted on the platform: the next sync marks them deleted and they stop counting.
    const gone = (await sandboxPosts("x", x.username)).slice(0, 7);
    for (const post of gone) {
      await withAccount(x.accountId, (c) =>
        fetch(`${sandboxUrl()}/x/api/2/tweets/${post.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${c.accessToken}` } }),
      );
    }
    await syncAccount(x.accountId);
    expect(await exact(3650)).toBe(363);
    await check();

    // Posts removed outright (an account's posts go with it) and a post whose date changed.
    await db.$executeRawUnsafe(
      `UPDATE "SyncedPost" SET "postedAt" = now() - interval '40 days' WHERE id = (SELECT id FROM "SyncedPost" WHERE "accountId" = $1::uuid AND NOT deleted ORDER BY "postedAt" DESC LIMIT 1)`,
      x.accountId,
    );
    await db.syncedPost.deleteMany({ where: { accountId: threads.accountId } });
    expect(await db.syncedPostDayCount.count({ where: { accountId: threads.accountId } })).toBe(0); // no empty days left behind
    await check();
    expect((await t.call("GET", "/api/v1/posts?rangeDays=3650")).json.totalMatched).toBe(243);
  });
});

describe("POST /api/v1/reposts", () => {
  it("reposts on x, refuses platforms without reposts (422) and foreign accounts (404)", async () => {
    const t = await setup();
    const other = await setup();
    const x = await connectAccount(t.scope, "x");
    const yt = await connectAccount(t.scope, "youtube");
    const res = await publish(t.key, { accountIds: [x.accountId], posts: ["Worth sharing"] });
    const postId = res.json.results[0].postIds[0];
    const reposted = await t.call("POST", "/api/v1/reposts", { body: { accountId: x.accountId, postId } });
    expect(reposted.status).toBe(201);
    expect(reposted.json).toMatchObject({ accountId: x.accountId, platform: "x", username: x.username, postId, repostId: expect.any(String) });
    expect((await sandboxPosts("x", x.username)).some((p) => p.kind === "retweet")).toBe(true);
    const unsupported = await t.call("POST", "/api/v1/reposts", { body: { accountId: yt.accountId, postId: "abc" } });
    expect(unsupported.status).toBe(422);
    expect(unsupported.json.error.code).toBe("REPOST_NOT_SUPPORTED");
    expect((await other.call("POST", "/api/v1/reposts", { body: { accountId: x.accountId, postId } })).status).toBe(404);
    expect((await t.call("POST", "/api/v1/reposts", { body: { accountId: x.accountId, postId: "999999999" } })).status).toBe(404);
  });
});

describe("bad input", () => {
  it("refuses unknown providers and sorts, malformed ids and limits out of range; another workspace's account is 404", async () => {
    const t = await setup();
    const other = await setup();
    const theirs = await connectAccount(other.scope, "x");
    for (const q of ["provider=myspace", "accountId=not-a-uuid", "limit=0", "limit=101", "sort=best", "rangeDays=0", "colour=blue"]) {
      const res = await t.call("GET", `/api/v1/posts?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
    }
    expect((await t.call("GET", `/api/v1/posts?accountId=${theirs.accountId}`)).status).toBe(404);
  });
});

// Media publishing jobs end to end: API → queue → worker → adapter → sandbox → job status.
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { resetEnv } from "../../env.ts";
import { scopeFromSession } from "../../scope.ts";
import { storage } from "../../storage/index.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, compareDryRunsWithRealCalls, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { fault, sandboxPosts } from "../../testing/platform-fixtures.ts";
import { publish, uploadImage, uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";
import { sha256 } from "../../testing/upload-fixtures.ts";
import { getPublishJob } from "./get-publish-job.ts";
import { publishPosts } from "./publish-posts.ts";

// every publishing write below is also checked against its dry run (POST …/validate)
compareDryRunsWithRealCalls();

async function setup() {
  const t = await createWorkspaceWithKey();
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id) };
}

const rid = () => crypto.randomUUID();

describe("TikTok", () => {
  it("accepts with 202, publishes to the sandbox, and answers replays and conflicts by requestId", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId, bytes } = await uploadVideo(t.key);
    const body = { accountIds: [tiktok.accountId], posts: ["First video #launch"], video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" } };
    const res = await publish(t.key, body);
    expect(res.status).toBe(202);
    const result = res.json.results[0];
    expect(result).toMatchObject({ accountId: tiktok.accountId, provider: "tiktok", username: tiktok.username, success: true, postIds: [], status: "queued" });
    const job = await waitForJob(t.key, result.jobId);
    expect(job).toMatchObject({ jobId: result.jobId, platform: "tiktok", status: "published", scheduledAt: null, scheduledPostId: null });
    expect(job.permalink).toBe(`https://www.tiktok.com/@${tiktok.username}/video/${job.postId}`);
    const posts = await sandboxPosts("tiktok", tiktok.username);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.text).toBe("First video #launch");
    expect(posts[0]!.media[0]!.sha256).toBe(sha256(bytes));

    const again = await publish(t.key, { ...body, video: { ...body.video, disableComment: true } }); // not a conflict trigger
    expect(again.status).toBe(200);
    expect(again.json.results[0]).toMatchObject({ jobId: result.jobId, status: "published", success: true, postIds: [job.postId] });
    const changed = await publish(t.key, { ...body, posts: ["Another caption"] });
    expect(changed.status).toBe(409);
    expect(changed.json.error.code).toBe("REQUEST_CONFLICT");
    expect(await sandboxPosts("tiktok", tiktok.username)).toHaveLength(1);
  });

  it("turns 100 concurrent identical requests into exactly one job", async () => {
    const t = await setup();
    await db.organization.update({ where: { id: t.organization.id }, data: { plan: "BUSINESS" } });
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const body = { accountIds: [tiktok.accountId], posts: ["once"], video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" } };
    const answers = await Promise.all(Array.from({ length: 100 }, () => publish(t.key, body)));
    expect(answers.every((a) => a.status === 202 || a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json.results[0].jobId)).size).toBe(1);
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
    await waitForJob(t.key, answers[0]!.json.results[0].jobId);
    expect(await sandboxPosts("tiktok", tiktok.username)).toHaveLength(1);
  });

  it("fails with PREPARATION_FAILED when TikTok rejects the video while processing", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    await fault("tiktok", "reject_media", { username: tiktok.username });
    const body = { accountIds: [tiktok.accountId], posts: ["x"], video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" } };
    const res = await publish(t.key, body);
    const job = await waitForJob(t.key, res.json.results[0].jobId);
    expect(job).toMatchObject({ status: "failed", postId: null, permalink: null, error: { code: "PREPARATION_FAILED" } });
    // A replay of an unsuccessful job is not a success either: other providers than facebook answer 502.
    const replay = await publish(t.key, body);
    expect(replay.status).toBe(502);
    expect(replay.json.error).toMatchObject({
      code: "JOB_NOT_SUCCESSFUL",
      details: { jobId: job.jobId, status: "failed", error: { code: "PREPARATION_FAILED" } },
    });
  });

  it("fails with MEDIA_UNAVAILABLE, before any platform call, when the stored file is gone", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const item = await db.mediaItem.findUniqueOrThrow({ where: { id: mediaId } });
    await (await storage()).delete(item.storageKey);
    const res = await publish(t.key, {
      accountIds: [tiktok.accountId],
      posts: ["gone"],
      video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    expect(res.status).toBe(202);
    const job = await waitForJob(t.key, res.json.results[0].jobId);
    expect(job).toMatchObject({ status: "failed", postId: null, error: { code: "MEDIA_UNAVAILABLE" } });
    expect(job.error.message).toContain("missing");
    expect(await sandboxPosts("tiktok", tiktok.username)).toEqual([]);
  });
});

describe("Instagram", () => {
  it("publishes a FEED image, a carousel, a Reel and a Story", async () => {
    const t = await setup();
    const ig = await connectAccount(t.scope, "instagram", { accountType: "BUSINESS" });
    const image = await uploadImage(t.key);
    const image2 = await uploadImage(t.key, "#ff6600");
    const video = await uploadVideo(t.key, { durationSeconds: 12 });
    const requests = [
      { contentType: "FEED", caption: "Single image", items: [{ mediaId: image.mediaId, altText: "A blue square" }] },
      { contentType: "FEED", caption: "Carousel", items: [{ mediaId: image.mediaId }, { mediaId: video.mediaId }, { mediaId: image2.mediaId }] },
      { contentType: "REELS", caption: "A reel", items: [{ mediaId: video.mediaId }], shareToFeed: true },
      { contentType: "STORIES", items: [{ mediaId: video.mediaId }] },
    ];
    const jobs = [];
    for (const instagram of requests) {
      const res = await publish(t.key, { accountIds: [ig.accountId], instagram: { requestId: rid(), ...instagram } });
      expect(res.status, JSON.stringify(res.json)).toBe(202);
      jobs.push(res.json.results[0].jobId);
    }
    for (const jobId of jobs) {
      const job = await waitForJob(t.key, jobId);
      expect(job.status, JSON.stringify(job)).toBe("published");
      expect(job.permalink).toMatch(/^https:\/\/www\.instagram\.com\//);
    }
    const posts = await sandboxPosts("instagram", ig.username);
    expect(posts.map((p) => [p.kind, p.media.length])).toEqual([
      ["FEED", 1],
      ["CAROUSEL", 3],
      ["REELS", 1],
      ["STORIES", 1],
    ]);
    expect(posts[1]!.media.map((m) => m.sha256)).toEqual([sha256(image.bytes), sha256(video.bytes), sha256(image2.bytes)]);
  });

  it("marks a publish whose answer was lost as unknown, never resubmits it, and the post exists once", async () => {
    const t = await setup();
    const ig = await connectAccount(t.scope, "instagram");
    const image = await uploadImage(t.key);
    await fault("instagram", "response_lost", { operation: "media.publish", username: ig.username });
    const res = await publish(t.key, { accountIds: [ig.accountId], instagram: { requestId: rid(), contentType: "FEED", items: [{ mediaId: image.mediaId }] } });
    const job = await waitForJob(t.key, res.json.results[0].jobId);
    expect(job).toMatchObject({ status: "unknown", error: { code: "PUBLISH_RESULT_UNKNOWN" }, postId: null });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sandboxPosts("instagram", ig.username)).toHaveLength(1);
    expect((await api(t.key)("GET", `/api/v1/publish-jobs/${job.jobId}`)).json.status).toBe("unknown");
  });

  it.each([
    ["the last chunk (TikTok's status shows it arrived)", "upload.put"],
    ["init (nothing publishes without the upload, so it is retried)", "video.init"],
  ])("settles a lost TikTok answer to %s and publishes exactly once", async (_label, operation) => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    // the upload URL carries no token, so only the init fault can name the profile
    await fault("tiktok", "response_lost", { operation, ...(operation === "video.init" ? { username: tiktok.username } : {}) });
    const res = await publish(t.key, {
      accountIds: [tiktok.accountId],
      posts: ["lost answer"],
      video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    // a retry runs again within seconds (not after the lease lapses)
    const job = await waitForJob(t.key, res.json.results[0].jobId, 20_000);
    expect(job.status).toBe("published");
    expect(await sandboxPosts("tiktok", tiktok.username)).toHaveLength(1);
  });

  it.each([
    ["a single FEED video", async (k: string) => ({ contentType: "FEED", items: [{ mediaId: (await uploadVideo(k)).mediaId }] }), "instagram.items"],
    [
      "a caption on STORIES",
      async (k: string) => ({ contentType: "STORIES", caption: "no", items: [{ mediaId: (await uploadImage(k)).mediaId }] }),
      "instagram.caption",
    ],
    [
      "alt text on a video",
      async (k: string) => ({ contentType: "REELS", items: [{ mediaId: (await uploadVideo(k)).mediaId, altText: "x" }] }),
      "instagram.items[0].altText",
    ],
    [
      "a 2,201-character caption",
      async (k: string) => ({ contentType: "FEED", caption: "é".repeat(2201), items: [{ mediaId: (await uploadImage(k)).mediaId }] }),
      "instagram.caption",
    ],
    [
      "a Story video over 60 s",
      async (k: string) => ({ contentType: "STORIES", items: [{ mediaId: (await uploadVideo(k, { durationSeconds: 61 })).mediaId }] }),
      "instagram.items[0].mediaId",
    ],
    [
      "11 carousel items",
      async (k: string) => {
        const m = (await uploadImage(k)).mediaId;
        return { contentType: "FEED", items: Array.from({ length: 11 }, () => ({ mediaId: m })) };
      },
      "instagram.items",
    ],
  ])("refuses %s with 422 naming the field, and publishes nothing", async (_label, make, path) => {
    const t = await setup();
    const ig = await connectAccount(t.scope, "instagram");
    const res = await publish(t.key, { accountIds: [ig.accountId], instagram: { requestId: rid(), ...(await make(t.key)) } });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });
});

describe("YouTube", () => {
  it("uploads resumably and publishes the watch URL", async () => {
    const t = await setup();
    const yt = await connectAccount(t.scope, "youtube");
    const { mediaId, bytes } = await uploadVideo(t.key);
    const res = await publish(t.key, {
      accountIds: [yt.accountId],
      youtube: { requestId: rid(), mediaId, title: "Launch", description: "All about it", privacyStatus: "unlisted" },
    });
    expect(res.status).toBe(202);
    const job = await waitForJob(t.key, res.json.results[0].jobId);
    expect(job).toMatchObject({ status: "published", platform: "youtube" });
    expect(job.permalink).toBe(`https://www.youtube.com/watch?v=${job.postId}`);
    const posts = await sandboxPosts("youtube", yt.username);
    expect(posts.map((p) => [p.id, p.media[0]!.sha256])).toEqual([[job.postId, sha256(bytes)]]);
  });

  it("refuses a 101-character title, a video over 12 hours and one over 500 MiB with 422", async () => {
    const t = await setup();
    const yt = await connectAccount(t.scope, "youtube");
    const ok = await uploadVideo(t.key);
    let res = await publish(t.key, {
      accountIds: [yt.accountId],
      youtube: { requestId: rid(), mediaId: ok.mediaId, title: "t".repeat(101), privacyStatus: "public" },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0].path).toBe("youtube.title");
    const long = await uploadVideo(t.key, { durationSeconds: 12 * 3600 + 1 });
    res = await publish(t.key, { accountIds: [yt.accountId], youtube: { requestId: rid(), mediaId: long.mediaId, title: "Long", privacyStatus: "public" } });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0]).toMatchObject({ path: "youtube.mediaId", code: "too_long" });
    await db.mediaItem.update({ where: { id: ok.mediaId }, data: { fileSize: BigInt(500 * 1024 ** 2 + 1) } });
    res = await publish(t.key, { accountIds: [yt.accountId], youtube: { requestId: rid(), mediaId: ok.mediaId, title: "Big", privacyStatus: "public" } });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0]).toMatchObject({ path: "youtube.mediaId", code: "too_big" });
  });
});

describe("Facebook", () => {
  it("publishes feed text with a link, one photo, several photos, a video, a Reel and Stories", async () => {
    const t = await setup();
    const fb = await connectAccount(t.scope, "facebook");
    const img = await uploadImage(t.key);
    const img2 = await uploadImage(t.key, "#00aa55");
    const reel = await uploadVideo(t.key, { durationSeconds: 30 });
    const requests = [
      { contentType: "FEED", message: "  Read https://acme.example/blog  " },
      { contentType: "FEED", message: "One photo", items: [{ mediaId: img.mediaId }] },
      { contentType: "FEED", message: "Two photos", items: [{ mediaId: img.mediaId }, { mediaId: img2.mediaId }] },
      { contentType: "FEED", message: "A video", items: [{ mediaId: reel.mediaId }] },
      { contentType: "REELS", message: "A reel", items: [{ mediaId: reel.mediaId }] },
      { contentType: "STORY", items: [{ mediaId: img2.mediaId }] },
      { contentType: "STORY", items: [{ mediaId: reel.mediaId }] },
    ];
    for (const facebook of requests) {
      const res = await publish(t.key, { accountIds: [fb.accountId], facebook: { requestId: rid(), ...facebook } });
      expect(res.status, JSON.stringify(res.json)).toBe(202);
      const job = await waitForJob(t.key, res.json.results[0].jobId);
      expect(job.status, `${facebook.contentType} ${facebook.message ?? ""} ${JSON.stringify(job)}`).toBe("published");
      expect(job.permalink).toMatch(/^https:\/\/www\.facebook\.com\//);
    }
    const posts = await sandboxPosts("facebook");
    expect(posts.filter((p) => p.text === "Read https://acme.example/blog")).toHaveLength(1);
  });

  it("answers a replay of a failed job with 200 and success false", async () => {
    const t = await setup();
    const person = `fb_${rid().slice(0, 8)}`; // faults name the person whose Page token calls (the account is the Page)
    const fb = await connectAccount(t.scope, "facebook", { username: person });
    const video = await uploadVideo(t.key, { durationSeconds: 20 });
    await fault("facebook", "reject_media", { username: person });
    const body = { accountIds: [fb.accountId], facebook: { requestId: rid(), contentType: "REELS", items: [{ mediaId: video.mediaId }] } };
    const job = await waitForJob(t.key, (await publish(t.key, body)).json.results[0].jobId);
    expect(job).toMatchObject({ status: "failed", error: { code: "PREPARATION_FAILED" } });
    const replay = await publish(t.key, body);
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual({
      results: [
        expect.objectContaining({ jobId: job.jobId, success: false, status: "failed", error: expect.objectContaining({ code: "PREPARATION_FAILED" }) }),
      ],
      summary: { succeeded: 0, failed: 1 },
    });
  });

  it.each([
    ["a STORY with a message", (img: string) => ({ contentType: "STORY", message: "no", items: [{ mediaId: img }] }), "facebook.message"],
    ["images mixed with a video", (img: string, vid: string) => ({ contentType: "FEED", items: [{ mediaId: img }, { mediaId: vid }] }), "facebook.items"],
    ["an empty FEED post", () => ({ contentType: "FEED", message: "   " }), "facebook.message"],
    ["a Reel of 2 s", (_img: string, _vid: string, short: string) => ({ contentType: "REELS", items: [{ mediaId: short }] }), "facebook.items[0].mediaId"],
  ])("refuses %s with 422", async (_label, make, path) => {
    const t = await setup();
    const fb = await connectAccount(t.scope, "facebook");
    const img = (await uploadImage(t.key)).mediaId;
    const vid = (await uploadVideo(t.key)).mediaId;
    const short = (await uploadVideo(t.key, { durationSeconds: 2 })).mediaId;
    const res = await publish(t.key, { accountIds: [fb.accountId], facebook: { requestId: rid(), ...make(img, vid, short) } });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
  });
});

describe("the Facebook public-write rollout", () => {
  it("refuses new Facebook jobs with 503 while off; replays and job status keep working", async () => {
    const t = await setup();
    const fb = await connectAccount(t.scope, "facebook");
    const existing = { accountIds: [fb.accountId], facebook: { requestId: rid(), contentType: "FEED", message: "Before the switch" } };
    const first = await publish(t.key, existing);
    await waitForJob(t.key, first.json.results[0].jobId);
    process.env.FACEBOOK_PUBLIC_WRITE = "false";
    resetEnv();
    try {
      await expect(
        publishPosts(t.scope, { accountIds: [fb.accountId], facebook: { requestId: rid(), contentType: "FEED", message: "After" } }),
      ).rejects.toMatchObject({
        code: "SERVICE_UNAVAILABLE",
      });
      const replay = await publishPosts(t.scope, existing as never);
      expect(replay.body.results[0]).toMatchObject({ jobId: first.json.results[0].jobId, status: "published", success: true });
      // the domain says what happened; the REST door makes it 200
      expect(replay).toMatchObject({ outcome: "done", replay: true });
      expect((await getPublishJob(t.scope, first.json.results[0].jobId)).status).toBe("published");
    } finally {
      delete process.env.FACEBOOK_PUBLIC_WRITE;
      resetEnv();
    }
  });
});

describe("requests across modes", () => {
  it("refuses unconfirmed and foreign media, more than one media account, extra fields, and over-long TikTok captions", async () => {
    const t = await setup();
    const other = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const yt = await connectAccount(t.scope, "youtube");
    const mine = await uploadVideo(t.key);
    const theirs = await uploadVideo(other.key);
    const reserved = await api(t.key)("POST", "/api/v1/media/uploads", { body: { fileName: "r.mp4", contentType: "video/mp4", fileSize: 100 } });
    const video = (mediaId: string) => ({ mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" });
    let res = await publish(t.key, { accountIds: [tiktok.accountId], posts: ["c"], video: video(reserved.json.mediaId) });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0]).toMatchObject({ path: "video.mediaId", code: "not_confirmed" });
    res = await publish(t.key, { accountIds: [tiktok.accountId], posts: ["c"], video: video(theirs.mediaId) });
    expect(res.status).toBe(404);
    res = await publish(t.key, { accountIds: [tiktok.accountId, yt.accountId], posts: ["c"], video: video(mine.mediaId) });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0].path).toBe("accountIds");
    res = await publish(t.key, { accountIds: [tiktok.accountId], posts: ["a", "b"], video: video(mine.mediaId) });
    expect(res.status).toBe(422);
    res = await publish(t.key, { accountIds: [tiktok.accountId], posts: ["😀".repeat(1101)], video: video(mine.mediaId) }); // 2,202 UTF-16 units
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0].message).toMatch(/2202 UTF-16/);
    res = await publish(t.key, { accountIds: [tiktok.accountId], posts: ["c"], video: { ...video(mine.mediaId), privacyLevel: "SELF_ONLY" } });
    expect(res.status).toBe(422);
    res = await publish(t.key, {
      accountIds: [yt.accountId],
      posts: ["no"],
      youtube: { requestId: rid(), mediaId: mine.mediaId, title: "t", privacyStatus: "public" },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0].path).toBe("posts");
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });

  it("answers 404 for another workspace's job and for a malformed id", async () => {
    const t = await setup();
    const other = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const res = await publish(t.key, {
      accountIds: [tiktok.accountId],
      posts: ["c"],
      video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    const jobId = res.json.results[0].jobId;
    expect((await api(other.key)("GET", `/api/v1/publish-jobs/${jobId}`)).status).toBe(404);
    expect((await api(t.key)("GET", "/api/v1/publish-jobs/not-a-uuid")).status).toBe(404);
    await waitForJob(t.key, jobId);
  });

  it("fails a job whose stored payload does not fit its mode's schema, before any platform call", async () => {
    const t = await setup();
    const yt = await connectAccount(t.scope, "youtube");
    // Written past the API (by hand, or by an older version): a payload the youtube flow cannot use.
    const job = await db.publishJob.create({
      data: { workspaceId: t.workspace.id, accountId: yt.accountId, provider: "youtube", status: "queued", payload: { mediaId: 42, title: "t" }, postIds: [] },
    });
    // a worker claims it as any other queued job
    await waitForJob(t.key, job.id);
    const after = await db.publishJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(after).toMatchObject({ status: "failed", errorCode: "PUBLISH_FAILED", submitStartedAt: null });
    expect(after.errorMessage).toMatch(/^The job's youtube payload is not valid: .*mediaId/s);
    expect(await sandboxPosts("youtube", yt.username)).toHaveLength(0);
  });
});

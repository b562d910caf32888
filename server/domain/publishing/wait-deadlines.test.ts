// Every wait on a platform ends: by its answer, or at its deadline with the outcome
// docs/reliability.md states. A wait counts from when it began (kept in the job's progress), so a
// job can be started as if its wait had already lasted hours (scheduleWithWaitBegun).
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { fault, sandbox, sandboxPosts } from "../../testing/platform-fixtures.ts";
import { publish, scheduleWithWaitBegun, uploadImage, uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";

async function setup() {
  const t = await createWorkspaceWithKey();
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id) };
}

const rid = () => crypto.randomUUID();

/** Injects a fault and answers a check that the job's platform calls took it (so the test rests on it). */
async function busy(...args: Parameters<typeof fault>) {
  const { fault: injected } = (await fault(...args)) as { fault: { id: string } };
  return async () => expect((await sandbox<{ faults: { id: string }[] }>("GET", "/_sandbox/faults")).faults.map((f) => f.id)).not.toContain(injected.id);
}
const hours = (n: number) => n * 3600_000;

describe("TikTok", () => {
  it("waits through moderation for a public post's id", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const taken = await busy("tiktok", "slow_moderation", { delaySeconds: 3, username: tiktok.username });
    const res = await publish(t.key, {
      accountIds: [tiktok.accountId],
      posts: ["Public"],
      video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    const job = await waitForJob(t.key, res.json.results[0].jobId);
    await taken();
    expect(job.status).toBe("published");
    expect(job.permalink).toBe(`https://www.tiktok.com/@${tiktok.username}/video/${job.postId}`);
  });

  it("keeps a wait's start through a retry: the deadline counts from the first run's wait", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    await fault("tiktok", "slow_processing", { operation: "video.init", delaySeconds: 8, username: tiktok.username });
    const res = await publish(t.key, {
      accountIds: [tiktok.accountId],
      posts: ["Waits, fails a look, waits on"],
      video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    const jobId: string = res.json.results[0].jobId;
    // once the upload is recorded the run waits; one of its looks then meets a 503 and the job is retried
    for (let deadline = Date.now() + 20_000; ;) {
      const job = await db.publishJob.findUniqueOrThrow({ where: { id: jobId } });
      if ((job.progress as { submitted?: boolean }).submitted) break;
      if (Date.now() > deadline) throw new Error("the upload was never recorded");
      await new Promise((r) => setTimeout(r, 100));
    }
    const faultAt = Date.now();
    const taken = await busy("tiktok", "server_error", { operation: "status.fetch", username: tiktok.username });
    const job = await waitForJob(t.key, jobId);
    await taken();
    expect(job.status).toBe("published");
    const progress = (await db.publishJob.findUniqueOrThrow({ where: { id: jobId } })).progress as Record<string, unknown>;
    expect(progress.retries).toBe(1);
    expect(progress["waitSince:TikTok to publish"]).toBeLessThan(faultAt);
  });

  it("looks at the processing again only after a pause, never twice at once", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const taken = await busy("tiktok", "slow_processing", { operation: "video.init", delaySeconds: 5, username: tiktok.username });
    const res = await publish(t.key, {
      accountIds: [tiktok.accountId],
      posts: ["Patient"],
      video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    const job = await waitForJob(t.key, res.json.results[0].jobId);
    await taken();
    expect(job.status).toBe("published");
    // the account's calls since the job started: creator info, init, then only the status looks
    const startedAt = (await db.publishJob.findUniqueOrThrow({ where: { id: res.json.results[0].jobId } })).startedAt!.getTime();
    const { activity } = await sandbox<{ activity: { provider: string; username: string | null; times: number[] }[] }>("GET", "/_sandbox/activity");
    const times = activity.find((a) => a.provider === "tiktok" && a.username === tiktok.username)!.times.filter((at) => at >= startedAt);
    const looks = times.slice(2);
    expect(looks.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < looks.length; i++) expect(looks[i]! - looks[i - 1]!).toBeGreaterThan(1_500);
  });

  it("publishes a post still in moderation a day later under its publish_id", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const taken = await busy("tiktok", "slow_moderation", { delaySeconds: 3600, username: tiktok.username });
    const body = { accountIds: [tiktok.accountId], posts: ["Held"], video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" } };
    const jobId = await scheduleWithWaitBegun(t, body, "TikTok to name the public post", hours(25));
    const job = await waitForJob(t.key, jobId);
    await taken();
    expect(job).toMatchObject({ status: "published", permalink: `https://www.tiktok.com/@${tiktok.username}` });
    expect(job.postId).toMatch(/^v_pub_file~/);
  });

  it("ends as unknown when TikTok is still processing the whole video two hours later", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const taken = await busy("tiktok", "slow_processing", { operation: "video.init", delaySeconds: 3600, username: tiktok.username });
    const body = { accountIds: [tiktok.accountId], posts: ["Stuck"], video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" } };
    const job = await waitForJob(t.key, await scheduleWithWaitBegun(t, body, "TikTok to publish", hours(3)));
    await taken();
    expect(job).toMatchObject({ status: "unknown", postId: null, error: { code: "PUBLISH_RESULT_UNKNOWN" } });
    expect(job.error.message).toMatch(/had not published it 2 hours later \(still PROCESSING_/);
  });
});

describe("Instagram", () => {
  it("fails, publishing nothing, when a container is still processing an hour later", async () => {
    const t = await setup();
    const ig = await connectAccount(t.scope, "instagram", { accountType: "BUSINESS" });
    const image = await uploadImage(t.key);
    const taken = await busy("instagram", "slow_processing", { operation: "media.create", delaySeconds: 3600, username: ig.username });
    const body = { accountIds: [ig.accountId], instagram: { requestId: rid(), contentType: "FEED", caption: "Slow", items: [{ mediaId: image.mediaId }] } };
    const job = await waitForJob(t.key, await scheduleWithWaitBegun(t, body, "Instagram to process the media", hours(2)));
    await taken();
    expect(job).toMatchObject({ status: "failed", postId: null, error: { code: "PREPARATION_FAILED" } });
    expect(job.error.message).toMatch(/still processing the media an hour after it was sent; nothing was published/);
    expect(await sandboxPosts("instagram", ig.username)).toHaveLength(0);
  });
});

describe("YouTube", () => {
  it("fails with the video's id and link when processing has not finished a day after the upload", async () => {
    const t = await setup();
    const yt = await connectAccount(t.scope, "youtube");
    const { mediaId } = await uploadVideo(t.key);
    const taken = await busy("youtube", "slow_processing", { delaySeconds: 3600, username: yt.username });
    const body = { accountIds: [yt.accountId], youtube: { requestId: rid(), mediaId, title: "Slow", privacyStatus: "public" } };
    const job = await waitForJob(t.key, await scheduleWithWaitBegun(t, body, "YouTube to process the video", hours(25)));
    await taken();
    expect(job).toMatchObject({ status: "failed", error: { code: "PREPARATION_FAILED" } });
    expect(job.error.message).toMatch(/had not finished processing the video 24 hours after the upload/);
    expect(job.permalink).toBe(`https://www.youtube.com/watch?v=${job.postId}`);
    expect((await sandboxPosts("youtube", yt.username)).map((p) => p.id)).toEqual([job.postId]);
  });
});

describe("Facebook", () => {
  it("ends a feed video as unknown when Facebook has not published it two hours later", async () => {
    const t = await setup();
    const person = `fb_${rid().slice(0, 8)}`; // faults name the person whose Page token calls (the account is the Page)
    const fb = await connectAccount(t.scope, "facebook", { username: person });
    const video = await uploadVideo(t.key);
    const taken = await busy("facebook", "slow_processing", { operation: "page.videos", delaySeconds: 3600, username: person });
    const body = {
      accountIds: [fb.accountId],
      facebook: { requestId: rid(), contentType: "FEED", message: "Slow video", items: [{ mediaId: video.mediaId }] },
    };
    const job = await waitForJob(t.key, await scheduleWithWaitBegun(t, body, "Facebook to publish the video", hours(3)));
    await taken();
    expect(job).toMatchObject({ status: "unknown", error: { code: "PUBLISH_RESULT_UNKNOWN" } });
    expect(job.error.message).toMatch(/had not published it 2 hours later/);
  });

  it("ends a Reel as unknown when Facebook has not published it two hours after finish", async () => {
    const t = await setup();
    const person = `fb_${rid().slice(0, 8)}`; // faults name the person whose Page token calls (the account is the Page)
    const fb = await connectAccount(t.scope, "facebook", { username: person });
    const video = await uploadVideo(t.key);
    const taken = await busy("facebook", "slow_processing", { operation: "page.video_reels", delaySeconds: 3600, username: person });
    const body = {
      accountIds: [fb.accountId],
      facebook: { requestId: rid(), contentType: "REELS", message: "Slow reel", items: [{ mediaId: video.mediaId }] },
    };
    const job = await waitForJob(t.key, await scheduleWithWaitBegun(t, body, "Facebook to report the video published", hours(3)));
    await taken();
    expect(job).toMatchObject({ status: "unknown", error: { code: "PUBLISH_RESULT_UNKNOWN" } });
    expect(job.error.message).toMatch(/accepted the video but had not published it by .*\(still processing\)/);
  });
});

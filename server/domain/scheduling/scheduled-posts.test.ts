// Scheduling end to end: API → scheduled job → the worker starts it at its time → sandbox.
import { describe, expect, it } from "vitest";
import { db, sql } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, compareDryRunsWithRealCalls, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { fault, sandboxPosts } from "../../testing/platform-fixtures.ts";
import { uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";
import { moveScheduledPost } from "./move-scheduled-post.ts";

// every publishing write below is also checked against its dry run (POST …/validate)
compareDryRunsWithRealCalls();

async function setup() {
  const t = await createWorkspaceWithKey();
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id), call: api(t.key) };
}

const rid = () => crypto.randomUUID();
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const schedule = (call: ReturnType<typeof api>, body: unknown) => call("POST", "/api/v1/scheduled-posts", { body });

describe("media schedules", () => {
  it("answers YouTube with 202 scheduled, lists it, and publishes it on time", async () => {
    const t = await setup();
    const yt = await connectAccount(t.scope, "youtube");
    const { mediaId } = await uploadVideo(t.key);
    const at = inSeconds(3);
    const body = {
      accountIds: [yt.accountId],
      youtube: { requestId: rid(), mediaId, title: "Later", privacyStatus: "public" },
      scheduledAt: at,
      timezone: "Europe/Berlin",
    };
    const res = await schedule(t.call, body);
    expect(res.status).toBe(202);
    const result = res.json.results[0];
    expect(result).toMatchObject({ accountId: yt.accountId, provider: "youtube", success: true, status: "scheduled", scheduledAt: new Date(at).toISOString() });
    expect(result.scheduledPostIds).toHaveLength(1);

    const listed = await t.call("GET", "/api/v1/scheduled-posts?provider=youtube");
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ total: 1, hasMore: false });
    expect(listed.json.scheduledPosts[0]).toMatchObject({
      scheduledPostId: result.scheduledPostIds[0],
      jobId: result.jobId,
      status: "scheduled",
      timezone: "Europe/Berlin",
      summary: "Later",
      username: yt.username,
    });
    expect((await t.call("GET", "/api/v1/scheduled-posts?provider=tiktok")).json.total).toBe(0);

    const job = await waitForJob(t.key, result.jobId, 30_000);
    expect(job).toMatchObject({ status: "published", scheduledPostId: result.scheduledPostIds[0], scheduledAt: new Date(at).toISOString() });
    expect(job.startedLateMs).toBeGreaterThanOrEqual(0);
    expect(job.startedLateMs).toBeLessThan(5_000);
    expect(await sandboxPosts("youtube", yt.username)).toHaveLength(1);

    // A replay of the same request answers the job; another time is a conflict.
    const replay = await schedule(t.call, body);
    expect(replay.status).toBe(200);
    expect(replay.json.results[0]).toMatchObject({ jobId: result.jobId, status: "published", success: true });
    const moved = await schedule(t.call, { ...body, scheduledAt: inSeconds(60) });
    expect(moved.status).toBe(409);
    expect(moved.json.error.code).toBe("REQUEST_CONFLICT");
  });

  it("cancels before the start ({canceled: 1}, never published); refuses a second cancel, a wrong platform and other workspaces", async () => {
    const t = await setup();
    const other = await setup();
    const yt = await connectAccount(t.scope, "youtube");
    const { mediaId } = await uploadVideo(t.key);
    const res = await schedule(t.call, {
      accountIds: [yt.accountId],
      youtube: { requestId: rid(), mediaId, title: "Never", privacyStatus: "public" },
      scheduledAt: inSeconds(3),
    });
    const { scheduledPostIds, jobId } = res.json.results[0];
    const id = scheduledPostIds[0];
    expect((await other.call("DELETE", `/api/v1/scheduled-posts/${id}?platform=youtube`)).status).toBe(404);
    const wrong = await t.call("DELETE", `/api/v1/scheduled-posts/${id}?platform=tiktok`);
    expect(wrong.status).toBe(404);
    expect((await t.call("DELETE", `/api/v1/scheduled-posts/${id}`)).status).toBe(422);
    const canceled = await t.call("DELETE", `/api/v1/scheduled-posts/${id}?platform=youtube`);
    expect(canceled.status).toBe(200);
    expect(canceled.json).toEqual({ canceled: 1 });
    const again = await t.call("DELETE", `/api/v1/scheduled-posts/${id}?platform=youtube`);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: "POST_NOT_CANCELLABLE", details: { status: "canceled" } });
    await new Promise((r) => setTimeout(r, 4_000));
    expect((await t.call("GET", `/api/v1/publish-jobs/${jobId}`)).json.status).toBe("canceled");
    expect(await sandboxPosts("youtube", yt.username)).toHaveLength(0);
    expect((await t.call("GET", "/api/v1/scheduled-posts?provider=youtube&status=canceled")).json.total).toBe(1);
  });

  it("refuses to cancel a published schedule, and resolves cancel-versus-start races to one winner", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const res = await schedule(t.call, {
      accountIds: [tiktok.accountId],
      posts: ["soon"],
      video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
      scheduledAt: inSeconds(2),
    });
    expect(res.status).toBe(200); // tiktok schedules answer 200 (SPEC.md)
    expect(res.json.results[0]).toMatchObject({ status: "scheduled", success: true });
    const { scheduledPostIds, jobId } = res.json.results[0];
    const job = await waitForJob(t.key, jobId);
    expect(job.status).toBe("published");
    const late = await t.call("DELETE", `/api/v1/scheduled-posts/${scheduledPostIds[0]}?platform=tiktok`);
    expect(late.status).toBe(409);
    expect(late.json.error).toMatchObject({ code: "POST_NOT_CANCELLABLE", details: { status: "published" } });

    // Cancels sent around the due time: either the cancel wins (canceled, nothing posted) or the start does (409, one post).
    const races = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const r = await schedule(t.call, {
          accountIds: [tiktok.accountId],
          posts: [`race ${i}`],
          video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
          scheduledAt: inSeconds(1.5),
        });
        const post = r.json.results[0];
        await new Promise((res) => setTimeout(res, 1_300 + i * 150));
        const cancel = await t.call("DELETE", `/api/v1/scheduled-posts/${post.scheduledPostIds[0]}?platform=tiktok`);
        const end = await waitForJob(t.key, post.jobId);
        return { cancel: cancel.status, status: end.status, text: `race ${i}` };
      }),
    );
    const posted = (await sandboxPosts("tiktok", tiktok.username)).map((p) => p.text);
    for (const r of races) {
      if (r.cancel === 200) {
        expect(r.status).toBe("canceled");
        expect(posted).not.toContain(r.text);
      } else {
        expect(r.cancel).toBe(409);
        expect(r.status).toBe("published");
        expect(posted.filter((p) => p === r.text)).toHaveLength(1);
      }
    }
  });

  it("hands a due post to the publishing queue at its time even when its account is busy: queued, how late, still cancellable", async () => {
    const t = await setup();
    const yt = await connectAccount(t.scope, "youtube");
    const { mediaId } = await uploadVideo(t.key);
    // The account publishes one post at a time, and its first one waits a minute for the platform's processing.
    await fault("youtube", "slow_processing", { delaySeconds: 60, username: yt.username });
    const first = await t.call("POST", "/api/v1/posts", {
      body: { accountIds: [yt.accountId], youtube: { requestId: rid(), mediaId, title: "Busy", privacyStatus: "public" } },
    });
    const firstJobId = first.json.results[0].jobId;
    for (const until = Date.now() + 10_000; (await t.call("GET", `/api/v1/publish-jobs/${firstJobId}`)).json.status !== "processing" && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await schedule(t.call, {
      accountIds: [yt.accountId],
      youtube: { requestId: rid(), mediaId, title: "Due", privacyStatus: "public" },
      scheduledAt: inSeconds(3600),
    });
    const { jobId, scheduledPostIds } = res.json.results[0];
    // Its time is 5 s past: the scheduler hands it on, and it waits there for its account.
    await sql("test-due", `UPDATE "PublishJob" SET "scheduledAt" = now() - interval '5 seconds' WHERE id = $1`, [jobId]);
    let job = (await t.call("GET", `/api/v1/publish-jobs/${jobId}`)).json;
    for (const until = Date.now() + 5_000; job.status === "scheduled" && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await t.call("GET", `/api/v1/publish-jobs/${jobId}`)).json;
    }
    expect(job.status).toBe("queued");
    expect(job.startedLateMs).toBeGreaterThanOrEqual(5_000);
    expect(job.startedLateMs).toBeLessThan(7_000);
    expect((await t.call("GET", "/api/v1/scheduled-posts?provider=youtube")).json.scheduledPosts[0]).toMatchObject({
      status: "queued",
      startedLateMs: job.startedLateMs,
    });
    // Publishing has not started, so it can still be canceled.
    expect((await t.call("DELETE", `/api/v1/scheduled-posts/${scheduledPostIds[0]}?platform=youtube`)).json).toEqual({ canceled: 1 });
    expect((await t.call("GET", `/api/v1/publish-jobs/${jobId}`)).json.status).toBe("canceled");
  });

  it("moves a scheduled post's time (the calendar's drag), and not once it started", async () => {
    const t = await setup();
    const ig = await connectAccount(t.scope, "instagram");
    const { mediaId } = await uploadVideo(t.key, { durationSeconds: 10 });
    const res = await schedule(t.call, {
      accountIds: [ig.accountId],
      instagram: { requestId: rid(), contentType: "REELS", caption: "reel", items: [{ mediaId }] },
      scheduledAt: inSeconds(3600),
    });
    expect(res.status).toBe(202); // instagram schedules answer as youtube's
    const { scheduledPostIds, jobId } = res.json.results[0];
    await moveScheduledPost(t.scope, scheduledPostIds[0], new Date(Date.now() + 2_000), "America/New_York");
    const job = await waitForJob(t.key, jobId);
    expect(job.status).toBe("published");
    await expect(moveScheduledPost(t.scope, scheduledPostIds[0], new Date(Date.now() + 60_000), null)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("text schedules", () => {
  it("schedules X (link removed at acceptance) and Threads, then publishes each thread at its time", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const threads = await connectAccount(t.scope, "threads");
    const at = inSeconds(2);
    const res = await schedule(t.call, {
      accountIds: [x.accountId, threads.accountId],
      posts: ["Launch https://example.com/a", "More at https://example.com/b"],
      scheduledAt: at,
    });
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual({ succeeded: 2, failed: 0 });
    for (const r of res.json.results)
      expect(r).toMatchObject({ success: true, scheduledAt: new Date(at).toISOString(), scheduledPostIds: [expect.any(String)] });
    const listed = await t.call("GET", "/api/v1/scheduled-posts?provider=x");
    expect(listed.json.scheduledPosts[0]).toMatchObject({ summary: "Launch", status: "scheduled" });
    const xJob = listed.json.scheduledPosts[0].jobId;
    const done = await waitForJob(t.key, xJob);
    expect(done.status).toBe("published");
    const xPosts = await sandboxPosts("x", x.username);
    expect(xPosts.map((p) => p.text)).toEqual(["Launch", "More at https://example.com/b"]);
    expect(xPosts[1]!.replyTo).toBe(xPosts[0]!.id);
    const thJob = (await t.call("GET", "/api/v1/scheduled-posts?provider=threads")).json.scheduledPosts[0].jobId;
    await waitForJob(t.key, thJob);
    expect((await sandboxPosts("threads", threads.username)).map((p) => p.text)).toEqual(["Launch https://example.com/a", "More at https://example.com/b"]);
  });

  it("starts a post whose time passed while no worker ran as soon as one runs, and records how late", async () => {
    const t = await setup();
    const linkedin = await connectAccount(t.scope, "linkedin");
    const res = await schedule(t.call, { accountIds: [linkedin.accountId], posts: ["overdue"], scheduledAt: inSeconds(3600) });
    const id = res.json.results[0].scheduledPostIds[0];
    // As after an outage: the time is 40 s past.
    const [job] = await sql<{ id: string }>(
      "test-overdue",
      `UPDATE "PublishJob" SET "scheduledAt" = now() - interval '40 seconds' WHERE "scheduledPostId" = $1 RETURNING id`,
      [id],
    );
    const done = await waitForJob(t.key, job!.id);
    expect(done.status).toBe("published");
    expect(done.startedLateMs).toBeGreaterThanOrEqual(40_000);
    expect(done.startedLateMs).toBeLessThan(60_000);
    expect((await t.call("GET", "/api/v1/scheduled-posts?provider=linkedin")).json.scheduledPosts[0].startedLateMs).toBe(done.startedLateMs);
  });

  it("fails the whole request when the first X post is only a link, and saves nothing", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const threads = await connectAccount(t.scope, "threads");
    const res = await schedule(t.call, { accountIds: [threads.accountId, x.accountId], posts: ["https://example.com/only"], scheduledAt: inSeconds(60) });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0].path).toBe("posts[0]");
    expect(await db.scheduledPost.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });
});

describe("bad input", () => {
  it("refuses past, offset-less and invalid times, unknown zones, incapable accounts and every publishing rule", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const ig = await connectAccount(t.scope, "instagram");
    const { mediaId } = await uploadVideo(t.key);
    const text = { accountIds: [x.accountId], posts: ["hello"] };
    const cases: [unknown, number, string][] = [
      [{ ...text, scheduledAt: new Date(Date.now() - 1000).toISOString() }, 422, "scheduledAt"],
      [{ ...text, scheduledAt: "2031-01-01T09:00:00" }, 422, "scheduledAt"],
      [{ ...text, scheduledAt: "next tuesday" }, 422, "scheduledAt"],
      [{ ...text, scheduledAt: inSeconds(60), timezone: "Mars/Olympus_Mons" }, 422, "timezone"],
      [{ ...text }, 422, "scheduledAt"],
      [{ accountIds: [x.accountId], posts: ["x".repeat(281)], scheduledAt: inSeconds(60) }, 422, "posts[0]"],
      [
        { accountIds: [ig.accountId], instagram: { requestId: rid(), contentType: "FEED", items: [{ mediaId }] }, scheduledAt: inSeconds(60) },
        422,
        "instagram.items",
      ],
      [{ accountIds: [crypto.randomUUID()], posts: ["hi"], scheduledAt: inSeconds(60) }, 404, "accountIds[0]"],
    ];
    for (const [body, status, path] of cases) {
      const res = await schedule(t.call, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    await db.connectedAccount.update({ where: { id: x.accountId }, data: { needsReconnect: true, reconnectReason: "test" } });
    const incapable = await schedule(t.call, { ...text, scheduledAt: inSeconds(60) });
    expect(incapable.status).toBe(403);
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });
});

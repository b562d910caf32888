// Post groups through the REST API against the sandbox: one composition to accounts of every
// platform, each target a publish job; every target checked before any is accepted; requestId
// idempotency with concurrent duplicates. (The MCP tools: server/mcp/mcp-post-groups.test.ts.)
import { describe, expect, it } from "vitest";
import { expectIssue, waitForGroup } from "../../testing/post-group-fixtures.ts";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, compareDryRunsWithRealCalls, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { createCarousel, sampleText, waitForCarousel } from "../../testing/carousel-fixtures.ts";
import { makeJpeg } from "../../testing/media-fixtures.ts";
import { sandboxPosts } from "../../testing/platform-fixtures.ts";
import { uploadImage, uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";
import { reserve } from "../../testing/upload-fixtures.ts";

// every publishing write below is also checked against its dry run (POST …/validate)
compareDryRunsWithRealCalls();

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id) };
}

const rid = () => crypto.randomUUID();
const postGroup = (key: string, body: unknown) => api(key)("POST", "/api/v1/post-groups", { body });

/** Nothing of a refused request may remain: no group, no job, no schedule. */
async function expectNothingCreated(workspaceId: string) {
  expect(await db.postGroup.count({ where: { workspaceId } })).toBe(0);
  expect(await db.publishJob.count({ where: { workspaceId } })).toBe(0);
  expect(await db.scheduledPost.count({ where: { workspaceId } })).toBe(0);
}

describe("post groups", () => {
  it("publishes one image-and-text composition to X, Threads, LinkedIn, Instagram and Facebook and a video to TikTok and YouTube, each target a publish job", async () => {
    const t = await setup();
    const connect = (p: Parameters<typeof connectAccount>[1]) => connectAccount(t.scope, p);
    const [x, threads, linkedin, instagram, facebook, tiktok, youtube] = [
      await connect("x"),
      await connect("threads"),
      await connect("linkedin"),
      await connect("instagram"),
      await connect("facebook"),
      await connect("tiktok"),
      await connect("youtube"),
    ];
    const image = await uploadImage(t.key);
    const video = await uploadVideo(t.key);
    const text = `Spring collection ${Date.now()}: https://acme.example/spring`;
    const linkedinText = `LinkedIn gets its own words ${Date.now()}`;
    const body = {
      requestId: rid(),
      content: { text, media: [{ mediaId: image.mediaId, altText: "Jackets on a rail" }] },
      targets: [
        { accountId: x.accountId, content: { thread: ["More at https://acme.example/more"] } },
        { accountId: threads.accountId },
        { accountId: linkedin.accountId, content: { text: linkedinText } },
        { accountId: instagram.accountId, instagram: { contentType: "FEED" } },
        { accountId: facebook.accountId, facebook: { contentType: "FEED" } },
        { accountId: tiktok.accountId, content: { media: [{ mediaId: video.mediaId }] }, tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE" } },
        { accountId: youtube.accountId, content: { media: [{ mediaId: video.mediaId }] }, youtube: { title: "Spring", privacyStatus: "public" } },
      ],
    };
    const res = await postGroup(t.key, body);
    expect(res.status, res.text).toBe(202);
    expect(res.json.targets.map((r: { provider: string }) => r.provider)).toEqual(["x", "threads", "linkedin", "instagram", "facebook", "tiktok", "youtube"]);
    expect(res.json.targets.every((r: { status: string; scheduledPostId: null }) => r.status === "queued" && r.scheduledPostId === null)).toBe(true);

    const group = await waitForGroup(t.key, res.json.postGroupId);
    expect(group.status, JSON.stringify(group)).toBe("published");
    expect(group.targets).toHaveLength(7);
    for (const target of group.targets) {
      // each target is a publish job of its own, as GET /api/v1/publish-jobs shows it
      const job = await waitForJob(t.key, target.jobId);
      expect(job).toMatchObject({ jobId: target.jobId, status: "published", postId: target.postId, permalink: target.permalink, accountId: target.accountId });
    }
    const onX = await sandboxPosts("x", x.username);
    expect(onX.map((p) => p.text)).toEqual([`Spring collection ${text.split(" ")[2]}`, "More at https://acme.example/more"]); // the X link rule
    expect(onX[1]!.replyTo).toBe(onX[0]!.id);
    expect((await sandboxPosts("threads", threads.username)).map((p) => p.text)).toEqual([text]);
    expect((await sandboxPosts("linkedin")).filter((p) => p.text === linkedinText)).toHaveLength(1);
    const onInstagram = await sandboxPosts("instagram", instagram.username);
    expect(onInstagram.map((p) => p.text)).toEqual([text]);
    expect((await sandboxPosts("youtube", youtube.username)).length).toBe(1);
    // the same image bytes on each platform's post (X: the first post, not its reply), the video on TikTok's
    expect(onX.map((p) => p.media.length)).toEqual([1, 0]);
    const imageSha = onX[0]!.media[0]!.sha256;
    const stored = async (provider: "threads" | "linkedin" | "instagram" | "facebook" | "tiktok", username?: string, only?: string) =>
      (await sandboxPosts(provider, username)).filter((p) => only === undefined || p.text === only).map((p) => p.media.map((m) => m.sha256));
    expect(await stored("threads", threads.username)).toEqual([[imageSha]]);
    expect(await stored("linkedin", undefined, linkedinText)).toEqual([[imageSha]]);
    expect(await stored("instagram", instagram.username)).toEqual([[imageSha]]);
    expect(await stored("facebook", facebook.username)).toEqual([[imageSha]]);
    const onTiktok = await stored("tiktok", tiktok.username);
    expect(onTiktok).toHaveLength(1);
    expect(onTiktok[0]).toHaveLength(1);
    expect(onTiktok[0]![0]).not.toBe(imageSha);
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id, postGroupId: res.json.postGroupId } })).toBe(7);
  });

  it("publishes images with alt text on X, a Threads carousel, a LinkedIn multi-image post and a carousel document, each with its first comment once", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const threads = await connectAccount(t.scope, "threads");
    const linkedin = await connectAccount(t.scope, "linkedin");
    const linkedinDoc = await connectAccount(t.scope, "linkedin");
    const instagram = await connectAccount(t.scope, "instagram");
    const images = [await uploadImage(t.key, "#aa0000"), await uploadImage(t.key, "#00aa00"), await uploadImage(t.key, "#0000aa"), await uploadImage(t.key)];
    const carousel = await createCarousel(t.key, { text: sampleText, slideCount: 3 });
    expect((await waitForCarousel(t.key, carousel.json.carouselId)).status).toBe("completed");
    const text = `Four pictures ${Date.now()}`;
    const comment = `More at acme.example ${Date.now()}`;
    const res = await postGroup(t.key, {
      requestId: rid(),
      content: { text, media: images.map((m, i) => ({ mediaId: m.mediaId, altText: `Picture ${i + 1}` })), firstComment: comment },
      targets: [
        { accountId: x.accountId },
        { accountId: threads.accountId },
        { accountId: linkedin.accountId, content: { media: images.slice(0, 3).map((m) => ({ mediaId: m.mediaId })) } },
        { accountId: linkedinDoc.accountId, content: { media: [] }, linkedin: { carouselId: carousel.json.carouselId } },
        { accountId: instagram.accountId, instagram: { contentType: "FEED" } },
      ],
    });
    expect(res.status, res.text).toBe(202);
    const group = await waitForGroup(t.key, res.json.postGroupId, 120_000);
    expect(group.status, JSON.stringify(group)).toBe("published");
    for (const target of group.targets) expect(target.firstComment, JSON.stringify(target)).toMatchObject({ status: "posted", commentId: expect.any(String) });
    const onX = await sandboxPosts("x", x.username);
    expect(onX.filter((p) => p.text === text)[0]!.media).toHaveLength(4);
    expect(onX.filter((p) => p.text === comment && p.replyTo === group.targets[0].postId)).toHaveLength(1);
    const onThreads = await sandboxPosts("threads", threads.username);
    expect(onThreads.filter((p) => p.text === comment)).toHaveLength(1);
    const job = await api(t.key)("GET", `/api/v1/publish-jobs/${group.targets[4].jobId}`);
    expect(job.json.firstComment).toMatchObject({ status: "posted" });
  });

  it("sends no text to a Story and says so; schedules every target, listed and cancelable as scheduled posts", async () => {
    const t = await setup();
    const instagram = await connectAccount(t.scope, "instagram");
    const threads = await connectAccount(t.scope, "threads");
    const image = await uploadImage(t.key);
    const scheduledAt = new Date(Date.now() + 3600_000).toISOString();
    const res = await postGroup(t.key, {
      requestId: rid(),
      content: { text: "Tonight", media: [{ mediaId: image.mediaId }] },
      targets: [{ accountId: instagram.accountId, instagram: { contentType: "STORIES" } }, { accountId: threads.accountId }],
      scheduledAt,
      timezone: "Europe/Berlin",
    });
    expect(res.status, res.text).toBe(202);
    const [story, thread] = res.json.targets;
    expect(story).toMatchObject({ provider: "instagram", status: "scheduled", warnings: [expect.stringContaining("no caption")] });
    expect(thread).toMatchObject({ provider: "threads", status: "scheduled" });
    expect(thread.warnings).toBeUndefined();
    const job = await api(t.key)("GET", `/api/v1/publish-jobs/${story.jobId}`);
    expect(job.json).toMatchObject({ status: "scheduled", scheduledPostId: story.scheduledPostId, scheduledAt: new Date(scheduledAt).toISOString() });
    const payload = (await db.publishJob.findUniqueOrThrow({ where: { id: story.jobId } })).payload as { caption: unknown };
    expect(payload.caption).toBeNull();

    const listed = await api(t.key)("GET", "/api/v1/scheduled-posts?provider=instagram");
    expect(JSON.stringify(listed.json)).toContain(story.scheduledPostId);
    const canceled = await api(t.key)("DELETE", `/api/v1/scheduled-posts/${story.scheduledPostId}?platform=instagram`);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.json).toEqual({ canceled: 1 });
    const group = await api(t.key)("GET", `/api/v1/post-groups/${res.json.postGroupId}`);
    expect(group.json.status).toBe("scheduled");
    expect(group.json.targets.map((x: { status: string }) => x.status)).toEqual(["canceled", "scheduled"]);
  });

  describe("refuses bad input with 422 naming the field, and creates nothing", () => {
    it("five images to X, a video and an image to X, 21 items to Threads", async () => {
      const t = await setup();
      const x = await connectAccount(t.scope, "x");
      const threads = await connectAccount(t.scope, "threads");
      const image = await uploadImage(t.key);
      const video = await uploadVideo(t.key, { durationSeconds: 20 });
      const images = (n: number) => Array.from({ length: n }, () => ({ mediaId: image.mediaId }));
      const cases: [unknown, string][] = [
        [{ targets: [{ accountId: x.accountId }], content: { text: "Five", media: images(5) } }, "targets[0].content.media"],
        [
          { targets: [{ accountId: x.accountId }], content: { text: "Mixed", media: [{ mediaId: video.mediaId }, { mediaId: image.mediaId }] } },
          "targets[0].content.media",
        ],
        [
          { targets: [{ accountId: threads.accountId }, { accountId: x.accountId, content: { media: [] } }], content: { text: "Many", media: images(21) } },
          "targets[0].content.media",
        ],
      ];
      for (const [body, path] of cases) {
        const res = await postGroup(t.key, { requestId: rid(), ...(body as object) });
        expectIssue(res, path);
      }
      await expectNothingCreated(t.workspace.id);
    });

    it("an Instagram target without media (the mode's request needs items)", async () => {
      const t = await setup();
      const instagram = await connectAccount(t.scope, "instagram");
      const res = await postGroup(t.key, {
        requestId: rid(),
        content: { text: "Just words" },
        targets: [{ accountId: instagram.accountId, instagram: { contentType: "FEED" } }],
      });
      expectIssue(res, "targets[0].content.media", "required");
      await expectNothingCreated(t.workspace.id);
    });

    it("a first comment on TikTok or YouTube; a Story's first comment", async () => {
      const t = await setup();
      const tiktok = await connectAccount(t.scope, "tiktok");
      const youtube = await connectAccount(t.scope, "youtube");
      const instagram = await connectAccount(t.scope, "instagram");
      const video = await uploadVideo(t.key);
      const res = await postGroup(t.key, {
        requestId: rid(),
        content: { text: "Watch", media: [{ mediaId: video.mediaId }], firstComment: "Link in bio" },
        targets: [
          { accountId: tiktok.accountId, tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE" } },
          { accountId: youtube.accountId, youtube: { title: "Watch", privacyStatus: "public" } },
          { accountId: instagram.accountId, instagram: { contentType: "STORIES" } },
        ],
      });
      expectIssue(res, "targets[0].content.firstComment", "not_supported");
      expectIssue(res, "targets[1].content.firstComment", "not_supported");
      expectIssue(res, "targets[2].content.firstComment", "not_supported");
      await expectNothingCreated(t.workspace.id);
    });

    it("an unconfirmed or another workspace's mediaId in one target of ten", async () => {
      const t = await setup();
      const other = await setup();
      const providers = ["x", "threads", "linkedin", "x", "threads", "linkedin", "x", "threads", "linkedin", "x"] as const;
      const accounts = [];
      for (const p of providers) accounts.push(await connectAccount(t.scope, p));
      const image = await uploadImage(t.key);
      const bytes = await makeJpeg({ width: 100, height: 100 });
      const reserved = await reserve(t.key, { fileName: "r.jpg", contentType: "image/jpeg", mediaType: "IMAGE", fileSize: bytes.length });
      const foreign = await uploadImage(other.key);
      for (const [mediaId, code] of [
        [reserved.json.mediaId as string, "not_confirmed"],
        [foreign.mediaId, "not_found"],
      ] as const) {
        const targets = accounts.map((a, i) => ({ accountId: a.accountId, ...(i === 7 ? { content: { media: [{ mediaId }] } } : {}) }));
        const res = await postGroup(t.key, { requestId: rid(), content: { text: "Ten", media: [{ mediaId: image.mediaId }] }, targets });
        expectIssue(res, "targets[7].content.media[0].mediaId", code);
        expect(res.json.error.details.issues).toHaveLength(1);
      }
      await expectNothingCreated(t.workspace.id);
    });

    it("51 targets; an override that breaks a platform limit; a missing YouTube title", async () => {
      const t = await setup();
      const x = await connectAccount(t.scope, "x");
      const threads = await connectAccount(t.scope, "threads");
      const youtube = await connectAccount(t.scope, "youtube");
      const video = await uploadVideo(t.key);
      const many = await postGroup(t.key, {
        requestId: rid(),
        content: { text: "Hi" },
        targets: Array.from({ length: 51 }, () => ({ accountId: x.accountId })),
      });
      expectIssue(many, "targets");
      const override = await postGroup(t.key, {
        requestId: rid(),
        content: { text: "Short and fine" },
        targets: [
          { accountId: threads.accountId },
          { accountId: x.accountId, content: { text: "x".repeat(281) } },
          { accountId: youtube.accountId, content: { media: [{ mediaId: video.mediaId }] }, youtube: { title: "", privacyStatus: "public" } },
        ],
      });
      expectIssue(override, "targets[1].content.text", "too_long");
      expectIssue(override, "targets[2].youtube.title");
      expect(override.json.error.details.issues.some((i: { path: string }) => i.path.startsWith("targets[0]"))).toBe(false);
      await expectNothingCreated(t.workspace.id);
    });
  });

  it("answers a repeated requestId with the same group, another body with 409, and makes one group of concurrent duplicates", async () => {
    const t = await setup();
    const threads = await connectAccount(t.scope, "threads");
    const linkedin = await connectAccount(t.scope, "linkedin");
    const body = {
      requestId: rid(),
      content: { text: `Once ${Date.now()}` },
      targets: [{ accountId: threads.accountId }, { accountId: linkedin.accountId }],
      scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => postGroup(t.key, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(19).fill(200), 202]);
    expect(new Set(answers.map((a) => a.json.postGroupId)).size).toBe(1);
    expect(await db.postGroup.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(2);
    const first = answers.find((a) => a.status === 202)!;
    // the same body in other words (the same instant with another offset) is the same group
    const again = await postGroup(t.key, { ...body, scheduledAt: body.scheduledAt.replace("Z", "+00:00") });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const changed = await postGroup(t.key, { ...body, content: { text: "Something else" } });
    expect(changed.status).toBe(409);
    expect(changed.json.error.code).toBe("REQUEST_CONFLICT");
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(2);
  });
});

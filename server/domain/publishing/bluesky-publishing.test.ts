// Publishing to Bluesky end to end, against the sandbox's real PDS (a real AT Protocol server):
// post groups and POST /api/v1/posts through the REST API, every record read back with
// @atproto/api as an independent client (a video among them: an app.bsky.embed.video whose blob
// is the uploaded file); the rules that refuse before anything is created; and a
// publish whose answer is lost (the PDS received it, then went dark) that ends published once.
import { describe, expect, it } from "vitest";
import { expectIssue, waitForGroup } from "../../testing/post-group-fixtures.ts";
import { db } from "../../db.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { blueskyPosts, blueskyReader, clearBlueskyFaults, connectBlueskyAccount, loseBlueskyAnswer } from "../../testing/bluesky-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { makeMp4 } from "../../testing/media-fixtures.ts";
import { upload } from "../../testing/upload-fixtures.ts";
import { uploadImage, uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";

const rid = () => crypto.randomUUID();

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const sky = await connectBlueskyAccount(t.scope);
  return { ...t, sky, call: api(t.key) };
}

describe("publishing to Bluesky", () => {
  it("publishes a post group: an image with alt text, a link facet, langs, a thread as a reply chain and the first comment as a reply", async () => {
    const t = await setup();
    const image = await uploadImage(t.key);
    const text = `Spring collection ${Date.now()}: https://acme.example/spring`;
    const res = await t.call("POST", "/api/v1/post-groups", {
      body: {
        requestId: rid(),
        content: { text, thread: ["And the rest of it"], media: [{ mediaId: image.mediaId, altText: "Jackets on a rail" }], firstComment: "First!" },
        targets: [{ accountId: t.sky.accountId, bluesky: { langs: ["en", "pt-BR"] } }],
      },
    });
    expect(res.status, res.text).toBe(202);
    const group = await waitForGroup(t.key, res.json.postGroupId);
    expect(group.status, JSON.stringify(group)).toBe("published");
    const job = await waitForJob(t.key, group.targets[0].jobId);
    expect(job.firstComment).toMatchObject({ status: "posted" });

    const records = (await blueskyPosts(t.sky.bluesky.did)).reverse(); // oldest first
    expect(records.map((r) => r.value.text)).toEqual([text, "And the rest of it", "First!"]);
    const [root, reply, comment] = records as [(typeof records)[0], (typeof records)[0], (typeof records)[0]];
    expect(job.postId).toBe(root.uri);
    expect(root.value.langs).toEqual(["en", "pt-BR"]);
    expect(root.value.embed).toMatchObject({ $type: "app.bsky.embed.images", images: [{ alt: "Jackets on a rail", aspectRatio: expect.any(Object) }] });
    const link = root.value.facets?.flatMap((f: any) => f.features).find((f: any) => f.$type === "app.bsky.richtext.facet#link");
    expect(link?.uri).toBe("https://acme.example/spring");
    const rootRef = { uri: root.uri, cid: root.cid };
    expect(reply.value.reply).toEqual({ root: rootRef, parent: rootRef });
    expect(comment.value.reply).toEqual({ root: rootRef, parent: { uri: reply.uri, cid: reply.cid } });
  });

  it("publishes a post group with a 6 MB video: an app.bsky.embed.video holding the file as an MP4 blob, its alt text and aspect ratio", async () => {
    const t = await setup();
    // over the PDS library's default 5 MB blob limit: the sandbox's PDS takes videos up to 100 MiB, as Bluesky's does
    const video = await uploadVideo(t.key, { width: 1080, height: 1920, durationSeconds: 30, payloadBytes: 6_000_000 });
    const text = `A clip ${Date.now()}`;
    const res = await t.call("POST", "/api/v1/post-groups", {
      body: {
        requestId: rid(),
        content: { text, media: [{ mediaId: video.mediaId, altText: "Waves on a beach" }] },
        targets: [{ accountId: t.sky.accountId }],
      },
    });
    expect(res.status, res.text).toBe(202);
    const group = await waitForGroup(t.key, res.json.postGroupId, 60_000);
    expect(group.status, JSON.stringify(group)).toBe("published");

    const [record] = await blueskyPosts(t.sky.bluesky.did);
    expect(group.targets[0].postId).toBe(record!.uri);
    expect(record!.value.text).toBe(text);
    expect(record!.value.embed).toMatchObject({
      $type: "app.bsky.embed.video",
      alt: "Waves on a beach",
      aspectRatio: { width: 1080, height: 1920 },
      video: { mimeType: "video/mp4", size: video.bytes.length },
    });
    const blob = await blueskyReader().com.atproto.sync.getBlob({ did: t.sky.bluesky.did, cid: String(record!.value.embed.video.ref) });
    expect(Buffer.from(blob.data).equals(video.bytes)).toBe(true);
  }, 90_000);

  it("publishes a thread at once through POST /api/v1/posts", async () => {
    const t = await setup();
    const res = await t.call("POST", "/api/v1/posts", { body: { accountIds: [t.sky.accountId], posts: ["One #launch", "Two"] } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.results[0]).toMatchObject({ provider: "bluesky", success: true });
    const records = (await blueskyPosts(t.sky.bluesky.did)).reverse();
    expect(records.map((r) => r.value.text)).toEqual(["One #launch", "Two"]);
    expect(res.json.results[0].postIds).toEqual(records.map((r) => r.uri));
    expect(records[0]!.value.facets?.[0]?.features[0]).toMatchObject({ $type: "app.bsky.richtext.facet#tag", tag: "launch" });
  });

  it("refuses, creating nothing: 301 graphemes, five images, a video beside an image, two videos, a QuickTime or 200 s video, alt text too long, a bluesky object on another account", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const images = await Promise.all(["#111111", "#222222", "#333333", "#444444", "#555555"].map((c) => uploadImage(t.key, c)));
    const video = await uploadVideo(t.key);
    const longVideo = await uploadVideo(t.key, { durationSeconds: 200 });
    const mov = await upload(t.key, { fileName: "clip.mov", contentType: "video/quicktime", bytes: makeMp4({ brand: "qt  " }) });
    expect(mov.confirmed.status, mov.confirmed.text).toBe(200);
    const movId = mov.confirmed.json.mediaId as string;
    const group = (content: Record<string, unknown>, targets: unknown[] = [{ accountId: t.sky.accountId }]) =>
      t.call("POST", "/api/v1/post-groups", { body: { requestId: rid(), content: { text: "hello", ...content }, targets } });

    // counted in graphemes: a family emoji is one (five code points), so 300 of them and letters pass, 301 do not
    expectIssue(await group({ text: "👍".repeat(301) }), "targets[0].content.text", "too_long");
    expect((await group({ text: "👨‍👩‍👧".repeat(150) + "a".repeat(150) })).status).toBe(202);
    expectIssue(await group({ media: images.map((m) => ({ mediaId: m.mediaId })) }), "targets[0].content.media", "too_many");
    // one MP4 video of up to 3 minutes and nothing beside it; its alt text up to 1,000 graphemes
    expectIssue(await group({ media: [{ mediaId: video.mediaId }, { mediaId: images[0]!.mediaId }] }), "targets[0].content.media", "mixed_media");
    expectIssue(await group({ media: [{ mediaId: video.mediaId }, { mediaId: longVideo.mediaId }] }), "targets[0].content.media", "too_many");
    expectIssue(await group({ media: [{ mediaId: movId }] }), "targets[0].content.media[0].mediaId", "wrong_type");
    expectIssue(await group({ media: [{ mediaId: longVideo.mediaId }] }), "targets[0].content.media[0].mediaId", "too_long");
    expectIssue(await group({ media: [{ mediaId: video.mediaId, altText: "a".repeat(1001) }] }), "targets[0].content.media[0].altText", "too_long");
    expectIssue(await group({ media: [{ mediaId: images[0]!.mediaId, altText: "a".repeat(2001) }] }), "targets[0].content.media[0].altText", "too_long");
    expectIssue(await group({ thread: ["x".repeat(301)] }), "targets[0].content.thread[0]", "too_long");
    expectIssue(await group({}, [{ accountId: x.accountId, bluesky: { langs: ["en"] } }]), "targets[0].bluesky");
    const sync = await t.call("POST", "/api/v1/posts", { body: { accountIds: [t.sky.accountId], posts: ["ok", "y".repeat(301)] } });
    expectIssue(sync, "posts[1]", "too_long");
    // only the one accepted group made a job
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
  });

  it("a publish whose answer is lost (the PDS received it, then went dark) ends published exactly once", async () => {
    const t = await setup();
    await loseBlueskyAnswer("com.atproto.repo.createRecord", 3);
    try {
      const text = `Lost answer ${Date.now()}`;
      const res = await t.call("POST", "/api/v1/post-groups", { body: { requestId: rid(), content: { text }, targets: [{ accountId: t.sky.accountId }] } });
      expect(res.status, res.text).toBe(202);
      const group = await waitForGroup(t.key, res.json.postGroupId, 90_000);
      expect(group.status, JSON.stringify(group)).toBe("published");
      const records = await blueskyPosts(t.sky.bluesky.did);
      expect(records.map((r) => r.value.text)).toEqual([text]);
      expect(group.targets[0].postId).toBe(records[0]!.uri);
      // the answer was lost, and the job settled it on a later run by looking the record up
      const job = await db.publishJob.findUniqueOrThrow({ where: { id: group.targets[0].jobId } });
      expect(Number((job.progress as { retries?: number }).retries)).toBeGreaterThanOrEqual(1);
      expect(job.submitStartedAt).toBeNull();
    } finally {
      await clearBlueskyFaults();
    }
  }, 120_000);
});

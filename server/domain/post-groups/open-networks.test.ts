// Issue 48's acceptance across networks: one post group with text, a link and an image with alt
// text to X, Threads, LinkedIn, Bluesky and Mastodon accounts. Every target is published; the
// Bluesky record is read back from the real PDS with @atproto/api (the image blob with its alt
// text, the link facet) and the Mastodon status from its instance (the media description, the
// job's Idempotency-Key as the sandbox received it).
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { blueskyPosts, blueskyReader, connectBlueskyAccount } from "../../testing/bluesky-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { sandboxPosts } from "../../testing/platform-fixtures.ts";
import { expectIssue, waitForGroup } from "../../testing/post-group-fixtures.ts";
import { publish, uploadImage } from "../../testing/publish-fixtures.ts";
import { withAccount } from "../accounts/account-tokens.ts";

const rid = () => crypto.randomUUID();

describe("one post group to the seven's text networks, Bluesky and Mastodon", () => {
  it("publishes text, a link and an image with alt text to X, Threads, LinkedIn, Bluesky and Mastodon", { timeout: 120_000 }, async () => {
    const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
    const x = await connectAccount(t.scope, "x");
    const threads = await connectAccount(t.scope, "threads");
    const linkedin = await connectAccount(t.scope, "linkedin");
    const sky = await connectBlueskyAccount(t.scope);
    const mastodon = await connectAccount(t.scope, "mastodon");
    const image = await uploadImage(t.key);
    const text = `Spring is here ${Date.now()}: https://acme.example/spring`;
    const res = await api(t.key)("POST", "/api/v1/post-groups", {
      body: {
        requestId: rid(),
        content: { text, media: [{ mediaId: image.mediaId, altText: "Three jackets on a rail" }] },
        targets: [x, threads, linkedin, sky, mastodon].map((a) => ({ accountId: a.accountId })),
      },
    });
    expect(res.status, res.text).toBe(202);
    const group = await waitForGroup(t.key, res.json.postGroupId, 90_000);
    expect(group.status, JSON.stringify(group)).toBe("published");
    expect(Object.fromEntries(group.targets.map((g: { provider: string; status: string }) => [g.provider, g.status]))).toEqual({
      x: "published",
      threads: "published",
      linkedin: "published",
      bluesky: "published",
      mastodon: "published",
    });
    const target = (provider: string) => group.targets.find((g: { provider: string }) => g.provider === provider);

    // Bluesky: the record as another client reads it from the PDS
    const [record] = await blueskyPosts(sky.bluesky.did);
    expect(record!.uri).toBe(target("bluesky").postId);
    expect(record!.value.text).toBe(text);
    expect(record!.value.embed).toMatchObject({
      $type: "app.bsky.embed.images",
      images: [
        { alt: "Three jackets on a rail", image: expect.objectContaining({ mimeType: expect.stringMatching(/^image\//) }), aspectRatio: expect.any(Object) },
      ],
    });
    expect(record!.value.embed.images[0].image.size).toBeGreaterThan(0);
    const link = record!.value.facets
      ?.flatMap((f: { features: { $type: string; uri?: string }[] }) => f.features)
      .find((f: { $type: string }) => f.$type === "app.bsky.richtext.facet#link");
    expect(link?.uri).toBe("https://acme.example/spring");

    // Mastodon: the status on its instance, and the key the sandbox received with it
    const statusId = target("mastodon").postId as string;
    const [sent] = await sandboxPosts("mastodon", mastodon.username.split("@")[0]);
    expect(sent!.id).toBe(statusId);
    expect(sent!.extra.idempotencyKey).toBe(`${target("mastodon").jobId}:0`);
    const status = await withAccount(mastodon.accountId, async (ctx) => {
      const r = await fetch(`${ctx.metadata.instance as string}/api/v1/statuses/${statusId}`, { headers: { Authorization: `Bearer ${ctx.accessToken}` } });
      return (await r.json()) as { content: string; media_attachments: { type: string; description: string | null }[] };
    });
    expect(status.content).toContain("https://acme.example/spring");
    expect(status.media_attachments).toEqual([expect.objectContaining({ type: "image", description: "Three jackets on a rail" })]);
  });

  it("refuses, naming the field and creating nothing: 301 graphemes and five images to Bluesky, a content warning on an X target", async () => {
    const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
    const x = await connectAccount(t.scope, "x");
    const sky = await connectBlueskyAccount(t.scope);
    const images = [];
    for (let i = 0; i < 5; i++) images.push(await uploadImage(t.key, `#2f6b${i}f`));
    const group = (body: Record<string, unknown>) => api(t.key)("POST", "/api/v1/post-groups", { body: { requestId: rid(), ...body } });

    // 301 emoji: graphemes as Bluesky counts them, not code points or UTF-16 units
    expectIssue(await group({ content: { text: "🌱".repeat(301) }, targets: [{ accountId: sky.accountId }] }), "targets[0].content.text", "too_long");
    expectIssue(
      await group({ content: { text: "Five", media: images.map((m) => ({ mediaId: m.mediaId })) }, targets: [{ accountId: sky.accountId }] }),
      "targets[0].content.media",
    );
    expectIssue(
      await group({ content: { text: "Hello" }, targets: [{ accountId: x.accountId, mastodon: { spoilerText: "spoilers" } }] }),
      "targets[0].mastodon",
    );
    expect(await db.postGroup.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    expect(await blueskyPosts(sky.bluesky.did)).toEqual([]);
  });

  it("reposts on Bluesky (a repost record on the PDS); Mastodon answers REPOST_NOT_SUPPORTED, as the media platforms do", async () => {
    const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
    const sky = await connectBlueskyAccount(t.scope);
    const mastodon = await connectAccount(t.scope, "mastodon");
    const published = await publish(t.key, { accountIds: [sky.accountId, mastodon.accountId], posts: [`Worth sharing ${Date.now()}`] });
    expect(published.status, published.text).toBe(200);
    const [onSky, onMastodon] = published.json.results as { postIds: string[] }[];

    const reposted = await api(t.key)("POST", "/api/v1/reposts", { body: { accountId: sky.accountId, postId: onSky!.postIds[0] } });
    expect(reposted.status, reposted.text).toBe(201);
    const repost = await blueskyReader().com.atproto.repo.listRecords({ repo: sky.bluesky.did, collection: "app.bsky.feed.repost" });
    expect(repost.data.records).toEqual([
      expect.objectContaining({
        uri: reposted.json.repostId,
        value: expect.objectContaining({ subject: expect.objectContaining({ uri: onSky!.postIds[0] }) }),
      }),
    ]);
    // what is not an at:// address names no post (api-fuzz once got a 500 here)
    const nowhere = await api(t.key)("POST", "/api/v1/reposts", { body: { accountId: sky.accountId, postId: "Ꙅ𝌃 not a uri" } });
    expect(nowhere.status, nowhere.text).toBe(404);
    expect(nowhere.json.error.code).toBe("NOT_FOUND");

    const refused = await api(t.key)("POST", "/api/v1/reposts", { body: { accountId: mastodon.accountId, postId: onMastodon!.postIds[0] } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.error.code).toBe("REPOST_NOT_SUPPORTED");
  });
});

// Meta's own Node client, facebook-nodejs-business-sdk, against the sandbox Instagram API with
// Instagram Login (graph.instagram.com): create an image container, read its status, publish it
// with media_publish, read the media back and list the account's media and publishing limit;
// comment on the media and list its comments.
import { FacebookAdsApi, IGMediaForIGOnlyAPI, IGUser, IGUserForIGOnlyAPI, ShadowIGMediaBuilder } from "facebook-nodejs-business-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointBusinessSdkAt } from "../../testing/business-sdk.ts";
import { makeJpeg, serveBytes } from "../../testing/media-fixtures.ts";
import { connect, contextFor, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { instagramAdapter as ig } from "./instagram-adapter.ts";

let media: Awaited<ReturnType<typeof serveBytes>>;
let restore: () => void;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  media = await serveBytes({ "photo.jpg": { body: await makeJpeg(), type: "image/jpeg" } });
  restore = pointBusinessSdkAt(`${sandboxUrl()}/instagram/graph`);
});
afterAll(async () => {
  restore();
  await media.close();
});

describe("facebook-nodejs-business-sdk against the sandbox Instagram API", () => {
  it("creates a container, follows its status, publishes it and reads the media back", async () => {
    const { tokens, identity } = await connect(ig);
    const ctx = contextFor(identity, tokens);
    FacebookAdsApi.init(ctx.accessToken, "en_US", false);
    // A fresh node per call: createMedia has no result class in the SDK, so it writes the answer
    // (the container's id) into the IGUserForIGOnlyAPI object it was called on.
    const user = () => new IGUserForIGOnlyAPI(ctx.providerAccountId);

    const created = await user().createMedia([], { image_url: media.url("photo.jpg"), caption: "Through Meta's SDK #sandbox" });
    const container = { id: String(created._data.id) };
    expect(container.id).toMatch(/^\d+$/);

    let status: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) {
      status = (await new ShadowIGMediaBuilder(container.id).read(["status_code", "status"]))._data;
      if (status.status_code !== "IN_PROGRESS") break;
      await sleep(50);
    }
    expect(status).toMatchObject({ id: container.id, status_code: "FINISHED" });

    // IGUserForIGOnlyAPI.createMediaPublish posts to "/mediapublish" (a slip in the generated
    // SDK); the documented edge is /media_publish, which the SDK's IGUser class uses. Same host,
    // same token: only the edge name differs.
    const published = await new IGUser(ctx.providerAccountId).createMediaPublish([], { creation_id: container.id });
    expect(published.id).toMatch(/^\d+$/);

    const read = await new IGMediaForIGOnlyAPI(published.id).get(["id", "caption", "media_type", "media_product_type", "permalink", "timestamp", "username"]);
    expect(read._data).toMatchObject({
      id: published.id,
      caption: "Through Meta's SDK #sandbox",
      media_type: "IMAGE",
      media_product_type: "FEED",
      username: identity.username,
    });
    expect(read._data.permalink).toMatch(/^https:\/\/www\.instagram\.com\/p\/[A-Za-z0-9_-]+\/$/);
    expect(read._data.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);

    const listed = await user().getMedia(["id", "caption"]);
    expect(listed.map((m) => m._data)).toEqual([{ id: published.id, caption: "Through Meta's SDK #sandbox" }]);
    const limit = await user().getContentPublishingLimit(["quota_usage", "config"]);
    expect(limit[0]?._data).toEqual({ quota_usage: 1, config: { quota_total: expect.any(Number), quota_duration: 86400 } });

    expect((await sandboxPosts("instagram", identity.username)).map((p) => [p.id, p.text])).toEqual([[published.id, "Through Meta's SDK #sandbox"]]);
  });

  it("comments on a published media and lists its comments", async () => {
    const { tokens, identity } = await connect(ig);
    const ctx = contextFor(identity, tokens);
    FacebookAdsApi.init(ctx.accessToken, "en_US", false);
    const created = await new IGUserForIGOnlyAPI(ctx.providerAccountId).createMedia([], { image_url: media.url("photo.jpg"), caption: "Comment on me" });
    const container = String(created._data.id);
    for (let i = 0; i < 100; i++) {
      if ((await new ShadowIGMediaBuilder(container).read(["status_code"]))._data.status_code !== "IN_PROGRESS") break;
      await sleep(50);
    }
    const published = await new IGUser(ctx.providerAccountId).createMediaPublish([], { creation_id: container });
    // createComment has no result class in the SDK: the answer ({id}) lands on the node it was called on.
    const node = new IGMediaForIGOnlyAPI(published.id);
    await node.createComment([], { message: "First comment, through Meta's SDK" });
    const commentId = String(node._data.id);
    expect(commentId).toMatch(/^\d+$/);
    expect(commentId).not.toBe(published.id);
    const listed = await new IGMediaForIGOnlyAPI(published.id).getComments(["id", "text"]);
    expect(listed.map((c) => (c as { _data: unknown })._data)).toEqual([{ id: commentId, text: "First comment, through Meta's SDK" }]);
  });
});

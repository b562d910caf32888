// Meta's own Node client, facebook-nodejs-business-sdk, against the sandbox Facebook Pages API:
// a Page feed post, a photo, reading both back and listing published_posts, and a comment as the Page. Nobody here wrote
// that client, so what it sends is how a real Graph client talks, not how our adapter does.
import { FacebookAdsApi, Page, PagePost, Photo } from "facebook-nodejs-business-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg, serveBytes } from "../../testing/media-fixtures.ts";
import { connect, contextFor, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { facebookAdapter as fb } from "./facebook-adapter.ts";
import { pointBusinessSdkAt } from "../../testing/business-sdk.ts";

let media: Awaited<ReturnType<typeof serveBytes>>;
let restore: () => void;

beforeAll(async () => {
  media = await serveBytes({ "photo.jpg": { body: await makeJpeg(), type: "image/jpeg" } });
  restore = pointBusinessSdkAt(`${sandboxUrl()}/facebook/graph`);
});
afterAll(async () => {
  restore();
  await media.close();
});

describe("facebook-nodejs-business-sdk against the sandbox", () => {
  it("posts to a Page feed, publishes a photo, and reads both back", async () => {
    const { tokens, identity } = await connect(fb, { pageName: "Business SDK Bakery" });
    const ctx = contextFor(identity, tokens);
    // The SDK sends the token as the access_token query parameter and the fields as a JSON body.
    FacebookAdsApi.init(ctx.accessToken, "en_US", false);
    const page = new Page(ctx.providerAccountId);

    const post = await page.createFeed([], { message: "Posted by Meta's own client" });
    expect(post.id).toMatch(new RegExp(`^${ctx.providerAccountId}_\\d+$`));

    const photo = await page.createPhoto([], { url: media.url("photo.jpg"), caption: "A photo through the SDK" });
    const photoPostId = (photo as unknown as { _data: { post_id: string } })._data.post_id;
    expect(photoPostId).toMatch(new RegExp(`^${ctx.providerAccountId}_\\d+$`));

    const read = await new PagePost(post.id).read(["id", "message", "created_time", "permalink_url"]);
    expect(read._data).toMatchObject({ id: post.id, message: "Posted by Meta's own client", permalink_url: `https://www.facebook.com/${post.id}` });
    expect(read._data.created_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    const photoNode = await new Photo(photo.id).read(["id", "name", "link"]);
    expect(photoNode._data).toMatchObject({ id: photo.id, name: "A photo through the SDK" });

    // The SDK's Cursor follows Graph's paging: published_posts, newest first.
    const published = await page.getPublishedPosts(["id", "message"], { limit: 1 });
    expect(published.map((p) => p.id)).toEqual([photoPostId]);
    expect(published.hasNext()).toBe(true);
    const older = await published.next();
    expect(older.map((p: PagePost) => p._data.message)).toEqual(["Posted by Meta's own client"]);

    const posts = await sandboxPosts("facebook");
    expect(posts.filter((p) => p.extra.pageId === ctx.providerAccountId).map((p) => [p.id, p.kind, p.text])).toEqual([
      [post.id, "text", "Posted by Meta's own client"],
      [photoPostId, "photo", "A photo through the SDK"],
    ]);
  });

  it("comments as the Page on its post and lists the post's comments", async () => {
    const { tokens, identity } = await connect(fb, { pageName: "SDK Comment Bakery" });
    const ctx = contextFor(identity, tokens);
    FacebookAdsApi.init(ctx.accessToken, "en_US", false);
    const post = await new Page(ctx.providerAccountId).createFeed([], { message: "A post to comment on" });
    const comment = await new PagePost(post.id).createComment([], { message: "First comment, through Meta's SDK" });
    expect(comment.id).toMatch(/^\d+_\d+$/);
    const listed = await new PagePost(post.id).getComments(["id", "message", "from"]);
    expect(listed.map((c) => (c as { _data: unknown })._data)).toEqual([
      { id: comment.id, message: "First comment, through Meta's SDK", from: { id: ctx.providerAccountId, name: "SDK Comment Bakery" } },
    ]);
  });

  it("surfaces the sandbox's Graph errors as the SDK's FacebookRequestError", async () => {
    const { tokens, identity } = await connect(fb);
    const ctx = contextFor(identity, tokens);
    FacebookAdsApi.init(ctx.accessToken, "en_US", false);
    const err = await new Page(ctx.providerAccountId).createFeed([], { message: "" }).catch((e: unknown) => e);
    // The SDK reads Meta's {error:{message,type,code,fbtrace_id}} body into its error.
    expect(err).toMatchObject({ name: "FacebookRequestError", status: 400 });
    expect((err as { response: { code: number; message: string } }).response).toMatchObject({ code: 100, message: "(#100) Missing message or attachment" });
  });
});

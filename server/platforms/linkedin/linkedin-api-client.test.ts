// LinkedIn's own JavaScript client, linkedin-api-client (RestliClient), against the sandbox:
// a post created on /rest/posts, the author finder, socialActions and member post analytics
// (versioned Rest.li 2.0 calls with LinkedIn-Version), and /v2/userinfo. The client encodes
// URNs, finders and records in Rest.li's own syntax, which our adapter writes by hand. And media:
// an image registered with the client's action call (initializeUpload), its bytes PUT to the upload
// URL, a post with that image, and a comment on it.
import { RestliClient } from "linkedin-api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../runtime/embedded-postgres.ts";
import { platformConfig, resetPlatformConfig } from "../config.ts";
import { startSandbox, type RunningSandbox } from "../../sandbox/app.ts";
import { linkedinSandbox } from "../../sandbox/linkedin/linkedin-sandbox.ts";
import { makeJpeg } from "../../testing/media-fixtures.ts";
import { connect } from "../../testing/platform-fixtures.ts";
import { linkedinAdapter as li } from "./linkedin-adapter.ts";

// A sandbox of this file's own: its LinkedIn app gets the reviewed products without racing the
// adapter tests, which switch the shared sandbox's products back and forth.
let own: RunningSandbox;
const shared = process.env.SANDBOX_URL;
beforeAll(async () => {
  own = await startSandbox({ port: await freePort(), modules: [linkedinSandbox] });
  process.env.SANDBOX_URL = own.url;
  resetPlatformConfig();
  const approve = await fetch(`${own.url}/_sandbox/linkedin/products`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ products: ["sign-in-openid", "share-on-linkedin", "community-management", "r-member-social"] }),
  });
  expect(approve.ok).toBe(true);
});
afterAll(async () => {
  process.env.SANDBOX_URL = shared;
  resetPlatformConfig();
  await own.close();
});

/** The client with its fixed https://api.linkedin.com base rewritten to the sandbox's stand-in. */
function clientAtSandbox(): RestliClient {
  const client = new RestliClient();
  client.axiosInstance.interceptors.request.use((config) => ({
    ...config,
    url: config.url?.replace(/^https:\/\/api\.linkedin\.com/, `${own.url}/linkedin/api`),
  }));
  return client;
}

describe("linkedin-api-client against the sandbox", () => {
  it("creates a post, finds it by author, reads its social actions and analytics, and reads userinfo", async () => {
    const scopes = ["openid", "profile", "email", "w_member_social", "r_member_social", "r_member_postAnalytics"];
    const { tokens, identity } = await connect(li, { displayName: "Restli Client" }, { scopes });
    const client = clientAtSandbox();
    const accessToken = tokens.accessToken;
    const versionString = platformConfig().linkedinVersion;

    const me = await client.get({ resourcePath: "/userinfo", accessToken });
    expect(me.data).toMatchObject({ sub: expect.any(String), name: "Restli Client", email_verified: true });
    expect(me.data.sub).toBe(identity.providerAccountId);
    const author = `urn:li:person:${me.data.sub}`;

    const created = await client.create({
      resourcePath: "/posts",
      entity: {
        author,
        commentary: "Posted by LinkedIn's own client",
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: "PUBLISHED",
        isReshareDisabledByAuthor: false,
      },
      accessToken,
      versionString,
    });
    expect(created.status).toBe(201);
    expect(created.createdEntityId).toMatch(/^urn:li:share:\d+$/);
    const shareUrn = created.createdEntityId as string;

    const found = await client.finder({ resourcePath: "/posts", finderName: "author", queryParams: { author, count: 10 }, accessToken, versionString });
    expect(found.data.elements.map((e) => [e.id, e.commentary])).toEqual([[shareUrn, "Posted by LinkedIn's own client"]]);
    expect(found.data.paging).toMatchObject({ start: 0, count: 10, total: 1 });

    // The URN in the path is Rest.li-encoded by the client (urn%3Ali%3Ashare%3A…).
    const social = await client.get({ resourcePath: "/socialActions/{id}", pathKeys: { id: shareUrn }, accessToken, versionString });
    expect(social.data).toMatchObject({
      target: shareUrn,
      likesSummary: { totalLikes: expect.any(Number) },
      commentsSummary: { aggregatedTotalComments: expect.any(Number) },
    });

    // A union-typed record, (share:urn%3Ali%3Ashare%3A…), in a finder parameter.
    const analytics = await client.finder({
      resourcePath: "/memberCreatorPostAnalytics",
      finderName: "entity",
      queryParams: { entity: { share: shareUrn }, queryType: "IMPRESSION", aggregation: "TOTAL" },
      accessToken,
      versionString,
    });
    expect(analytics.data.elements).toEqual([
      { count: expect.any(Number), metricType: { "com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1": "IMPRESSION" } },
    ]);
  });

  it("gets LinkedIn's 426 NONEXISTENT_VERSION for a LinkedIn-Version that is not active", async () => {
    const { tokens, identity } = await connect(li, {}, { scopes: ["openid", "profile", "w_member_social", "r_member_social"] });
    const err = await clientAtSandbox()
      .finder({
        resourcePath: "/posts",
        finderName: "author",
        queryParams: { author: `urn:li:person:${identity.providerAccountId}` },
        accessToken: tokens.accessToken,
        versionString: "209912",
      })
      .catch((e: unknown) => e);
    // https://learn.microsoft.com/linkedin/marketing/versioning: an inactive version answers 426.
    expect((err as { response: { status: number; data: unknown } }).response).toMatchObject({ status: 426, data: { code: "NONEXISTENT_VERSION" } });
  });

  it("registers an image upload with the initializeUpload action, posts the image and comments on the post", async () => {
    const scopes = ["openid", "profile", "w_member_social", "r_member_social"];
    const { tokens, identity } = await connect(li, { displayName: "Restli Media" }, { scopes });
    const client = clientAtSandbox();
    const accessToken = tokens.accessToken;
    const versionString = platformConfig().linkedinVersion;
    const author = `urn:li:person:${identity.providerAccountId}`;

    const init = await client.action({
      resourcePath: "/images",
      actionName: "initializeUpload",
      data: { initializeUploadRequest: { owner: author } },
      accessToken,
      versionString,
    });
    const { uploadUrl, image } = init.data.value as { uploadUrl: string; image: string };
    expect(image).toMatch(/^urn:li:image:/);
    const jpeg = await makeJpeg({ width: 640, height: 640 });
    const put = await fetch(uploadUrl, { method: "PUT", headers: { Authorization: `Bearer ${accessToken}` }, body: new Uint8Array(jpeg) });
    expect(put.status).toBe(201);
    // Processing takes the sandbox's processing time; the client reads the status like any get.
    let status = "";
    for (let i = 0; i < 100 && status !== "AVAILABLE"; i++) {
      const got = await client.get({ resourcePath: "/images/{id}", pathKeys: { id: image }, accessToken, versionString });
      status = got.data.status as string;
      if (status !== "AVAILABLE") await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe("AVAILABLE");

    const created = await client.create({
      resourcePath: "/posts",
      entity: {
        author,
        commentary: "An image, posted by LinkedIn's own client",
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
        content: { media: { id: image, altText: "A blue square" } },
        lifecycleState: "PUBLISHED",
        isReshareDisabledByAuthor: false,
      },
      accessToken,
      versionString,
    });
    expect(created.status).toBe(201);
    const shareUrn = created.createdEntityId as string;
    const post = await client.get({ resourcePath: "/posts/{id}", pathKeys: { id: shareUrn }, accessToken, versionString });
    expect(post.data).toMatchObject({ id: shareUrn, author, content: { media: { id: image, altText: "A blue square" } } });

    const comment = await client.create({
      resourcePath: "/socialActions/{id}/comments",
      pathKeys: { id: shareUrn },
      entity: { actor: author, object: shareUrn, message: { text: "A first comment" } },
      accessToken,
      versionString,
    });
    expect(comment.status).toBe(201);
    expect(comment.data).toMatchObject({ actor: author, object: shareUrn, message: { text: "A first comment" } });
    const listed = await client.getAll({ resourcePath: "/socialActions/{id}/comments", pathKeys: { id: shareUrn }, accessToken, versionString });
    expect(listed.data.elements.map((c) => [c.actor, c.message.text])).toEqual([[author, "A first comment"]]);
  });
});

// LinkedIn's own JavaScript client, linkedin-api-client (RestliClient), against the sandbox:
// a post created on /rest/posts, the author finder, socialActions and member post analytics
// (versioned Rest.li 2.0 calls with LinkedIn-Version), and /v2/userinfo. The client encodes
// URNs, finders and records in Rest.li's own syntax, which our adapter writes by hand.
import { RestliClient } from "linkedin-api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../runtime/embedded-postgres.ts";
import { platformConfig, resetPlatformConfig } from "../config.ts";
import { startSandbox, type RunningSandbox } from "../sandbox/app.ts";
import { linkedinSandbox } from "../sandbox/providers/linkedin.ts";
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
});

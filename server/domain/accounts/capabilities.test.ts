import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "../../env.ts";
import { resetPlatformConfig } from "../../platforms/config.ts";
import { computeCapabilities, publishBlockers, readBlockers, type CapabilityInput } from "./capabilities.ts";

const base = (over: Partial<CapabilityInput>): CapabilityInput => ({
  provider: "x",
  scopes: [],
  pageTasks: [],
  needsReconnect: false,
  connectionMethod: null,
  accountType: null,
  ...over,
});

const yt = ["https://www.googleapis.com/auth/youtube.upload", "https://www.googleapis.com/auth/youtube.readonly"];

afterEach(() => {
  delete process.env.FACEBOOK_PUBLIC_WRITE;
  delete process.env.LINKEDIN_SCOPES;
  resetEnv();
  resetPlatformConfig();
});

describe("capabilities (SPEC.md rules)", () => {
  it("youtube publishes and schedules only with youtube.upload and no reconnect flag; never reposts", () => {
    expect(computeCapabilities(base({ provider: "youtube", scopes: yt }))).toEqual({
      readPosts: true,
      publishPosts: true,
      schedulePosts: true,
      repostPosts: false,
    });
    expect(computeCapabilities(base({ provider: "youtube", scopes: yt.slice(1) })).publishPosts).toBe(false);
    const flagged = computeCapabilities(base({ provider: "youtube", scopes: yt, needsReconnect: true }));
    expect([flagged.publishPosts, flagged.schedulePosts]).toEqual([false, false]);
  });

  it("facebook needs pages_manage_posts, the CREATE_CONTENT task, a healthy connection and the public-write rollout", () => {
    const ok = base({ provider: "facebook", scopes: ["pages_manage_posts", "pages_read_engagement"], pageTasks: ["CREATE_CONTENT", "MODERATE"] });
    expect(computeCapabilities(ok)).toEqual({ readPosts: true, publishPosts: true, schedulePosts: true, repostPosts: false });
    expect(computeCapabilities({ ...ok, pageTasks: ["MODERATE"] }).publishPosts).toBe(false);
    expect(computeCapabilities({ ...ok, scopes: ["pages_read_engagement"] }).publishPosts).toBe(false);
    expect(computeCapabilities({ ...ok, needsReconnect: true }).schedulePosts).toBe(false);
    process.env.FACEBOOK_PUBLIC_WRITE = "false";
    resetEnv();
    expect(computeCapabilities(ok)).toMatchObject({ publishPosts: false, schedulePosts: false, readPosts: true });
  });

  it("tiktok reads and publishes only through the business-developer connection, never reposts", () => {
    const scopes = ["video.publish", "video.list", "user.info.basic"];
    expect(computeCapabilities(base({ provider: "tiktok", scopes, connectionMethod: "business" }))).toEqual({
      readPosts: true,
      publishPosts: true,
      schedulePosts: true,
      repostPosts: false,
    });
    expect(computeCapabilities(base({ provider: "tiktok", scopes, connectionMethod: "login-kit" })).publishPosts).toBe(false);
  });

  it("instagram publishes only from professional accounts and never reposts; text platforms repost with their write scope", () => {
    const scopes = ["instagram_business_basic", "instagram_business_content_publish"];
    const ig = computeCapabilities(base({ provider: "instagram", scopes, accountType: "creator" }));
    expect(ig).toEqual({ readPosts: true, publishPosts: true, schedulePosts: true, repostPosts: false });
    expect(computeCapabilities(base({ provider: "instagram", scopes, accountType: "unknown" })).publishPosts).toBe(false);
    expect(computeCapabilities(base({ provider: "threads", scopes: ["threads_basic", "threads_content_publish"] })).repostPosts).toBe(true);
    expect(computeCapabilities(base({ provider: "linkedin", scopes: ["w_member_social"] }))).toEqual({
      readPosts: false,
      publishPosts: true,
      schedulePosts: true,
      repostPosts: true,
    });
    expect(computeCapabilities(base({ provider: "x", scopes: ["tweet.read"] })).publishPosts).toBe(false);
  });
});

it("explains why publishing is off", () => {
  expect(publishBlockers(base({ provider: "youtube", scopes: ["https://www.googleapis.com/auth/youtube.readonly"] }))).toEqual([
    "the youtube.upload permission was not granted",
  ]);
  expect(publishBlockers(base({ provider: "facebook", scopes: ["pages_manage_posts"], pageTasks: ["MODERATE"] }))).toEqual([
    "you lack the CREATE_CONTENT task on this Page",
  ]);
  expect(publishBlockers(base({ provider: "x", scopes: ["tweet.write"] }))).toEqual([]);
});

it("says why an account's posts cannot be read (synced), and what to do: reconnect granting the permission, or first ask for it", () => {
  expect(readBlockers(base({ provider: "youtube", scopes: yt }))).toEqual([]);
  expect(readBlockers(base({ provider: "youtube", scopes: yt.slice(0, 1) }))).toEqual([
    "the Read posts permission (youtube.readonly or youtube) was not granted: reconnect the account and grant it",
  ]);
  // LinkedIn's r_member_social is asked for only when LINKEDIN_SCOPES names it: reconnecting alone cannot help
  const member = base({ provider: "linkedin", scopes: ["openid", "profile", "email", "w_member_social"] });
  expect(computeCapabilities(member).readPosts).toBe(false);
  expect(readBlockers(member)).toEqual([
    expect.stringMatching(
      /^this installation does not ask LinkedIn for the Read posts permission \(r_member_social or r_organization_social\).*LINKEDIN_SCOPES and reconnect/,
    ),
  ]);
  process.env.LINKEDIN_SCOPES = "r_member_social";
  resetPlatformConfig();
  expect(readBlockers(member)).toEqual([expect.stringMatching(/was not granted: reconnect the account and grant it$/)]);
  expect(readBlockers({ ...member, scopes: [...member.scopes, "r_member_social"] })).toEqual([]);
  expect(readBlockers(base({ provider: "tiktok", scopes: ["video.list"], connectionMethod: "login-kit" }))[0]).toMatch(
    /^Login Kit connections cannot read posts/,
  );
});

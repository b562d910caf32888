// validatePublishRequest without a database: the rows a request refers to are built in memory,
// and every mode's rules are checked on them (SPEC.md "Publishing modes" and "Limits").
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedAccount, MediaItem } from "../../db.ts";
import { resetEnv } from "../../env.ts";
import { AppError } from "../../errors.ts";
import type { ProviderName } from "../accounts/providers.ts";
import type { PublishBody } from "./publishing.schema.ts";
import { validatePublishRequest, type RequestRows } from "./validate-request.ts";

let dataDir: string;
beforeAll(() => {
  // env() keeps its generated secrets in DATA_DIR: a throwaway one, never the developer's.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "posteady-unit-"));
  process.env.DATA_DIR = dataDir;
  resetEnv();
});
afterEach(() => {
  delete process.env.FACEBOOK_PUBLIC_WRITE;
  resetEnv();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const workspaceId = crypto.randomUUID();
const at = new Date("2026-01-01T00:00:00Z");

/** An account that may publish, unless `extra` says otherwise. */
function account(provider: ProviderName, extra: Partial<ConnectedAccount> = {}): ConnectedAccount {
  const scopes: Record<ProviderName, string[]> = {
    x: ["tweet.read", "tweet.write"],
    threads: ["threads_basic", "threads_content_publish"],
    linkedin: ["w_member_social"],
    tiktok: ["video.list", "video.publish"],
    instagram: ["instagram_business_basic", "instagram_business_content_publish"],
    youtube: ["https://www.googleapis.com/auth/youtube.upload"],
    facebook: ["pages_read_engagement", "pages_manage_posts"],
    bluesky: [],
    mastodon: ["read", "write:statuses", "write:media"],
  };
  return {
    id: crypto.randomUUID(),
    workspaceId,
    provider,
    providerAccountId: `${provider}-1`,
    username: `${provider}user`,
    displayName: `${provider} user`,
    accountType: provider === "instagram" ? "business" : null,
    connectionMethod: provider === "tiktok" ? "business" : null,
    scopes: scopes[provider],
    pageTasks: provider === "facebook" ? ["CREATE_CONTENT"] : [],
    accessTokenEnc: "x",
    refreshTokenEnc: null,
    tokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    needsReconnect: false,
    reconnectReason: null,
    disconnectedAt: null,
    metadata: {},
    lastSyncedAt: null,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

const MiB = 1024 ** 2;

function mediaItem(mediaType: "IMAGE" | "VIDEO", fileSize: number, durationSeconds: number | null, status: "CONFIRMED" | "RESERVED" = "CONFIRMED"): MediaItem {
  const id = crypto.randomUUID();
  return {
    id,
    workspaceId,
    organizationId: crypto.randomUUID(),
    createdById: crypto.randomUUID(),
    status,
    mediaType,
    fileName: mediaType === "IMAGE" ? "a.jpg" : "a.mp4",
    mimeType: mediaType === "IMAGE" ? "image/jpeg" : "video/mp4",
    fileSize: BigInt(fileSize),
    fileKey: id,
    storageKey: id,
    objectVersion: null,
    durationSeconds,
    width: 1080,
    height: 1920,
    carouselId: null,
    carouselPosition: null,
    uploadExpiresAt: at,
    confirmExpiresAt: at,
    uploadedAt: at,
    confirmedAt: status === "CONFIRMED" ? at : null,
    deletedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

const video30 = mediaItem("VIDEO", 10 * MiB, 30);
const video2 = mediaItem("VIDEO", 10 * MiB, 2);
const video120 = mediaItem("VIDEO", 10 * MiB, 120);
const video13h = mediaItem("VIDEO", 100 * MiB, 13 * 3600);
const video600MiB = mediaItem("VIDEO", 600 * MiB, 60);
const videoNoDuration = mediaItem("VIDEO", 10 * MiB, null);
const image = mediaItem("IMAGE", 1 * MiB, null);
const image9MiB = mediaItem("IMAGE", 9 * MiB, null);
const reserved = mediaItem("IMAGE", 1 * MiB, null, "RESERVED");
const images = Array.from({ length: 11 }, () => mediaItem("IMAGE", 1 * MiB, null));
const allMedia = [video30, video2, video120, video13h, video600MiB, videoNoDuration, image, image9MiB, reserved, ...images];
const unknownMediaId = crypto.randomUUID();

const requestId = crypto.randomUUID();
const tiktokVideo = (mediaId = video30.id) => ({ mediaId, requestId, privacyLevel: "PUBLIC_TO_EVERYONE" as const });
const youtubeVideo = (extra: Partial<NonNullable<PublishBody["youtube"]>> = {}) => ({
  requestId,
  mediaId: video30.id,
  title: "A title",
  privacyStatus: "public" as const,
  ...extra,
});
const ig = (
  contentType: "FEED" | "REELS" | "STORIES",
  items: { mediaId: string; altText?: string }[],
  extra: Partial<NonNullable<PublishBody["instagram"]>> = {},
) => ({ requestId, contentType, items, ...extra });
const fb = (contentType: "FEED" | "REELS" | "STORY", items: MediaItem[] | undefined, message?: string) => ({
  requestId,
  contentType,
  ...(items ? { items: items.map((m) => ({ mediaId: m.id })) } : {}),
  ...(message !== undefined ? { message } : {}),
});

function rowsFor(accounts: ConnectedAccount[]): RequestRows {
  return { accounts, earlierJobs: [], media: allMedia };
}

function validate(accounts: ConnectedAccount[], body: Omit<PublishBody, "accountIds">, action: "publish" | "schedule" = "publish") {
  return validatePublishRequest({ accountIds: accounts.map((a) => a.id), ...body }, action, rowsFor(accounts));
}

function rejection(fn: () => unknown): { code: string; issues: { path: string; code: string }[] } {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const issues = ((err.details as { issues?: { path: string; code: string }[] } | undefined)?.issues ?? []).map(({ path, code }) => ({ path, code }));
    return { code: err.code, issues };
  }
  throw new Error("the request was accepted");
}

describe("valid requests give their normalized plan", () => {
  it("text: each account gets its posts, X's first post without its links", () => {
    const x = account("x");
    const threads = account("threads");
    const plan = validate([x, threads], { posts: ["Read this https://example.com/a now", "second"] });
    expect(plan).toEqual({
      mode: "text",
      targets: [
        { account: x, posts: ["Read this now", "second"] },
        { account: threads, posts: ["Read this https://example.com/a now", "second"] },
      ],
    });
  });

  it("text: linkedin takes a single post, for a schedule too", () => {
    const linkedin = account("linkedin");
    expect(validate([linkedin], { posts: ["Hello"] }, "schedule")).toEqual({ mode: "text", targets: [{ account: linkedin, posts: ["Hello"] }] });
  });

  it("tiktok: the caption from posts[0] and every option defaulted to false", () => {
    const a = account("tiktok");
    expect(validate([a], { posts: ["My caption"], video: { ...tiktokVideo(), disableDuet: true } })).toEqual({
      mode: "tiktok",
      account: a,
      requestId,
      payload: {
        caption: "My caption",
        mediaId: video30.id,
        privacyLevel: "PUBLIC_TO_EVERYONE",
        disableComment: false,
        disableDuet: true,
        disableStitch: false,
        brandOrganicToggle: false,
        brandContentToggle: false,
      },
    });
  });

  it("instagram FEED image: caption and alt text kept, shareToFeed null", () => {
    const a = account("instagram");
    expect(validate([a], { instagram: ig("FEED", [{ mediaId: image.id, altText: "a cat" }], { caption: "hi" }) })).toEqual({
      mode: "instagram",
      account: a,
      requestId,
      payload: { contentType: "FEED", caption: "hi", items: [{ mediaId: image.id, altText: "a cat" }], shareToFeed: null },
    });
  });

  it("instagram FEED carousel of an image and a video", () => {
    const plan = validate([account("instagram")], { instagram: ig("FEED", [{ mediaId: image.id }, { mediaId: video30.id }]) });
    expect(plan.mode === "instagram" && plan.payload).toEqual({
      contentType: "FEED",
      caption: null,
      items: [
        { mediaId: image.id, altText: null },
        { mediaId: video30.id, altText: null },
      ],
      shareToFeed: null,
    });
  });

  it("instagram REELS keeps shareToFeed; STORIES takes a video", () => {
    const reel = validate([account("instagram")], { instagram: ig("REELS", [{ mediaId: video30.id }], { shareToFeed: false }) });
    expect(reel.mode === "instagram" && reel.payload.shareToFeed).toBe(false);
    const story = validate([account("instagram")], { instagram: ig("STORIES", [{ mediaId: video30.id }]) });
    expect(story.mode === "instagram" && story.payload.contentType).toBe("STORIES");
  });

  it("youtube: description defaults to empty, madeForKids to false", () => {
    const a = account("youtube");
    expect(validate([a], { youtube: youtubeVideo({ privacyStatus: "unlisted" }) })).toEqual({
      mode: "youtube",
      account: a,
      requestId,
      payload: { mediaId: video30.id, title: "A title", description: "", privacyStatus: "unlisted", madeForKids: false },
    });
  });

  it("facebook FEED text: the message is stored trimmed, without items", () => {
    const a = account("facebook");
    expect(validate([a], { facebook: fb("FEED", undefined, "  Hello Page  ") })).toEqual({
      mode: "facebook",
      account: a,
      requestId,
      payload: { contentType: "FEED", message: "Hello Page", items: [] },
    });
  });

  it("facebook REELS: a blank message is none; STORY takes an image", () => {
    const reel = validate([account("facebook")], { facebook: fb("REELS", [video30], "   ") });
    expect(reel.mode === "facebook" && reel.payload).toEqual({ contentType: "REELS", message: null, items: [{ mediaId: video30.id }] });
    const story = validate([account("facebook")], { facebook: fb("STORY", [image]) });
    expect(story.mode === "facebook" && story.payload).toEqual({ contentType: "STORY", message: null, items: [{ mediaId: image.id }] });
  });

  it("facebook FEED of 10 images", () => {
    const plan = validate([account("facebook")], { facebook: fb("FEED", images.slice(0, 10)) });
    expect(plan.mode === "facebook" && plan.payload.items).toHaveLength(10);
  });
});

type Case = [name: string, accounts: () => ConnectedAccount[], body: Omit<PublishBody, "accountIds">, code: string, issues: { path: string; code: string }[]];

const one = (p: ProviderName, extra?: Partial<ConnectedAccount>) => () => [account(p, extra)];
const invalid = (path: string, code = "invalid") => ({ path, code });

describe("each rule's violation is answered with its path and code", () => {
  it.each<Case>([
    // mode selection
    ["mixed media providers", () => [account("tiktok"), account("x")], { posts: ["hi"], video: tiktokVideo() }, "VALIDATION_ERROR", [invalid("accountIds")]],
    [
      "two accounts of a media provider",
      () => [account("youtube"), account("youtube")],
      { youtube: youtubeVideo() },
      "VALIDATION_ERROR",
      [invalid("accountIds")],
    ],
    ["missing mode object", one("youtube"), {}, "VALIDATION_ERROR", [invalid("youtube", "required")]],
    [
      "another mode's object, and the own one missing",
      one("tiktok"),
      { posts: ["hi"], instagram: ig("FEED", [{ mediaId: image.id }]) },
      "VALIDATION_ERROR",
      [invalid("instagram"), invalid("video", "required")],
    ],
    [
      "posts beside a self-contained mode object",
      one("instagram"),
      { posts: ["hi"], instagram: ig("FEED", [{ mediaId: image.id }]) },
      "VALIDATION_ERROR",
      [invalid("posts")],
    ],
    ["a mode object for a text account", one("x"), { posts: ["hi"], youtube: youtubeVideo() }, "VALIDATION_ERROR", [invalid("youtube")]],
    // text
    ["text without posts", one("threads"), {}, "VALIDATION_ERROR", [invalid("posts", "required")]],
    ["an empty post in a thread", one("threads"), { posts: ["one", "  "] }, "VALIDATION_ERROR", [invalid("posts[1]")]],
    ["linkedin thread refused", () => [account("linkedin"), account("threads")], { posts: ["one", "two"] }, "VALIDATION_ERROR", [invalid("posts")]],
    ["X link rule: posts[0] only a link", one("x"), { posts: ["https://example.com/a"] }, "VALIDATION_ERROR", [invalid("posts[0]")]],
    ["X weighted length over 280", one("x"), { posts: ["a".repeat(281)] }, "VALIDATION_ERROR", [invalid("posts[0]", "too_long")]],
    ["threads over 500 characters in posts[1]", one("threads"), { posts: ["ok", "a".repeat(501)] }, "VALIDATION_ERROR", [invalid("posts[1]", "too_long")]],
    // capabilities and rollout
    ["a login-kit tiktok account cannot publish", one("tiktok", { connectionMethod: "login-kit" }), { posts: ["hi"], video: tiktokVideo() }, "FORBIDDEN", []],
    ["an account needing reconnection cannot publish", one("x", { needsReconnect: true }), { posts: ["hi"] }, "FORBIDDEN", []],
    // media found and confirmed
    ["unknown media", one("tiktok"), { posts: ["hi"], video: tiktokVideo(unknownMediaId) }, "NOT_FOUND", [invalid("video.mediaId", "not_found")]],
    ["unconfirmed media", one("tiktok"), { posts: ["hi"], video: tiktokVideo(reserved.id) }, "VALIDATION_ERROR", [invalid("video.mediaId", "not_confirmed")]],
    // tiktok
    ["tiktok without a caption", one("tiktok"), { video: tiktokVideo() }, "VALIDATION_ERROR", [invalid("posts", "required")]],
    ["tiktok with two captions", one("tiktok"), { posts: ["a", "b"], video: tiktokVideo() }, "VALIDATION_ERROR", [invalid("posts", "too_many")]],
    [
      "tiktok caption over 2200 UTF-16 units",
      one("tiktok"),
      { posts: ["👋".repeat(1101)], video: tiktokVideo() },
      "VALIDATION_ERROR",
      [invalid("posts[0]", "too_long")],
    ],
    ["tiktok of an image", one("tiktok"), { posts: ["hi"], video: tiktokVideo(image.id) }, "VALIDATION_ERROR", [invalid("video.mediaId", "wrong_type")]],
    // youtube
    [
      "youtube.title too long",
      one("youtube"),
      { youtube: youtubeVideo({ title: "t".repeat(101) }) },
      "VALIDATION_ERROR",
      [invalid("youtube.title", "too_long")],
    ],
    ["youtube.title blank", one("youtube"), { youtube: youtubeVideo({ title: "   " }) }, "VALIDATION_ERROR", [invalid("youtube.title")]],
    [
      "youtube.description too long",
      one("youtube"),
      { youtube: youtubeVideo({ description: "d".repeat(5001) }) },
      "VALIDATION_ERROR",
      [invalid("youtube.description", "too_long")],
    ],
    [
      "youtube video over 12 hours",
      one("youtube"),
      { youtube: youtubeVideo({ mediaId: video13h.id }) },
      "VALIDATION_ERROR",
      [invalid("youtube.mediaId", "too_long")],
    ],
    [
      "youtube video over 500 MiB",
      one("youtube"),
      { youtube: youtubeVideo({ mediaId: video600MiB.id }) },
      "VALIDATION_ERROR",
      [invalid("youtube.mediaId", "too_big")],
    ],
    [
      "youtube video of unknown duration",
      one("youtube"),
      { youtube: youtubeVideo({ mediaId: videoNoDuration.id }) },
      "VALIDATION_ERROR",
      [invalid("youtube.mediaId", "duration_unknown")],
    ],
    [
      "youtube title and description both wrong, answered together",
      one("youtube"),
      { youtube: youtubeVideo({ title: "", description: "d".repeat(5001) }) },
      "VALIDATION_ERROR",
      [invalid("youtube.title"), invalid("youtube.description", "too_long")],
    ],
    // instagram
    [
      "instagram.items too many for a carousel",
      one("instagram"),
      {
        instagram: ig(
          "FEED",
          images.map((m) => ({ mediaId: m.id })),
        ),
      },
      "VALIDATION_ERROR",
      [invalid("instagram.items", "too_many")],
    ],
    [
      "instagram FEED of a single video",
      one("instagram"),
      { instagram: ig("FEED", [{ mediaId: video30.id }]) },
      "VALIDATION_ERROR",
      [invalid("instagram.items")],
    ],
    [
      "instagram caption on STORIES",
      one("instagram"),
      { instagram: ig("STORIES", [{ mediaId: image.id }], { caption: "hi" }) },
      "VALIDATION_ERROR",
      [invalid("instagram.caption")],
    ],
    [
      "instagram caption over 2200 characters",
      one("instagram"),
      { instagram: ig("FEED", [{ mediaId: image.id }], { caption: "c".repeat(2201) }) },
      "VALIDATION_ERROR",
      [invalid("instagram.caption", "too_long")],
    ],
    [
      "instagram shareToFeed outside REELS",
      one("instagram"),
      { instagram: ig("FEED", [{ mediaId: image.id }], { shareToFeed: true }) },
      "VALIDATION_ERROR",
      [invalid("instagram.shareToFeed")],
    ],
    [
      "instagram alt text on a video",
      one("instagram"),
      { instagram: ig("FEED", [{ mediaId: image.id }, { mediaId: video30.id, altText: "x" }]) },
      "VALIDATION_ERROR",
      [invalid("instagram.items[1].altText")],
    ],
    [
      "instagram alt text over 1000 characters",
      one("instagram"),
      { instagram: ig("FEED", [{ mediaId: image.id, altText: "a".repeat(1001) }]) },
      "VALIDATION_ERROR",
      [invalid("instagram.items[0].altText", "too_long")],
    ],
    [
      "instagram REELS shorter than 3 s",
      one("instagram"),
      { instagram: ig("REELS", [{ mediaId: video2.id }]) },
      "VALIDATION_ERROR",
      [invalid("instagram.items[0].mediaId", "too_short")],
    ],
    [
      "instagram REELS of two items",
      one("instagram"),
      { instagram: ig("REELS", [{ mediaId: video30.id }, { mediaId: video120.id }]) },
      "VALIDATION_ERROR",
      [invalid("instagram.items", "too_many")],
    ],
    [
      "instagram FEED image over 8 MiB",
      one("instagram"),
      { instagram: ig("FEED", [{ mediaId: image9MiB.id }]) },
      "VALIDATION_ERROR",
      [invalid("instagram.items[0].mediaId", "too_big")],
    ],
    [
      "instagram Story video over 60 s",
      one("instagram"),
      { instagram: ig("STORIES", [{ mediaId: video120.id }]) },
      "VALIDATION_ERROR",
      [invalid("instagram.items[0].mediaId", "too_long")],
    ],
    // facebook
    ["facebook.message on a STORY", one("facebook"), { facebook: fb("STORY", [image], "hi") }, "VALIDATION_ERROR", [invalid("facebook.message")]],
    [
      "facebook FEED without message or media",
      one("facebook"),
      { facebook: fb("FEED", undefined, "  ") },
      "VALIDATION_ERROR",
      [invalid("facebook.message", "required")],
    ],
    ["facebook FEED mixing images and a video", one("facebook"), { facebook: fb("FEED", [image, video30]) }, "VALIDATION_ERROR", [invalid("facebook.items")]],
    [
      "facebook FEED of two videos",
      one("facebook"),
      { facebook: fb("FEED", [video30, video120]) },
      "VALIDATION_ERROR",
      [invalid("facebook.items", "too_many")],
    ],
    ["facebook FEED of 11 images", one("facebook"), { facebook: fb("FEED", images) }, "VALIDATION_ERROR", [invalid("facebook.items", "too_many")]],
    ["facebook REELS without media", one("facebook"), { facebook: fb("REELS", []) }, "VALIDATION_ERROR", [invalid("facebook.items", "required")]],
    [
      "facebook REELS shorter than 3 s",
      one("facebook"),
      { facebook: fb("REELS", [video2]) },
      "VALIDATION_ERROR",
      [invalid("facebook.items[0].mediaId", "too_short")],
    ],
    [
      "facebook Story video over 60 s",
      one("facebook"),
      { facebook: fb("STORY", [video120]) },
      "VALIDATION_ERROR",
      [invalid("facebook.items[0].mediaId", "too_long")],
    ],
    ["facebook Page without CREATE_CONTENT", one("facebook", { pageTasks: ["ANALYZE"] }), { facebook: fb("FEED", undefined, "hi") }, "FORBIDDEN", []],
  ])("%s", (_name, accounts, body, code, issues) => {
    expect(rejection(() => validate(accounts(), body))).toEqual({ code, issues });
  });

  it("facebook with the public-write rollout off: 503 before any other check", () => {
    process.env.FACEBOOK_PUBLIC_WRITE = "false";
    resetEnv();
    expect(rejection(() => validate([account("facebook")], { facebook: fb("STORY", [image], "hi") }))).toEqual({ code: "SERVICE_UNAVAILABLE", issues: [] });
  });
});

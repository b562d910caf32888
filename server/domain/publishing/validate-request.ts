// Every rule of a publish request, checked before anything is published or saved: the mode
// (decided by the accounts' providers and the fields present), account capabilities, text
// limits and the X link rule, and each media item (confirmed, of the workspace, of the right
// type, size and duration for the target). The answer is a normalized plan.
import { ACCOUNT_TIMESTAMPS, fromJsonRow, JOB_TIMESTAMPS, MEDIA_TIMESTAMPS, sql, type ConnectedAccount, type MediaItem, type PublishJob } from "../../db.ts";
import { env } from "../../env.ts";
import { AppError } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { computeCapabilities, publishBlockers } from "../accounts/capabilities.ts";
import { mediaProviders, type ProviderName } from "../accounts/providers.ts";
import { isUuid } from "../ids.ts";
import {
  FACEBOOK_MESSAGE,
  INSTAGRAM_ALT_TEXT,
  INSTAGRAM_CAPTION,
  mediaLimits,
  TIKTOK_CAPTION_UTF16,
  YOUTUBE_DESCRIPTION,
  YOUTUBE_TITLE,
} from "./media-rules.ts";
import type { PublishBody } from "./publishing.schema.ts";
import { mediaPlanFromBody } from "./normalize.ts";
import { codePoints, removeLinks, TEXT_LIMITS, textLength } from "./text-rules.ts";
import { Issues } from "./validation-issues.ts";

export type TextTarget = { account: ConnectedAccount; posts: string[] };
export type TextPlan = { mode: "text"; targets: TextTarget[] };

export type TiktokPayload = {
  caption: string;
  mediaId: string;
  privacyLevel: "PUBLIC_TO_EVERYONE";
  disableComment: boolean;
  disableDuet: boolean;
  disableStitch: boolean;
  brandOrganicToggle: boolean;
  brandContentToggle: boolean;
};
export type InstagramPayload = { contentType: "FEED" | "REELS" | "STORIES"; caption: string | null; items: { mediaId: string; altText: string | null }[]; shareToFeed: boolean | null };
export type YoutubePayload = { mediaId: string; title: string; description: string; privacyStatus: "public" | "unlisted" | "private"; madeForKids: boolean };
export type FacebookPayload = { contentType: "FEED" | "REELS" | "STORY"; message: string | null; items: { mediaId: string }[] };

export type MediaPlan =
  | { mode: "tiktok"; account: ConnectedAccount; requestId: string; payload: TiktokPayload }
  | { mode: "instagram"; account: ConnectedAccount; requestId: string; payload: InstagramPayload }
  | { mode: "youtube"; account: ConnectedAccount; requestId: string; payload: YoutubePayload }
  | { mode: "facebook"; account: ConnectedAccount; requestId: string; payload: FacebookPayload };

export type PublishPlan = TextPlan | MediaPlan;

const modeObjects = ["video", "instagram", "youtube", "facebook"] as const;
const modeObjectOf: Record<string, (typeof modeObjects)[number]> = { tiktok: "video", instagram: "instagram", youtube: "youtube", facebook: "facebook" };

export type RequestRows = { accounts: ConnectedAccount[]; earlierJobs: PublishJob[]; media: MediaItem[] };

/**
 * What a publish or schedule request refers to, in one round trip: its accounts, in order (unknown
 * ids and other workspaces' ids are "not found"), the jobs of its requestIds (a replay), and its
 * media (checked later).
 */
export async function readRequest(scope: Scope, body: PublishBody): Promise<RequestRows> {
  const issues = new Issues();
  const seen = new Set<string>();
  body.accountIds.forEach((id, i) => {
    if (seen.has(id)) issues.add(`accountIds[${i}]`, "is listed twice", "duplicate");
    seen.add(id);
  });
  const requestIds = modeObjects.map((field) => body[field]?.requestId).filter((id): id is string => typeof id === "string" && isUuid(id));
  // Plain SQL on the accept path (see list-accounts.ts for why); rows come back as JSON.
  const [row] = await sql<{ accounts: Record<string, unknown>[]; jobs: Record<string, unknown>[]; media: Record<string, unknown>[] }>(
    "publish-request",
    `SELECT (SELECT coalesce(jsonb_agg(to_jsonb(a)), '[]') FROM "ConnectedAccount" a WHERE id = ANY($1::uuid[]) AND "workspaceId" = $2 AND "disconnectedAt" IS NULL) AS accounts,
            (SELECT coalesce(jsonb_agg(to_jsonb(j)), '[]') FROM "PublishJob" j WHERE "workspaceId" = $2 AND "requestId" = ANY($3::uuid[])) AS jobs,
            (SELECT coalesce(jsonb_agg(to_jsonb(m)), '[]') FROM "MediaItem" m WHERE id = ANY($4::uuid[]) AND "workspaceId" = $2 AND status IN ('RESERVED', 'CONFIRMED')) AS media`,
    [body.accountIds.filter(isUuid), scope.workspaceId, requestIds, mediaIdsOf(body).map((r) => r.id).filter(isUuid)],
  );
  const byId = new Map(row!.accounts.map((a) => [a.id as string, fromJsonRow<ConnectedAccount>(a, ACCOUNT_TIMESTAMPS)]));
  body.accountIds.forEach((id, i) => {
    if (!byId.has(id)) issues.notFound(`accountIds[${i}]`, "no such account in this workspace");
  });
  issues.throwIfAny();
  return {
    accounts: [...seen].map((id) => byId.get(id)!),
    earlierJobs: row!.jobs.map((j) => fromJsonRow<PublishJob>(j, JOB_TIMESTAMPS)),
    media: row!.media.map((m) => fromJsonRow<MediaItem>(m, MEDIA_TIMESTAMPS)),
  };
}

/** Capabilities are a discovery aid; every write re-checks them from the current row. */
export function assertCapable(accounts: ConnectedAccount[], action: "publish" | "schedule"): void {
  for (const account of accounts) {
    const caps = computeCapabilities(account);
    if (action === "publish" ? caps.publishPosts : caps.schedulePosts) continue;
    const reasons = publishBlockers(account);
    throw new AppError("FORBIDDEN", `@${account.username} (${account.provider}) cannot ${action} posts${reasons.length ? `: ${reasons.join("; ")}` : ""}`, {
      accountId: account.id,
      reasons,
    });
  }
}

/**
 * The media plan of an already-submitted request, if its requestId has a job: a replay answers
 * that job (or 409 on different input) without re-running the checks its acceptance passed.
 */
export function replayablePlan(accounts: ConnectedAccount[], body: PublishBody): MediaPlan | null {
  return accounts.length === 1 ? mediaPlanFromBody(accounts[0]!, body) : null;
}

export function validatePublishRequest(body: PublishBody, action: "publish" | "schedule", rows: RequestRows): PublishPlan {
  const { accounts } = rows;
  const issues = new Issues();
  const providers = new Set(accounts.map((a) => a.provider));
  const media = [...providers].filter((p) => (mediaProviders as readonly string[]).includes(p));

  if (media.length > 0 && accounts.length > 1) {
    issues.add("accountIds", "tiktok, instagram, youtube and facebook accounts take exactly one account per request (publish text to several text accounts at once instead)");
    issues.throwIfAny();
  }
  const provider = accounts[0]!.provider;
  const expected = media.length > 0 ? modeObjectOf[provider] : undefined;
  for (const field of modeObjects) {
    if (body[field] !== undefined && field !== expected) {
      issues.add(field, expected ? `not allowed for a ${provider} account (send only ${expected}${provider === "tiktok" ? " and posts" : ""})` : "not allowed for text accounts (threads, x, linkedin)");
    }
  }
  if (expected && body[expected] === undefined) issues.add(expected, `required for a ${provider} account`, "required");
  if (body.posts !== undefined && media.length > 0 && provider !== "tiktok") {
    issues.add("posts", `not allowed for a ${provider} account: the ${expected} object is self-contained`);
  }
  issues.throwIfAny();
  // New Facebook jobs wait for the public-write rollout (replays never get here).
  if (provider === "facebook" && !env().facebookPublicWrite) {
    throw new AppError("SERVICE_UNAVAILABLE", "Publishing to Facebook is not enabled on this installation yet (public-write rollout)");
  }
  assertCapable(accounts, action);

  if (media.length === 0) return textPlan(accounts, body, issues);
  const found = checkMedia(rows.media, mediaIdsOf(body), issues);
  const account = accounts[0]!;
  switch (provider) {
    case "tiktok":
      return tiktokPlan(account, body, found, issues);
    case "instagram":
      return instagramPlan(account, body, found, issues);
    case "youtube":
      return youtubePlan(account, body, found, issues);
    default:
      return facebookPlan(account, body, found, issues);
  }
}

function textPlan(accounts: ConnectedAccount[], body: PublishBody, issues: Issues): TextPlan {
  const posts = body.posts;
  if (!posts) {
    issues.add("posts", "required for text accounts", "required");
    issues.throwIfAny();
    return { mode: "text", targets: [] };
  }
  posts.forEach((p, i) => {
    if (p.trim() === "") issues.add(`posts[${i}]`, "must not be empty");
  });
  const has = (p: ProviderName) => accounts.some((a) => a.provider === p);
  if (has("linkedin") && posts.length > 1) issues.add("posts", "linkedin accepts a single post; send threads to threads and x accounts only");
  // The X link rule: posts[0] without links for X accounts; limits checked after removal.
  const xPosts = has("x") ? [removeLinks(posts[0]!).text, ...posts.slice(1)] : null;
  if (xPosts && posts[0]!.trim() !== "" && xPosts[0]!.trim() === "") {
    issues.add("posts[0]", "is empty once links are removed for X (X posts carry no links in the first post); add text besides the link");
  }
  for (const provider of ["x", "threads", "linkedin"] as const) {
    if (!has(provider)) continue;
    const texts = provider === "x" ? xPosts! : provider === "linkedin" ? posts.slice(0, 1) : posts;
    texts.forEach((text, i) => {
      const length = textLength(provider, text);
      if (length > TEXT_LIMITS[provider]) {
        issues.add(`posts[${i}]`, `is ${length} ${provider === "x" ? "weighted characters (as X counts)" : "characters"}; ${provider} allows ${TEXT_LIMITS[provider]}${provider === "x" && i === 0 ? " after link removal" : ""}`, "too_long");
      }
    });
  }
  issues.throwIfAny();
  return { mode: "text", targets: accounts.map((account) => ({ account, posts: account.provider === "x" ? xPosts! : posts })) };
}

function mediaIdsOf(body: PublishBody): { path: string; id: string }[] {
  if (body.video) return [{ path: "video.mediaId", id: body.video.mediaId }];
  if (body.youtube) return [{ path: "youtube.mediaId", id: body.youtube.mediaId }];
  if (body.instagram) return body.instagram.items.map((it, i) => ({ path: `instagram.items[${i}].mediaId`, id: it.mediaId }));
  if (body.facebook) return (body.facebook.items ?? []).map((it, i) => ({ path: `facebook.items[${i}].mediaId`, id: it.mediaId }));
  return [];
}

type Found = Map<string, { item: MediaItem; path: string }>;

/** Media of the workspace, confirmed; anything else is named in the answer. */
function checkMedia(rows: MediaItem[], refs: { path: string; id: string }[], issues: Issues): Found {
  const byId = new Map(rows.map((m) => [m.id, m]));
  const found: Found = new Map();
  for (const ref of refs) {
    const item = byId.get(ref.id);
    if (!item) issues.notFound(ref.path, "no such media in this workspace");
    else if (item.status !== "CONFIRMED") issues.add(ref.path, "is not confirmed yet: confirm the upload before publishing it", "not_confirmed");
    else found.set(ref.id, { item, path: ref.path });
  }
  issues.throwIfAny();
  return found;
}

function duration(m: MediaItem): number | null {
  return m.durationSeconds;
}

function checkVideo(issues: Issues, path: string, m: MediaItem, limits: { maxBytes?: number; minSeconds?: number; maxSeconds?: number }, what: string) {
  if (m.mediaType !== "VIDEO") return issues.add(path, `must be a video for ${what}`, "wrong_type");
  const d = duration(m);
  if (limits.maxBytes !== undefined && Number(m.fileSize) > limits.maxBytes) issues.add(path, `is ${Number(m.fileSize)} bytes; ${what} takes at most ${limits.maxBytes}`, "too_big");
  if ((limits.minSeconds !== undefined || limits.maxSeconds !== undefined) && d === null) return issues.add(path, `has no known duration; ${what} needs one`, "duration_unknown");
  if (d !== null && limits.minSeconds !== undefined && d < limits.minSeconds) issues.add(path, `is ${d} s long; ${what} needs at least ${limits.minSeconds} s`, "too_short");
  if (d !== null && limits.maxSeconds !== undefined && d > limits.maxSeconds) issues.add(path, `is ${d} s long; ${what} takes at most ${limits.maxSeconds} s`, "too_long");
}

function checkImage(issues: Issues, path: string, m: MediaItem, maxBytes: number, what: string) {
  if (m.mediaType !== "IMAGE") return issues.add(path, `must be a JPEG image for ${what}`, "wrong_type");
  if (Number(m.fileSize) > maxBytes) issues.add(path, `is ${Number(m.fileSize)} bytes; ${what} takes JPEGs up to ${maxBytes}`, "too_big");
}

function tiktokPlan(account: ConnectedAccount, body: PublishBody, found: Found, issues: Issues): MediaPlan {
  const video = body.video!;
  const posts = body.posts;
  if (!posts || posts.length !== 1) issues.add("posts", "tiktok takes exactly one caption (posts[0])", posts ? "too_many" : "required");
  const caption = posts?.[0] ?? "";
  if (caption.length > TIKTOK_CAPTION_UTF16) issues.add("posts[0]", `is ${caption.length} UTF-16 code units; tiktok allows ${TIKTOK_CAPTION_UTF16}`, "too_long");
  const m = found.get(video.mediaId);
  if (m) checkVideo(issues, "video.mediaId", m.item, {}, "tiktok");
  issues.throwIfAny();
  return mediaPlanFromBody(account, body)!;
}

function instagramPlan(account: ConnectedAccount, body: PublishBody, found: Found, issues: Issues): MediaPlan {
  const ig = body.instagram!;
  const limits = mediaLimits.instagram;
  const items = ig.items.map((it, i) => ({ it, i, m: found.get(it.mediaId)!.item }));
  if (ig.caption !== undefined && ig.contentType === "STORIES") issues.add("instagram.caption", "is not allowed for STORIES");
  if (ig.caption !== undefined && codePoints(ig.caption) > INSTAGRAM_CAPTION) issues.add("instagram.caption", `is ${codePoints(ig.caption)} characters; instagram allows ${INSTAGRAM_CAPTION}`, "too_long");
  if (ig.shareToFeed !== undefined && ig.contentType !== "REELS") issues.add("instagram.shareToFeed", "is for REELS only");
  for (const { it, i, m } of items) {
    if (it.altText !== undefined && m.mediaType !== "IMAGE") issues.add(`instagram.items[${i}].altText`, "is for images only");
    if (it.altText !== undefined && codePoints(it.altText) > INSTAGRAM_ALT_TEXT) issues.add(`instagram.items[${i}].altText`, `is ${codePoints(it.altText)} characters; at most ${INSTAGRAM_ALT_TEXT}`, "too_long");
  }
  const path = (i: number) => `instagram.items[${i}].mediaId`;
  if (ig.contentType === "FEED") {
    if (items.length === 1) {
      if (items[0]!.m.mediaType === "VIDEO") issues.add("instagram.items", "a single video is not a FEED post: use REELS, or a carousel of 2 to 10 items");
      else checkImage(issues, path(0), items[0]!.m, limits.maxImageBytes, "an instagram FEED image");
    } else if (items.length > 10) {
      issues.add("instagram.items", "a FEED carousel takes 2 to 10 items", "too_many");
    } else {
      for (const { i, m } of items) {
        if (m.mediaType === "IMAGE") checkImage(issues, path(i), m, limits.maxImageBytes, "instagram");
        else checkVideo(issues, path(i), m, { maxBytes: limits.maxBytes, minSeconds: limits.minSeconds, maxSeconds: limits.maxSeconds }, "an instagram carousel");
      }
    }
  } else if (items.length !== 1) {
    issues.add("instagram.items", `${ig.contentType} takes exactly one item`, "too_many");
  } else if (ig.contentType === "REELS") {
    checkVideo(issues, path(0), items[0]!.m, { maxBytes: limits.maxBytes, minSeconds: limits.minSeconds, maxSeconds: limits.maxSeconds }, "instagram REELS");
  } else {
    const m = items[0]!.m;
    if (m.mediaType === "IMAGE") checkImage(issues, path(0), m, limits.maxImageBytes, "an instagram Story");
    else checkVideo(issues, path(0), m, { maxBytes: limits.maxBytes, maxSeconds: limits.storyMaxSeconds }, "an instagram Story");
  }
  issues.throwIfAny();
  return mediaPlanFromBody(account, body)!;
}

function youtubePlan(account: ConnectedAccount, body: PublishBody, found: Found, issues: Issues): MediaPlan {
  const yt = body.youtube!;
  const titleLength = codePoints(yt.title);
  if (yt.title.trim() === "") issues.add("youtube.title", "must not be empty");
  else if (titleLength > YOUTUBE_TITLE) issues.add("youtube.title", `is ${titleLength} characters; youtube allows ${YOUTUBE_TITLE}`, "too_long");
  if (yt.description !== undefined && codePoints(yt.description) > YOUTUBE_DESCRIPTION) {
    issues.add("youtube.description", `is ${codePoints(yt.description)} characters; youtube allows ${YOUTUBE_DESCRIPTION}`, "too_long");
  }
  const m = found.get(yt.mediaId);
  if (m) checkVideo(issues, "youtube.mediaId", m.item, mediaLimits.youtube, "youtube (at most 500 MiB and 12 hours)");
  issues.throwIfAny();
  return mediaPlanFromBody(account, body)!;
}

function facebookPlan(account: ConnectedAccount, body: PublishBody, found: Found, issues: Issues): MediaPlan {
  const fb = body.facebook!;
  const limits = mediaLimits.facebook;
  const message = fb.message?.trim();
  const items = (fb.items ?? []).map((it, i) => ({ i, m: found.get(it.mediaId)!.item }));
  const path = (i: number) => `facebook.items[${i}].mediaId`;
  if (message !== undefined && message.length > FACEBOOK_MESSAGE) issues.add("facebook.message", `is ${message.length} characters; facebook allows ${FACEBOOK_MESSAGE}`, "too_long");
  const video = { maxBytes: limits.maxBytes, maxSeconds: limits.maxSeconds };
  if (fb.contentType === "FEED") {
    const images = items.filter((x) => x.m.mediaType === "IMAGE");
    const videos = items.filter((x) => x.m.mediaType === "VIDEO");
    if (items.length === 0 && !message) issues.add("facebook.message", "a FEED post needs a non-empty message or media", "required");
    if (images.length > 0 && videos.length > 0) issues.add("facebook.items", "images and a video cannot be mixed in one FEED post");
    else if (videos.length > 1) issues.add("facebook.items", "a FEED post takes one video", "too_many");
    else if (images.length > 10) issues.add("facebook.items", "a FEED post takes 1, or 2 to 10, images", "too_many");
    for (const { i, m } of images) checkImage(issues, path(i), m, limits.maxImageBytes, "facebook");
    for (const { i, m } of videos) checkVideo(issues, path(i), m, video, "a facebook video (at most 1 GiB and 20 minutes)");
  } else if (items.length !== 1) {
    issues.add("facebook.items", `${fb.contentType} takes exactly one item`, items.length === 0 ? "required" : "too_many");
  } else if (fb.contentType === "REELS") {
    checkVideo(issues, path(0), items[0]!.m, { ...video, minSeconds: limits.reels[0], maxSeconds: limits.reels[1] }, "facebook REELS (3 to 90 s)");
  } else {
    if (fb.message !== undefined) issues.add("facebook.message", "is not allowed for a STORY");
    const m = items[0]!.m;
    if (m.mediaType === "IMAGE") checkImage(issues, path(0), m, limits.maxImageBytes, "a facebook Story");
    else checkVideo(issues, path(0), m, { ...video, minSeconds: limits.story[0], maxSeconds: limits.story[1] }, "a facebook Story video (3 to 60 s)");
  }
  issues.throwIfAny();
  return mediaPlanFromBody(account, body)!;
}

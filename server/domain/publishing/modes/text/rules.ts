// text mode (threads, x, linkedin): one post or a thread, to several accounts at once; the X link
// rule and each platform's length limit (SPEC.md "Text modes").
import { z } from "zod";
import type { ConnectedAccount, MediaItem } from "../../../../db.ts";
import type { ProviderName } from "../../../accounts/providers.ts";
import type { PublishBody } from "../../publishing.schema.ts";
import { codePoints, removeLinks, TEXT_LIMITS, textLength } from "../../text-rules.ts";
import { checkImage, checkVideo } from "../media-checks.ts";
import { textMediaLimits, type TextMediaLimits } from "./media-limits.ts";
import type { Issues } from "../../validation-issues.ts";
import { checkMastodonTexts, mastodonPayloadSchema, type MastodonLimits, type MastodonOptions } from "./mastodon.ts";
import { blueskyGraphemes, blueskyTextIssues } from "./bluesky-rules.ts";

const mediaRefSchema = z.object({ mediaId: z.string(), altText: z.string().nullable() });

/**
 * A text job's payload: its posts as accepted (after the X link rule). Jobs of post groups add
 * each post's media (`media[i]` belongs to `posts[i]`) and a first comment; payloads stored before them (`{ posts }`) parse unchanged.
 */
export const textPayloadSchema = z.object({
  posts: z.array(z.string()).min(1),
  media: z.array(z.array(mediaRefSchema)).optional(),
  /** LinkedIn: the first post is a document built from this carousel (carousels/carousel-document.ts) */
  document: z.object({ carouselId: z.string() }).optional(),
  firstComment: z.string().nullable().optional(),
  /** Mastodon: visibility, content warning, sensitive, language (issue 48) */
  mastodon: mastodonPayloadSchema.optional(),
  /** Bluesky: the posts' languages (a post group target's bluesky.langs) */
  langs: z.array(z.string()).max(3).optional(),
});
export type TextJobPayload = z.infer<typeof textPayloadSchema>;
export type TextMediaRef = z.infer<typeof mediaRefSchema>;

export type TextTarget = { account: ConnectedAccount; posts: string[] };
export type TextPlan = { mode: "text"; targets: TextTarget[] };

/** Mastodon (issue 48): each instance's limits by account id, and a post group target's options. */
export type TextPlanExtras = { mastodonLimits?: MastodonLimits; mastodon?: MastodonOptions };

export function textPlan(accounts: ConnectedAccount[], body: PublishBody, issues: Issues, extras: TextPlanExtras = {}): TextPlan {
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
        issues.add(
          `posts[${i}]`,
          `is ${length} ${provider === "x" ? "weighted characters (as X counts)" : "characters"}; ${provider} allows ${TEXT_LIMITS[provider]}${provider === "x" && i === 0 ? " after link removal" : ""}`,
          "too_long",
        );
      }
    });
  }
  for (const account of accounts)
    if (account.provider === "mastodon") checkMastodonTexts(extras.mastodonLimits?.get(account.id), posts, extras.mastodon, issues);
  if (has("bluesky")) blueskyTextIssues(posts, issues);
  issues.throwIfAny();
  return { mode: "text", targets: accounts.map((account) => ({ account, posts: account.provider === "x" ? xPosts! : posts })) };
}

/** One media item of a text post as a request names it, found in the workspace library. */
export type TextMediaInput = { item: MediaItem; altText?: string; path: string };

/**
 * A post's media on a text platform (textMediaLimits): X up to 4 JPEG images or exactly one
 * video; Threads one image or video, or a carousel of 2 to 20; LinkedIn one image, 2 to 20
 * images or one video; Bluesky up to 4 images or one MP4 video. `path` names the media list in the answer (e.g. `targets[0].content.media`).
 */
export function validateTextMedia(provider: TextProvider, media: TextMediaInput[], path: string, issues: Issues): void {
  if (media.length === 0) return;
  const limits: TextMediaLimits = textMediaLimits[provider];
  const images = media.filter((x) => x.item.mediaType === "IMAGE");
  const videos = media.filter((x) => x.item.mediaType === "VIDEO");
  const name = providerNames[provider];
  if (limits.maxMixed === 0 && images.length > 0 && videos.length > 0) {
    issues.add(path, `${name} takes images or one video, not both in one post`, "mixed_media");
  } else if (videos.length > 1 && limits.maxMixed === 0) {
    issues.add(path, `${name} takes one video per post (${videos.length} given)`, "too_many");
  } else if (media.length > Math.max(limits.maxImages, limits.maxMixed)) {
    issues.add(
      path,
      `${name} takes at most ${Math.max(limits.maxImages, limits.maxMixed)} ${limits.maxMixed ? "items" : "images"} per post (${media.length} given)`,
      "too_many",
    );
  }
  for (const { item, altText, path: itemPath } of media) {
    const at = `${itemPath}.mediaId`;
    if (item.mediaType === "VIDEO" && limits.videoMimeTypes.length === 0) {
      issues.add(at, `is a video; ${name} takes images only here (${limits.noVideo ?? "videos are not published yet"})`, "not_supported");
      continue;
    }
    if (item.mediaType === "IMAGE") {
      checkImage(issues, at, item, limits.imageMaxBytes, name);
      if (limits.imageMaxPixels && item.width && item.height && item.width * item.height >= limits.imageMaxPixels)
        issues.add(at, `is ${item.width}×${item.height} pixels; ${name} takes images under ${limits.imageMaxPixels} pixels`, "too_big");
    } else {
      if (!limits.videoMimeTypes.includes(item.mimeType))
        issues.add(at, `is ${item.mimeType}; ${name} takes ${limits.videoMimeTypes.join(" or ")} videos`, "wrong_type");
      checkVideo(issues, at, item, { maxBytes: limits.videoMaxBytes, minSeconds: limits.videoMinSeconds, maxSeconds: limits.videoMaxSeconds }, name);
    }
    if (altText !== undefined) {
      if (provider === "linkedin" && item.mediaType !== "IMAGE") issues.add(`${itemPath}.altText`, "is for images only on linkedin");
      if (provider === "x" && item.mediaType !== "IMAGE") issues.add(`${itemPath}.altText`, "is for images only on x");
      // Bluesky counts graphemes, the others code points
      const length = provider === "bluesky" ? blueskyGraphemes(altText) : codePoints(altText);
      const max = item.mediaType === "VIDEO" ? (limits.videoAltTextMax ?? limits.altTextMax) : limits.altTextMax;
      if (max !== undefined && length > max)
        issues.add(`${itemPath}.altText`, `is ${length} characters; ${name} allows ${max}${item.mediaType === "VIDEO" ? " for a video" : ""}`, "too_long");
    }
  }
}

const providerNames = { x: "x", threads: "threads", linkedin: "linkedin", bluesky: "bluesky" } as const;
type TextProvider = keyof typeof providerNames;

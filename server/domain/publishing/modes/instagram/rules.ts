// instagram mode: a FEED image or carousel, a Reel, or a Story (SPEC.md "instagram").
import { z } from "zod";
import type { ConnectedAccount } from "../../../../db.ts";
import { INSTAGRAM_ALT_TEXT, INSTAGRAM_CAPTION, mediaLimits } from "../../media-rules.ts";
import type { PublishBody } from "../../publishing.schema.ts";
import { codePoints } from "../../text-rules.ts";
import type { Issues } from "../../validation-issues.ts";
import { checkImage, checkVideo, type Found, type MediaRef } from "../media-checks.ts";
import type { MediaPlanOf, Schedule } from "../mode.ts";

export const instagramPayloadSchema = z.object({
  contentType: z.enum(["FEED", "REELS", "STORIES"]),
  caption: z.string().nullable(),
  items: z.array(z.object({ mediaId: z.string(), altText: z.string().nullable() })).min(1),
  shareToFeed: z.boolean().nullable(),
  /** post groups: the comment made right after publishing; absent on payloads of POST /api/v1/posts and older ones */
  firstComment: z.string().nullable().optional(),
});
export type InstagramPayload = z.infer<typeof instagramPayloadSchema>;
export type InstagramPlan = MediaPlanOf<"instagram", InstagramPayload>;

export function instagramMediaRefs(body: PublishBody): MediaRef[] {
  return (body.instagram?.items ?? []).map((it, i) => ({ path: `instagram.items[${i}].mediaId`, id: it.mediaId }));
}

export function normalizeInstagram(account: ConnectedAccount, body: PublishBody): InstagramPlan | null {
  const ig = body.instagram;
  if (account.provider !== "instagram" || !ig) return null;
  return {
    mode: "instagram",
    account,
    requestId: ig.requestId,
    payload: {
      contentType: ig.contentType,
      caption: ig.caption ?? null,
      items: ig.items.map((it) => ({ mediaId: it.mediaId, altText: it.altText ?? null })),
      shareToFeed: ig.shareToFeed ?? null,
    },
  };
}

/** SPEC.md "Idempotency": what makes a new request with the same requestId a conflict. */
export function instagramConflictFields(plan: InstagramPlan, schedule: Schedule): Record<string, unknown> {
  return {
    account: plan.account.id,
    contentType: plan.payload.contentType,
    caption: plan.payload.caption,
    items: plan.payload.items,
    options: { shareToFeed: plan.payload.shareToFeed },
    schedule: schedule.scheduledAt?.toISOString() ?? null,
  };
}

export function validateInstagram(body: PublishBody, found: Found, issues: Issues): void {
  const ig = body.instagram!;
  const limits = mediaLimits.instagram;
  const items = ig.items.map((it, i) => ({ it, i, m: found.get(it.mediaId)!.item }));
  if (ig.caption !== undefined && ig.contentType === "STORIES") issues.add("instagram.caption", "is not allowed for STORIES");
  if (ig.caption !== undefined && codePoints(ig.caption) > INSTAGRAM_CAPTION)
    issues.add("instagram.caption", `is ${codePoints(ig.caption)} characters; instagram allows ${INSTAGRAM_CAPTION}`, "too_long");
  if (ig.shareToFeed !== undefined && ig.contentType !== "REELS") issues.add("instagram.shareToFeed", "is for REELS only");
  for (const { it, i, m } of items) {
    if (it.altText !== undefined && m.mediaType !== "IMAGE") issues.add(`instagram.items[${i}].altText`, "is for images only");
    if (it.altText !== undefined && codePoints(it.altText) > INSTAGRAM_ALT_TEXT)
      issues.add(`instagram.items[${i}].altText`, `is ${codePoints(it.altText)} characters; at most ${INSTAGRAM_ALT_TEXT}`, "too_long");
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
        else
          checkVideo(issues, path(i), m, { maxBytes: limits.maxBytes, minSeconds: limits.minSeconds, maxSeconds: limits.maxSeconds }, "an instagram carousel");
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
}

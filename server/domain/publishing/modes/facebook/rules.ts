// facebook mode: a Page's FEED post (text, link, photos or a video), Reel or Story (SPEC.md "facebook").
import { z } from "zod";
import type { ConnectedAccount } from "../../../../db.ts";
import { FACEBOOK_MESSAGE, mediaLimits } from "../../media-rules.ts";
import type { PublishBody } from "../../publishing.schema.ts";
import type { Issues } from "../../validation-issues.ts";
import { checkImage, checkVideo, type Found, type MediaRef } from "../media-checks.ts";
import type { MediaPlanOf, Schedule } from "../mode.ts";

export const facebookPayloadSchema = z.object({
  contentType: z.enum(["FEED", "REELS", "STORY"]),
  message: z.string().nullable(),
  items: z.array(z.object({ mediaId: z.string() })),
  /** post groups: the comment made right after publishing; absent on payloads of POST /api/v1/posts and older ones */
  firstComment: z.string().nullable().optional(),
});
export type FacebookPayload = z.infer<typeof facebookPayloadSchema>;
export type FacebookPlan = MediaPlanOf<"facebook", FacebookPayload>;

export function facebookMediaRefs(body: PublishBody): MediaRef[] {
  return (body.facebook?.items ?? []).map((it, i) => ({ path: `facebook.items[${i}].mediaId`, id: it.mediaId }));
}

/** The message is stored trimmed; an empty one is none. */
export function normalizeFacebook(account: ConnectedAccount, body: PublishBody): FacebookPlan | null {
  const fb = body.facebook;
  if (account.provider !== "facebook" || !fb) return null;
  const message = fb.message?.trim();
  return {
    mode: "facebook",
    account,
    requestId: fb.requestId,
    payload: { contentType: fb.contentType, message: message ? message : null, items: (fb.items ?? []).map((it) => ({ mediaId: it.mediaId })) },
  };
}

/** SPEC.md "Idempotency": what makes a new request with the same requestId a conflict. */
export function facebookConflictFields(plan: FacebookPlan, schedule: Schedule): Record<string, unknown> {
  return {
    page: plan.account.id,
    contentType: plan.payload.contentType,
    message: plan.payload.message,
    media: plan.payload.items.map((i) => i.mediaId),
    schedule: schedule.scheduledAt?.toISOString() ?? null,
    timezone: schedule.timezone,
  };
}

export function validateFacebook(body: PublishBody, found: Found, issues: Issues): void {
  const fb = body.facebook!;
  const limits = mediaLimits.facebook;
  const message = fb.message?.trim();
  const items = (fb.items ?? []).map((it, i) => ({ i, m: found.get(it.mediaId)!.item }));
  const path = (i: number) => `facebook.items[${i}].mediaId`;
  if (message !== undefined && message.length > FACEBOOK_MESSAGE)
    issues.add("facebook.message", `is ${message.length} characters; facebook allows ${FACEBOOK_MESSAGE}`, "too_long");
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
}

// tiktok mode: one video, its caption in posts[0], the creator's options (SPEC.md "tiktok").
import { z } from "zod";
import type { ConnectedAccount } from "../../../../db.ts";
import { TIKTOK_CAPTION_UTF16 } from "../../media-rules.ts";
import type { PublishBody } from "../../publishing.schema.ts";
import type { Issues } from "../../validation-issues.ts";
import { checkVideo, type Found, type MediaRef } from "../media-checks.ts";
import type { MediaPlanOf, Schedule } from "../mode.ts";

export const tiktokPayloadSchema = z.object({
  caption: z.string(),
  mediaId: z.string(),
  privacyLevel: z.literal("PUBLIC_TO_EVERYONE"),
  disableComment: z.boolean(),
  disableDuet: z.boolean(),
  disableStitch: z.boolean(),
  brandOrganicToggle: z.boolean(),
  brandContentToggle: z.boolean(),
});
export type TiktokPayload = z.infer<typeof tiktokPayloadSchema>;
export type TiktokPlan = MediaPlanOf<"tiktok", TiktokPayload>;

export function tiktokMediaRefs(body: PublishBody): MediaRef[] {
  return body.video ? [{ path: "video.mediaId", id: body.video.mediaId }] : [];
}

export function normalizeTiktok(account: ConnectedAccount, body: PublishBody): TiktokPlan | null {
  const v = body.video;
  if (account.provider !== "tiktok" || !v) return null;
  return {
    mode: "tiktok",
    account,
    requestId: v.requestId,
    payload: {
      caption: body.posts?.[0] ?? "",
      mediaId: v.mediaId,
      privacyLevel: v.privacyLevel,
      disableComment: v.disableComment ?? false,
      disableDuet: v.disableDuet ?? false,
      disableStitch: v.disableStitch ?? false,
      brandOrganicToggle: v.brandOrganicToggle ?? false,
      brandContentToggle: v.brandContentToggle ?? false,
    },
  };
}

/** SPEC.md "Idempotency": what makes a new request with the same requestId a conflict. */
export function tiktokConflictFields(plan: TiktokPlan, schedule: Schedule): Record<string, unknown> {
  return { account: plan.account.id, video: plan.payload.mediaId, caption: plan.payload.caption, schedule: schedule.scheduledAt?.toISOString() ?? null };
}

export function validateTiktok(body: PublishBody, found: Found, issues: Issues): void {
  const video = body.video!;
  const posts = body.posts;
  if (!posts || posts.length !== 1) issues.add("posts", "tiktok takes exactly one caption (posts[0])", posts ? "too_many" : "required");
  const caption = posts?.[0] ?? "";
  if (caption.length > TIKTOK_CAPTION_UTF16)
    issues.add("posts[0]", `is ${caption.length} UTF-16 code units; tiktok allows ${TIKTOK_CAPTION_UTF16}`, "too_long");
  const m = found.get(video.mediaId);
  if (m) checkVideo(issues, "video.mediaId", m.item, {}, "tiktok");
}

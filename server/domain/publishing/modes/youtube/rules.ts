// youtube mode: one video with its title, description and privacy (SPEC.md "youtube").
import { z } from "zod";
import type { ConnectedAccount } from "../../../../db.ts";
import { mediaLimits, YOUTUBE_DESCRIPTION, YOUTUBE_TITLE } from "../../media-rules.ts";
import type { PublishBody } from "../../publishing.schema.ts";
import { codePoints } from "../../text-rules.ts";
import type { Issues } from "../../validation-issues.ts";
import { checkVideo, type Found, type MediaRef } from "../media-checks.ts";
import type { MediaPlanOf, Schedule } from "../mode.ts";

export const youtubePayloadSchema = z.object({
  mediaId: z.string(),
  title: z.string(),
  description: z.string(),
  privacyStatus: z.enum(["public", "unlisted", "private"]),
  madeForKids: z.boolean(),
});
export type YoutubePayload = z.infer<typeof youtubePayloadSchema>;
export type YoutubePlan = MediaPlanOf<"youtube", YoutubePayload>;

export function youtubeMediaRefs(body: PublishBody): MediaRef[] {
  return body.youtube ? [{ path: "youtube.mediaId", id: body.youtube.mediaId }] : [];
}

export function normalizeYoutube(account: ConnectedAccount, body: PublishBody): YoutubePlan | null {
  const yt = body.youtube;
  if (account.provider !== "youtube" || !yt) return null;
  return {
    mode: "youtube",
    account,
    requestId: yt.requestId,
    payload: { mediaId: yt.mediaId, title: yt.title, description: yt.description ?? "", privacyStatus: yt.privacyStatus, madeForKids: yt.madeForKids ?? false },
  };
}

/** SPEC.md "Idempotency": what makes a new request with the same requestId a conflict. */
export function youtubeConflictFields(plan: YoutubePlan, schedule: Schedule): Record<string, unknown> {
  return {
    account: plan.account.id,
    video: plan.payload.mediaId,
    title: plan.payload.title,
    description: plan.payload.description,
    privacy: plan.payload.privacyStatus,
    schedule: schedule.scheduledAt?.toISOString() ?? null,
  };
}

export function validateYoutube(body: PublishBody, found: Found, issues: Issues): void {
  const yt = body.youtube!;
  const titleLength = codePoints(yt.title);
  if (yt.title.trim() === "") issues.add("youtube.title", "must not be empty");
  else if (titleLength > YOUTUBE_TITLE) issues.add("youtube.title", `is ${titleLength} characters; youtube allows ${YOUTUBE_TITLE}`, "too_long");
  if (yt.description !== undefined && codePoints(yt.description) > YOUTUBE_DESCRIPTION) {
    issues.add("youtube.description", `is ${codePoints(yt.description)} characters; youtube allows ${YOUTUBE_DESCRIPTION}`, "too_long");
  }
  const m = found.get(yt.mediaId);
  if (m) checkVideo(issues, "youtube.mediaId", m.item, mediaLimits.youtube, "youtube (at most 500 MiB and 12 hours)");
}

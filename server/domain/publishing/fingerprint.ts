// The idempotency fingerprint of a media request: exactly SPEC.md's conflict triggers per mode,
// so the same requestId with a change in one of them is a conflict and anything else a replay.
import crypto from "node:crypto";
import type { MediaPlan } from "./modes/index.ts";

export type Schedule = { scheduledAt: Date | null; timezone: string | null };

export function conflictFields(plan: MediaPlan, schedule: Schedule): Record<string, unknown> {
  const at = schedule.scheduledAt?.toISOString() ?? null;
  switch (plan.mode) {
    case "tiktok":
      return { account: plan.account.id, video: plan.payload.mediaId, caption: plan.payload.caption, schedule: at };
    case "instagram":
      return {
        account: plan.account.id,
        contentType: plan.payload.contentType,
        caption: plan.payload.caption,
        items: plan.payload.items,
        options: { shareToFeed: plan.payload.shareToFeed },
        schedule: at,
      };
    case "youtube":
      return {
        account: plan.account.id,
        video: plan.payload.mediaId,
        title: plan.payload.title,
        description: plan.payload.description,
        privacy: plan.payload.privacyStatus,
        schedule: at,
      };
    case "facebook":
      return {
        page: plan.account.id,
        contentType: plan.payload.contentType,
        message: plan.payload.message,
        media: plan.payload.items.map((i) => i.mediaId),
        schedule: at,
        timezone: schedule.timezone,
      };
  }
}

export function fingerprint(plan: MediaPlan, schedule: Schedule): string {
  return crypto.createHash("sha256").update(JSON.stringify(conflictFields(plan, schedule))).digest("hex");
}

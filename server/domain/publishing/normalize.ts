// The normalized form of a media request (defaults applied, Facebook message trimmed): what
// the job stores and what the idempotency fingerprint is computed from. Pure: no database.
import type { ConnectedAccount } from "../../db.ts";
import type { PublishBody } from "./publishing.schema.ts";
import type { MediaPlan } from "./validate-request.ts";

export function mediaPlanFromBody(account: ConnectedAccount, body: PublishBody): MediaPlan | null {
  if (account.provider === "tiktok" && body.video) {
    const v = body.video;
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
  if (account.provider === "instagram" && body.instagram) {
    const ig = body.instagram;
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
  if (account.provider === "youtube" && body.youtube) {
    const yt = body.youtube;
    return {
      mode: "youtube",
      account,
      requestId: yt.requestId,
      payload: { mediaId: yt.mediaId, title: yt.title, description: yt.description ?? "", privacyStatus: yt.privacyStatus, madeForKids: yt.madeForKids ?? false },
    };
  }
  if (account.provider === "facebook" && body.facebook) {
    const fb = body.facebook;
    const message = fb.message?.trim();
    return {
      mode: "facebook",
      account,
      requestId: fb.requestId,
      payload: { contentType: fb.contentType, message: message ? message : null, items: (fb.items ?? []).map((it) => ({ mediaId: it.mediaId })) },
    };
  }
  return null;
}

// The idempotency fingerprint of each media mode (SPEC.md: each mode's "Conflict triggers"). The
// hash is stored with every job, so its input (fields and their order) must not change: a replay
// of a job accepted before would then answer 409.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ConnectedAccount } from "../../db.ts";
import { fingerprint, type Schedule } from "./fingerprint.ts";
import type { MediaPlan } from "./modes/index.ts";
import type { TiktokPlan } from "./modes/tiktok/rules.ts";
import type { YoutubePlan } from "./modes/youtube/rules.ts";

const account = { id: "7d0c1e5e-4a6b-4f51-9d1c-2a8f3c7b9e01" } as ConnectedAccount;
const requestId = "0b7e2f0c-5d35-4a8e-9a57-3f1f6f3c2d11";
const mediaId = "5c3d9a1b-8e2f-4d6a-b7c4-1e9f0a2b3c4d";
const now: Schedule = { scheduledAt: null, timezone: null };
const later: Schedule = { scheduledAt: new Date("2027-03-01T09:30:00Z"), timezone: "Europe/Paris" };
const sha = (fields: unknown) => crypto.createHash("sha256").update(JSON.stringify(fields)).digest("hex");

const tiktok: TiktokPlan = {
  mode: "tiktok",
  account,
  requestId,
  payload: {
    caption: "c",
    mediaId,
    privacyLevel: "PUBLIC_TO_EVERYONE",
    disableComment: false,
    disableDuet: false,
    disableStitch: false,
    brandOrganicToggle: false,
    brandContentToggle: false,
  },
};
const instagram: MediaPlan = {
  mode: "instagram",
  account,
  requestId,
  payload: { contentType: "REELS", caption: "c", items: [{ mediaId, altText: null }], shareToFeed: true },
};
const youtube: YoutubePlan = {
  mode: "youtube",
  account,
  requestId,
  payload: { mediaId, title: "t", description: "d", privacyStatus: "public", madeForKids: false },
};
const facebook: MediaPlan = { mode: "facebook", account, requestId, payload: { contentType: "FEED", message: "m", items: [{ mediaId }] } };

describe("the fingerprint hashes exactly each mode's conflict triggers, in a fixed order", () => {
  it.each<[string, MediaPlan, Schedule, Record<string, unknown>]>([
    ["tiktok: account, video, caption, schedule", tiktok, later, { account: account.id, video: mediaId, caption: "c", schedule: "2027-03-01T09:30:00.000Z" }],
    [
      "instagram: account, content type, caption, items, options, schedule",
      instagram,
      now,
      { account: account.id, contentType: "REELS", caption: "c", items: [{ mediaId, altText: null }], options: { shareToFeed: true }, schedule: null },
    ],
    [
      "youtube: account, video, title, description, privacy, schedule",
      youtube,
      now,
      { account: account.id, video: mediaId, title: "t", description: "d", privacy: "public", schedule: null },
    ],
    [
      "facebook: Page, content type, message, ordered media ids, schedule, timezone",
      facebook,
      later,
      { page: account.id, contentType: "FEED", message: "m", media: [mediaId], schedule: "2027-03-01T09:30:00.000Z", timezone: "Europe/Paris" },
    ],
  ])("%s", (_name, plan, schedule, fields) => {
    expect(fingerprint(plan, schedule)).toBe(sha(fields));
  });

  it("ignores what is not a trigger (TikTok's interaction options, YouTube's madeForKids) and changes with what is", () => {
    const base = fingerprint(tiktok, now);
    expect(fingerprint({ ...tiktok, payload: { ...tiktok.payload, disableComment: true } }, now)).toBe(base);
    expect(fingerprint({ ...tiktok, payload: { ...tiktok.payload, caption: "other" } }, now)).not.toBe(base);
    expect(fingerprint(tiktok, later)).not.toBe(base);
    expect(fingerprint({ ...youtube, payload: { ...youtube.payload, madeForKids: true } }, now)).toBe(fingerprint(youtube, now));
  });
});

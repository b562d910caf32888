// SPEC.md "Limits" for media in each publishing mode.
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

export const mediaLimits = {
  youtube: { maxBytes: 500 * MiB, maxSeconds: 12 * 3600 },
  instagram: { maxBytes: 1 * GiB, minSeconds: 3, maxSeconds: 15 * 60, storyMaxSeconds: 60, maxImageBytes: 8 * MiB },
  facebook: { maxBytes: 1 * GiB, maxSeconds: 20 * 60, reels: [3, 90], story: [3, 60], maxImageBytes: 8 * MiB },
} as const;

export const TIKTOK_CAPTION_UTF16 = 2200;
export const INSTAGRAM_CAPTION = 2200;
export const INSTAGRAM_ALT_TEXT = 1000;
export const YOUTUBE_TITLE = 100;
export const YOUTUBE_DESCRIPTION = 5000;
export const FACEBOOK_MESSAGE = 63206;

// Which platforms the live contract suite runs on, read from the environment: a platform runs
// when its test-account token is set (and, against a real platform, the media it must receive);
// every other platform gets one line saying what to set.
import type { ProviderName } from "../domain/accounts/providers.ts";

/**
 * The platforms with a live contract run: SPEC.md's seven. Bluesky is tested against a real PDS
 * in `npm test` (server/sandbox/bluesky), and Mastodon against its sandbox with megalodon as the
 * independent client; neither is covered by `npm run test:live` yet.
 */
export const liveProviders = ["threads", "x", "linkedin", "tiktok", "instagram", "youtube", "facebook"] as const satisfies readonly ProviderName[];
export type LiveProvider = (typeof liveProviders)[number];

export type LiveTarget = {
  provider: LiveProvider;
  /** the account's access token (Facebook: a user token whose Pages the adapter lists) */
  token: string;
  /** facebook: which of the user's Pages to post on (default: the first) */
  pageId?: string;
  /** instagram: a public URL of a JPEG Meta can fetch (generated locally against the sandbox) */
  imageUrl?: string;
  /** tiktok, youtube: a short real MP4 to upload (generated against the sandbox) */
  videoFile?: string;
};

export type LivePlan = { sandbox: boolean; run: LiveTarget[]; skipped: { provider: LiveProvider; line: string }[] };

/** The token variable of each platform. */
export const tokenVariables: Record<LiveProvider, string> = {
  threads: "LIVE_THREADS_ACCESS_TOKEN",
  x: "LIVE_X_ACCESS_TOKEN",
  linkedin: "LIVE_LINKEDIN_ACCESS_TOKEN",
  tiktok: "LIVE_TIKTOK_ACCESS_TOKEN",
  instagram: "LIVE_INSTAGRAM_ACCESS_TOKEN",
  youtube: "LIVE_YOUTUBE_ACCESS_TOKEN",
  facebook: "LIVE_FACEBOOK_USER_TOKEN",
};

/**
 * Media a real platform must be given: Instagram fetches an image from a public URL, TikTok and
 * YouTube process the uploaded video. The generated fixtures (server/testing/media-fixtures.ts)
 * satisfy the sandbox, which reads only their headers, but no real platform would accept them.
 */
const mediaVariables: Partial<Record<LiveProvider, "LIVE_IMAGE_URL" | "LIVE_VIDEO_FILE">> = {
  instagram: "LIVE_IMAGE_URL",
  tiktok: "LIVE_VIDEO_FILE",
  youtube: "LIVE_VIDEO_FILE",
};

export const skipLine = (provider: LiveProvider, missing: string[]) => `live: ${provider} skipped (set ${missing.join(" and ")} to run)`;

export function livePlan(env: Record<string, string | undefined> = process.env): LivePlan {
  const sandbox = (env.PLATFORMS ?? "live") === "sandbox";
  const plan: LivePlan = { sandbox, run: [], skipped: [] };
  for (const provider of liveProviders) {
    const token = env[tokenVariables[provider]]?.trim();
    const mediaVariable = mediaVariables[provider];
    const media = mediaVariable ? env[mediaVariable]?.trim() : undefined;
    const missing = [...(token ? [] : [tokenVariables[provider]]), ...(mediaVariable && !media && !sandbox ? [mediaVariable] : [])];
    if (missing.length > 0) {
      plan.skipped.push({ provider, line: skipLine(provider, missing) });
      continue;
    }
    plan.run.push({
      provider,
      token: token!,
      ...(provider === "facebook" && env.LIVE_FACEBOOK_PAGE_ID ? { pageId: env.LIVE_FACEBOOK_PAGE_ID } : {}),
      ...(mediaVariable === "LIVE_IMAGE_URL" && media ? { imageUrl: media } : {}),
      ...(mediaVariable === "LIVE_VIDEO_FILE" && media ? { videoFile: media } : {}),
    });
  }
  return plan;
}

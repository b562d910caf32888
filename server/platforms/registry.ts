// The adapter of each provider.
import type { ProviderName } from "../domain/accounts/providers.ts";
import { blueskyAdapter } from "./bluesky/bluesky-adapter.ts";
import { facebookAdapter } from "./facebook/facebook-adapter.ts";
import { instagramAdapter } from "./instagram/instagram-adapter.ts";
import { linkedinAdapter } from "./linkedin/linkedin-adapter.ts";
import { mastodonAdapter } from "./mastodon/mastodon-adapter.ts";
import { threadsAdapter } from "./threads/threads-adapter.ts";
import { tiktokAdapter } from "./tiktok/tiktok-adapter.ts";
import type { PlatformAdapter } from "./types.ts";
import { xAdapter } from "./x/x-adapter.ts";
import { youtubeAdapter } from "./youtube/youtube-adapter.ts";

export const adapters: Record<ProviderName, PlatformAdapter> = {
  x: xAdapter,
  threads: threadsAdapter,
  linkedin: linkedinAdapter,
  tiktok: tiktokAdapter,
  instagram: instagramAdapter,
  youtube: youtubeAdapter,
  facebook: facebookAdapter,
  bluesky: blueskyAdapter,
  mastodon: mastodonAdapter,
};

export function adapterFor(provider: ProviderName): PlatformAdapter {
  return adapters[provider];
}

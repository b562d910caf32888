// Every sandbox platform module.
import type { ProviderModule } from "../kit.ts";
import { facebookSandbox } from "./facebook.ts";
import { instagramSandbox } from "./instagram.ts";
import { linkedinSandbox } from "./linkedin.ts";
import { threadsSandbox } from "./threads.ts";
import { tiktokSandbox } from "./tiktok.ts";
import { xSandbox } from "./x.ts";
import { youtubeSandbox } from "./youtube.ts";
import { mastodonSandbox } from "../../../sandbox/mastodon/mastodon-sandbox.ts";

export const providerModules: ProviderModule[] = [
  xSandbox,
  threadsSandbox,
  linkedinSandbox,
  tiktokSandbox,
  instagramSandbox,
  youtubeSandbox,
  facebookSandbox,
  mastodonSandbox,
];

// Every sandbox platform module.
import type { ProviderModule } from "./kit.ts";
import { facebookSandbox } from "./facebook/facebook-sandbox.ts";
import { instagramSandbox } from "./instagram/instagram-sandbox.ts";
import { linkedinSandbox } from "./linkedin/linkedin-sandbox.ts";
import { threadsSandbox } from "./threads/threads-sandbox.ts";
import { tiktokSandbox } from "./tiktok/tiktok-sandbox.ts";
import { xSandbox } from "./x/x-sandbox.ts";
import { youtubeSandbox } from "./youtube/youtube-sandbox.ts";

export const providerModules: ProviderModule[] = [xSandbox, threadsSandbox, linkedinSandbox, tiktokSandbox, instagramSandbox, youtubeSandbox, facebookSandbox];

import type { FlowRegistry } from "../engine/flow.ts";
import { facebookFlow } from "./facebook-flow.ts";
import { instagramFlow } from "./instagram-flow.ts";
import { textFlow } from "./text-flow.ts";
import { tiktokFlow } from "./tiktok-flow.ts";
import { youtubeFlow } from "./youtube-flow.ts";

export const flows: FlowRegistry = { threads: textFlow, x: textFlow, linkedin: textFlow, tiktok: tiktokFlow, instagram: instagramFlow, youtube: youtubeFlow, facebook: facebookFlow };

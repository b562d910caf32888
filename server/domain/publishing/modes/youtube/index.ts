import { jobFlow } from "../../engine/flow.ts";
import type { MediaMode } from "../mode.ts";
import { youtubeFlow } from "./flow.ts";
import { youtubeConflictFields, normalizeYoutube, validateYoutube, youtubeMediaRefs, youtubePayloadSchema, type YoutubePlan } from "./rules.ts";

export const youtubeMode: MediaMode<YoutubePlan> = {
  provider: "youtube",
  field: "youtube",
  takesPosts: false,
  payloadSchema: youtubePayloadSchema,
  mediaRefs: youtubeMediaRefs,
  normalize: normalizeYoutube,
  validate: validateYoutube,
  conflictFields: youtubeConflictFields,
  flow: jobFlow(youtubePayloadSchema, youtubeFlow),
};

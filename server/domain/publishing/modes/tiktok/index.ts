import { jobFlow } from "../../engine/flow.ts";
import type { MediaMode } from "../mode.ts";
import { tiktokFlow } from "./flow.ts";
import { tiktokConflictFields, normalizeTiktok, tiktokMediaRefs, tiktokPayloadSchema, validateTiktok, type TiktokPlan } from "./rules.ts";

export const tiktokMode: MediaMode<TiktokPlan> = {
  provider: "tiktok",
  field: "video",
  takesPosts: true,
  payloadSchema: tiktokPayloadSchema,
  mediaRefs: tiktokMediaRefs,
  normalize: normalizeTiktok,
  validate: validateTiktok,
  conflictFields: tiktokConflictFields,
  flow: jobFlow(tiktokPayloadSchema, tiktokFlow),
};

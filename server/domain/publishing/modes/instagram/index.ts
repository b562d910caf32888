import { withFirstComment } from "../../engine/first-comment.ts";
import { jobFlow } from "../../engine/flow.ts";
import type { MediaMode } from "../mode.ts";
import { instagramFlow } from "./flow.ts";
import { instagramConflictFields, instagramMediaRefs, instagramPayloadSchema, normalizeInstagram, validateInstagram, type InstagramPlan } from "./rules.ts";

export const instagramMode: MediaMode<InstagramPlan> = {
  provider: "instagram",
  field: "instagram",
  takesPosts: false,
  payloadSchema: instagramPayloadSchema,
  mediaRefs: instagramMediaRefs,
  normalize: normalizeInstagram,
  validate: validateInstagram,
  conflictFields: instagramConflictFields,
  flow: jobFlow(instagramPayloadSchema, withFirstComment(instagramFlow)),
};

import { env } from "../../../../env.ts";
import { withFirstComment } from "../../engine/first-comment.ts";
import { jobFlow } from "../../engine/flow.ts";
import type { MediaMode } from "../mode.ts";
import { facebookFlow } from "./flow.ts";
import { facebookConflictFields, facebookMediaRefs, facebookPayloadSchema, normalizeFacebook, validateFacebook, type FacebookPlan } from "./rules.ts";

export const facebookMode: MediaMode<FacebookPlan> = {
  provider: "facebook",
  field: "facebook",
  takesPosts: false,
  payloadSchema: facebookPayloadSchema,
  mediaRefs: facebookMediaRefs,
  normalize: normalizeFacebook,
  validate: validateFacebook,
  conflictFields: facebookConflictFields,
  // New Facebook jobs wait for the public-write rollout (replays never get here).
  unavailable: () => (env().facebookPublicWrite ? null : "Publishing to Facebook is not enabled on this installation yet (public-write rollout)"),
  flow: jobFlow(facebookPayloadSchema, withFirstComment(facebookFlow)),
};

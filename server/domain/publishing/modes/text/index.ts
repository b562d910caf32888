import { textProviders } from "../../../accounts/providers.ts";
import { withFirstComment } from "../../engine/first-comment.ts";
import { jobFlow } from "../../engine/flow.ts";
import { textFlow } from "./flow.ts";
import { textPayloadSchema, textPlan } from "./rules.ts";

/**
 * Text is published at once (publish-text.ts) to several accounts per request; only a schedule
 * makes jobs, one per account, which this flow runs.
 */
export const textMode = {
  providers: textProviders,
  payloadSchema: textPayloadSchema,
  plan: textPlan,
  flow: jobFlow(textPayloadSchema, withFirstComment(textFlow)),
};

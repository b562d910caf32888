// The publishing modes by provider: what validatePublishRequest, the idempotency check and the
// publish engine look up. A new mode is a folder beside these and a line here. Text providers
// (the provider table's `publishing: "text"`) share the text mode; every media provider has its
// own, which the type of modeByName requires.
import type { MediaProviderName, ProviderName } from "../../accounts/providers.ts";
import type { FlowRegistry } from "../engine/flow.ts";
import { facebookMode } from "./facebook/index.ts";
import { instagramMode } from "./instagram/index.ts";
import type { MediaMode, Schedule } from "./mode.ts";
import type { FacebookPlan } from "./facebook/rules.ts";
import type { InstagramPlan } from "./instagram/rules.ts";
import { textMode } from "./text/index.ts";
import type { TextPlan } from "./text/rules.ts";
import { tiktokMode } from "./tiktok/index.ts";
import type { TiktokPlan } from "./tiktok/rules.ts";
import { youtubeMode } from "./youtube/index.ts";
import type { YoutubePlan } from "./youtube/rules.ts";

export { textMode };
export type { TextPlan, TextTarget } from "./text/rules.ts";

/** A plan type per media provider: leaving one out does not compile. */
type EveryMediaProvider<T extends Record<MediaProviderName, unknown>> = T;
type PlanByMode = EveryMediaProvider<{ tiktok: TiktokPlan; instagram: InstagramPlan; youtube: YoutubePlan; facebook: FacebookPlan }>;
const modeByName: { [K in keyof PlanByMode]: MediaMode<PlanByMode[K]> } = {
  tiktok: tiktokMode,
  instagram: instagramMode,
  youtube: youtubeMode,
  facebook: facebookMode,
};

/** Media modes, in the order their request objects are listed (and their issues reported). */
export const mediaModes = [modeByName.tiktok, modeByName.instagram, modeByName.youtube, modeByName.facebook] as const;
export type AnyMediaMode = (typeof mediaModes)[number];

export type MediaPlan = PlanByMode[keyof PlanByMode];
export type PublishPlan = TextPlan | MediaPlan;

/** The conflict fields of a plan (its mode's conflictFields); call as `conflictFields(plan.mode, plan, schedule)`. */
export function conflictFields<K extends keyof PlanByMode>(mode: K, plan: PlanByMode[K], schedule: Schedule): Record<string, unknown> {
  return modeByName[mode].conflictFields(plan, schedule);
}

/** The media mode of a provider; undefined for text providers. */
export function mediaModeOf(provider: ProviderName): AnyMediaMode | undefined {
  return mediaModes.find((m) => m.provider === provider);
}

/** The publish engine's flows by provider, each with its payload's schema. */
export const flows: FlowRegistry = {
  ...Object.fromEntries(textMode.providers.map((p) => [p, textMode.flow])),
  ...Object.fromEntries(mediaModes.map((m) => [m.provider, m.flow])),
};

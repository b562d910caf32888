// What a publishing mode is made of (docs/architecture.md, "One module per publishing mode").
import type { z } from "zod";
import type { ConnectedAccount } from "../../../db.ts";
import type { ProviderName } from "../../accounts/providers.ts";
import type { JobFlow } from "../engine/flow.ts";
import type { PublishBody } from "../publishing.schema.ts";
import type { Issues } from "../validation-issues.ts";
import type { Found, MediaRef } from "./media-checks.ts";

/** A media request, normalized: what its job stores (payload) and is fingerprinted from. */
export type MediaPlanOf<M extends string, P> = { mode: M; account: ConnectedAccount; requestId: string; payload: P };

/** When a job is due: now (null) or a schedule. */
export type Schedule = { scheduledAt: Date | null; timezone: string | null };

/** The request's object of a media mode: a field of the request besides accountIds and posts. */
export type ModeField = Exclude<keyof PublishBody, "accountIds" | "posts">;

/**
 * A media mode: one account per request, one job. Its request object (`field`), the payload its
 * job stores (`payloadSchema`, parsed again when a job is claimed), the normalisation from the
 * request, the mode's own rules, and the flow that publishes the job.
 */
export type MediaMode<Plan extends MediaPlanOf<string, unknown>> = {
  provider: ProviderName;
  field: ModeField;
  /** posts beside the mode object (tiktok: posts[0] is the caption) */
  takesPosts: boolean;
  payloadSchema: z.ZodType<Plan["payload"]>;
  /** the media the request names, with the path an issue about it carries */
  mediaRefs(body: PublishBody): MediaRef[];
  /** the plan of a request that has this mode's object; null without it */
  normalize(account: ConnectedAccount, body: PublishBody): Plan | null;
  /** the mode's rules, on a request that has its object and whose media was found */
  validate(body: PublishBody, found: Found, issues: Issues): void;
  /**
   * What the idempotency fingerprint hashes: exactly SPEC.md's conflict triggers for the mode, so
   * the same requestId with a change in one of them is a conflict and anything else a replay.
   */
  conflictFields(plan: Plan, schedule: Schedule): Record<string, unknown>;
  /** why new jobs of this mode cannot be accepted on this installation now, if they cannot */
  unavailable?(): string | null;
  flow: JobFlow;
};

// Dry runs of POST /api/v1/posts and POST /api/v1/scheduled-posts: the real call's checks
// (check-request.ts), nothing written. Valid: what each account would be sent; invalid: the very
// error the real call would answer (422, 403, 404, 409 or 503).
import type { ConnectedAccount } from "../../db.ts";
import type { Scope } from "../access.ts";
import type { ScheduleBody } from "../scheduling/scheduling.schema.ts";
import { checkRequest } from "./check-request.ts";
import type { Schedule } from "./fingerprint.ts";
import { sentTexts } from "./modes/sent-texts.ts";
import type { DryRunResult, DryRunTarget } from "./dry-run.schema.ts";
import { replayOf } from "./create-media-job.ts";
import type { PublishBody } from "./publishing.schema.ts";
import { removeLinks } from "./text-rules.ts";
import { mastodonLimitsOf } from "../accounts/mastodon-instance-limits.ts";
import type { InstanceLimits } from "../../platforms/mastodon/mastodon-instance.ts";

export async function validatePosts(scope: Scope, body: PublishBody): Promise<DryRunResult> {
  return dryRun(scope, body, { scheduledAt: null, timezone: null });
}

export async function validateScheduledPosts(scope: Scope, body: ScheduleBody): Promise<DryRunResult> {
  const { scheduledAt, timezone, ...request } = body;
  return dryRun(scope, request, { scheduledAt: new Date(scheduledAt), timezone: timezone ?? null });
}

async function dryRun(scope: Scope, body: PublishBody, schedule: Schedule): Promise<DryRunResult> {
  const { plan, earlier } = await checkRequest(scope, body, schedule);
  if (earlier) {
    replayOf(earlier.job, earlier.plan, schedule); // 409 on other input, as the real call
    return { valid: true, replay: true, targets: [] };
  }
  if (plan.mode === "text") {
    const limits = await mastodonLimitsOf(plan.targets.map((t) => t.account));
    return {
      valid: true,
      replay: false,
      targets: plan.targets.map((t) => dryRunTarget(t.account, { posts: t.posts }, body.posts?.[0], [], limits.get(t.account.id))),
    };
  }
  return { valid: true, replay: false, targets: [dryRunTarget(plan.account, plan.payload)] };
}

/** `firstText`: the first post as given, whose links x drops (said in a warning). */
export function dryRunTarget(
  account: ConnectedAccount,
  payload: unknown,
  firstText?: string,
  warnings: string[] = [],
  mastodonLimits?: InstanceLimits | null,
): DryRunTarget {
  const removed = account.provider === "x" && firstText !== undefined ? removeLinks(firstText).removed : [];
  return {
    accountId: account.id,
    provider: account.provider,
    username: account.username,
    texts: sentTexts(account.provider, payload, mastodonLimits),
    warnings: [
      ...(removed.length ? [`x: links removed from the first post (${removed.join(", ")}); x posts carry no links in the first post`] : []),
      ...warnings,
    ],
  };
}

// Dry run of POST /api/v1/post-groups: the real call's checks (checkPostGroup), nothing written.
// Valid: what each target would be sent, with the warnings the group would carry; invalid: the
// very error the real call would answer.
import type { MediaItem } from "../../db.ts";
import type { Scope } from "../access.ts";
import { mastodonLimitsOf } from "../accounts/mastodon-instance-limits.ts";
import { dryRunTarget } from "../publishing/dry-run.ts";
import type { DryRunResult } from "../publishing/dry-run.schema.ts";
import { assertSameGroup, checkPostGroup } from "./create-post-group.ts";
import type { PostGroupBody } from "./post-groups.schema.ts";

export async function validatePostGroup(scope: Scope, body: PostGroupBody, pendingMedia: MediaItem[] = []): Promise<DryRunResult> {
  const { fp, earlier, plans } = await checkPostGroup(scope, body, pendingMedia);
  if (earlier) {
    assertSameGroup(earlier, fp);
    return { valid: true, replay: true, targets: [] };
  }
  const targetOf = new Map(body.targets.map((t) => [t.accountId, t]));
  const limits = await mastodonLimitsOf(plans.map((p) => p.account));
  return {
    valid: true,
    replay: false,
    targets: plans.map((p) =>
      dryRunTarget(p.account, p.payload, targetOf.get(p.account.id)?.content?.text ?? body.content.text, p.warnings, limits.get(p.account.id)),
    ),
  };
}

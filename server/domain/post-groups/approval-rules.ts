// When a post group waits for approval (docs/teams.md, "Approvals"): always for a member who may
// not publish (a contributor), and for everyone when the workspace's "every post needs approval"
// is on, except an API key holding posts:approve (an automation trusted to publish as approved).
// A feed's posts wait too where approval is required: nobody read the item before it was queued.
import { db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { assertCan, can, type Scope } from "../access.ts";

export async function needsApproval(scope: Scope): Promise<boolean> {
  assertCan(scope, "content.draft");
  if (!can(scope, "content.publish")) return true;
  if (scope.actor.kind === "system" && !scope.actor.automation) return false;
  if (scope.actor.kind === "apiKey" && can(scope, "content.approve")) return false;
  const workspace = await db.workspace.findUnique({ where: { id: scope.workspaceId }, select: { approvalRequired: true } });
  return workspace?.approvalRequired ?? false;
}

/**
 * The calls that publish without a group (POST /api/v1/posts, /scheduled-posts, reposts) cannot
 * wait for approval: they need content.publish, and where approval is required they are refused
 * to everyone who would have to wait, pointing at post groups.
 */
export async function assertPublishesDirectly(scope: Scope): Promise<void> {
  assertCan(scope, "content.publish");
  if (await needsApproval(scope)) {
    throw new AppError(
      "FORBIDDEN",
      "Every post in this workspace needs approval: create a post group (POST /api/v1/post-groups), which waits for an editor's approval",
      { permission: "content.approve" },
    );
  }
}

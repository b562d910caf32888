// Deleting a published post from the dashboard (issue 48: Bluesky and Mastodon, whose APIs delete
// an account's own posts): on the platform first, then marked deleted here so the posts list and
// analytics drop it at once. SPEC.md's seven keep no such action.
import { db, sql, type ConnectedAccount } from "../../db.ts";
import { AppError, fieldError, notFound } from "../../errors.ts";
import { isPlatformError } from "../../platforms/errors.ts";
import { adapterFor } from "../../platforms/registry.ts";
import { assertCan, type Scope } from "../access.ts";
import { withAccount } from "../accounts/account-tokens.ts";
import { providerLabels } from "../accounts/providers.ts";
import { isUuid } from "../ids.ts";
import { deletableProviders } from "./deletable.ts";

export async function deletePublishedPost(scope: Scope, input: { accountId: string; postId: string }): Promise<{ deleted: true }> {
  assertCan(scope, "content.publish");
  const [account] = isUuid(input.accountId)
    ? await sql<ConnectedAccount>("delete-post-account", `SELECT * FROM "ConnectedAccount" WHERE id = $1 AND "workspaceId" = $2 AND "disconnectedAt" IS NULL`, [
        input.accountId,
        scope.workspaceId,
      ])
    : [];
  if (!account) throw notFound("Account");
  const adapter = adapterFor(account.provider);
  if (!deletableProviders.includes(account.provider) || !adapter.deletePost)
    throw fieldError(
      "postId",
      `${providerLabels[account.provider]} posts cannot be deleted from Posteady; delete it on ${providerLabels[account.provider]}`,
      "not_supported",
    );
  try {
    await withAccount(account.id, (ctx) => adapter.deletePost!(ctx, input.postId));
  } catch (err) {
    // already gone on the platform: what the user asked for is true
    if (!isPlatformError(err, "not_found")) {
      if (isPlatformError(err))
        throw new AppError("PLATFORM_ERROR", `${providerLabels[account.provider]} refused to delete the post: ${err.detail}`, { kind: err.kind });
      throw err;
    }
  }
  await db.syncedPost.updateMany({ where: { workspaceId: scope.workspaceId, accountId: account.id, nativeId: input.postId }, data: { deleted: true } });
  return { deleted: true };
}

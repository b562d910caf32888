// POST /api/v1/reposts: repost a post as one of the workspace's accounts, on the platforms that
// have a repost operation (the provider table's `scopes.repost`: threads, x, linkedin, bluesky).
// Other platforms have none (422 REPOST_NOT_SUPPORTED).
import { sql, type ConnectedAccount } from "../../db.ts";
import { AppError, notFound } from "../../errors.ts";
import { isPlatformError } from "../../platforms/errors.ts";
import { adapterFor } from "../../platforms/registry.ts";
import type { Scope } from "../access.ts";
import { assertPublishesDirectly } from "../post-groups/approval-rules.ts";
import { withAccount } from "../accounts/account-tokens.ts";
import { computeCapabilities } from "../accounts/capabilities.ts";
import { providers, providerTable } from "../accounts/providers.ts";

const repostProviders: readonly string[] = providers.filter((p) => providerTable[p].scopes.repost !== null);
import { enqueueSyncAfterPublish } from "./sync-queue.ts";

export async function repost(scope: Scope, input: { accountId: string; postId: string }) {
  await assertPublishesDirectly(scope);
  const [account] = await sql<ConnectedAccount>(
    "repost-account",
    `SELECT * FROM "ConnectedAccount" WHERE id = $1 AND "workspaceId" = $2 AND "disconnectedAt" IS NULL`,
    [input.accountId, scope.workspaceId],
  );
  if (!account) throw notFound("Account");
  if (!repostProviders.includes(account.provider)) {
    throw new AppError("REPOST_NOT_SUPPORTED", `${account.provider} has no repost operation; reposts exist on ${repostProviders.join(", ")}`, {
      provider: account.provider,
    });
  }
  if (!computeCapabilities(account).repostPosts)
    throw new AppError("FORBIDDEN", `@${account.username} cannot repost: reconnect it with the repost permission`, { accountId: account.id });
  const adapter = adapterFor(account.provider);
  try {
    const result = await withAccount(account.id, (ctx) => adapter.repost!(ctx, input.postId));
    await enqueueSyncAfterPublish(account.id).catch(() => undefined);
    return { accountId: account.id, platform: account.provider, username: account.username, postId: input.postId, repostId: result.id };
  } catch (err) {
    if (isPlatformError(err, "not_found")) throw new AppError("NOT_FOUND", `${account.provider} has no post ${input.postId} visible to @${account.username}`);
    if (isPlatformError(err)) throw new AppError("PLATFORM_ERROR", `${account.provider} refused the repost: ${err.detail}`, { kind: err.kind });
    throw err;
  }
}

import { z } from "zod";
import { listPosts } from "../../domain/posts/list-posts.ts";
import { postHistory, syncStatus } from "../../domain/posts/post-history.ts";
import { listPostsQuery } from "../../domain/posts/posts.schema.ts";
import { enqueueSync } from "../../domain/posts/sync-queue.ts";
import { sql } from "../../db.ts";
import { notFound } from "../../errors.ts";
import { router, workspaceProcedure } from "../init.ts";

export const analyticsRouter = router({
  list: workspaceProcedure.input(listPostsQuery).query(({ ctx, input }) => listPosts(ctx.scope, input)),
  history: workspaceProcedure
    .input(z.object({ accountId: z.uuid(), postId: z.string().min(1) }))
    .query(({ ctx, input }) => postHistory(ctx.scope, input.accountId, input.postId)),
  syncStatus: workspaceProcedure.query(({ ctx }) => syncStatus(ctx.scope)),
  /** "Sync now": the only live refresh, queued for the worker (one per account at a time) */
  syncNow: workspaceProcedure.input(z.object({ accountId: z.uuid() })).mutation(async ({ ctx, input }) => {
    const [own] = await sql("account-in-workspace", `SELECT 1 FROM "ConnectedAccount" WHERE id = $1 AND "workspaceId" = $2`, [
      input.accountId,
      ctx.scope.workspaceId,
    ]);
    if (!own) throw notFound("Account");
    await enqueueSync(input.accountId);
    return { queued: true };
  }),
});

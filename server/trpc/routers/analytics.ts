import { z } from "zod";
import { deletePublishedPost } from "../../domain/posts/delete-post.ts";
import { listPosts } from "../../domain/posts/list-posts.ts";
import { postHistory, requestSync, syncStatus } from "../../domain/posts/post-history.ts";
import { listPostsQuery } from "../../domain/posts/posts.schema.ts";
import { router, workspaceProcedure } from "../init.ts";

export const analyticsRouter = router({
  list: workspaceProcedure.input(listPostsQuery).query(({ ctx, input }) => listPosts(ctx.scope, input)),
  history: workspaceProcedure
    .input(z.object({ accountId: z.uuid(), postId: z.string().min(1) }))
    .query(({ ctx, input }) => postHistory(ctx.scope, input.accountId, input.postId)),
  syncStatus: workspaceProcedure.query(({ ctx }) => syncStatus(ctx.scope)),
  /** "Sync now": the only live refresh */
  syncNow: workspaceProcedure.input(z.object({ accountId: z.uuid() })).mutation(({ ctx, input }) => requestSync(ctx.scope, input.accountId)),
  /** deletes a published post on its platform (Bluesky and Mastodon) */
  deletePost: workspaceProcedure
    .input(z.object({ accountId: z.uuid(), postId: z.string().min(1).max(200) }))
    .mutation(({ ctx, input }) => deletePublishedPost(ctx.scope, input)),
});

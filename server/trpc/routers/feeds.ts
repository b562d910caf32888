import { z } from "zod";
import { createFeedBody } from "../../domain/feeds/feeds.schema.ts";
import { createFeed, deleteFeed, getFeed, listFeeds } from "../../domain/feeds/manage-feeds.ts";
import { pollFeedNow } from "../../domain/feeds/poll-feeds.ts";
import { router, workspaceProcedure } from "../init.ts";

const id = z.object({ id: z.uuid() });

export const feedsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listFeeds(ctx.scope)),
  get: workspaceProcedure.input(id).query(({ ctx, input }) => getFeed(ctx.scope, input.id)),
  create: workspaceProcedure.input(createFeedBody).mutation(({ ctx, input }) => createFeed(ctx.scope, input)),
  fetchNow: workspaceProcedure.input(id).mutation(({ ctx, input }) => pollFeedNow(ctx.scope, input.id)),
  delete: workspaceProcedure.input(id).mutation(({ ctx, input }) => deleteFeed(ctx.scope, input.id)),
});

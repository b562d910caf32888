import { getPublishJob } from "../../domain/publishing/get-publish-job.ts";
import { listJobsQuery, listPublishJobs } from "../../domain/publishing/list-publish-jobs.ts";
import { publishBody, jobIdParams } from "../../domain/publishing/publishing.schema.ts";
import { publishPosts } from "../../domain/publishing/publish-posts.ts";
import { createPostGroup } from "../../domain/post-groups/create-post-group.ts";
import { getPostGroup } from "../../domain/post-groups/get-post-group.ts";
import { postGroupBody, postGroupIdParams } from "../../domain/post-groups/post-groups.schema.ts";
import { validatePostGroup } from "../../domain/post-groups/validate-post-group.ts";
import { router, workspaceProcedure } from "../init.ts";

export const postsRouter = router({
  /** the composer's publish: the same operation as POST /api/v1/posts */
  publish: workspaceProcedure.input(publishBody).mutation(async ({ ctx, input }) => {
    const { body, ...outcome } = await publishPosts(ctx.scope, input);
    return { ...body, ...outcome };
  }),
  /** the composer's one composition to many accounts: the same operation as POST /api/v1/post-groups */
  publishGroup: workspaceProcedure.input(postGroupBody).mutation(async ({ ctx, input }) => {
    const { body, ...outcome } = await createPostGroup(ctx.scope, input);
    return { ...body, ...outcome };
  }),
  /** the composer's check before sending: the dry run of publishGroup (POST /api/v1/post-groups/validate) */
  validateGroup: workspaceProcedure.input(postGroupBody).mutation(({ ctx, input }) => validatePostGroup(ctx.scope, input)),
  group: workspaceProcedure.input(postGroupIdParams).query(({ ctx, input }) => getPostGroup(ctx.scope, input.id)),
});

export const jobsRouter = router({
  list: workspaceProcedure.input(listJobsQuery).query(({ ctx, input }) => listPublishJobs(ctx.scope, input)),
  get: workspaceProcedure.input(jobIdParams).query(({ ctx, input }) => getPublishJob(ctx.scope, input.id)),
});

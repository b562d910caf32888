import { z } from "zod";
import { providerSchema } from "../../domain/accounts/accounts.schema.ts";
import { cancelPostGroup, movePostGroup } from "../../domain/post-groups/change-post-group.ts";
import { editPostGroup } from "../../domain/post-groups/edit-post-group.ts";
import { editPostGroupBody, movePostGroupBody, postGroupIdParams } from "../../domain/post-groups/post-groups.schema.ts";
import { calendarEntries, calendarQuery, unscheduledDrafts } from "../../domain/scheduling/calendar-entries.ts";
import { cancelScheduledPost } from "../../domain/scheduling/cancel-scheduled-post.ts";
import { editScheduledPost } from "../../domain/scheduling/edit-scheduled-post.ts";
import { moveScheduledPost } from "../../domain/scheduling/move-scheduled-post.ts";
import { schedulePosts } from "../../domain/scheduling/schedule-posts.ts";
import { editScheduledPostBody, scheduleBody, timezoneSchema } from "../../domain/scheduling/scheduling.schema.ts";
import { router, workspaceProcedure } from "../init.ts";

export const schedulesRouter = router({
  /** the composer's "Schedule": the same operation as POST /api/v1/scheduled-posts */
  create: workspaceProcedure.input(scheduleBody).mutation(async ({ ctx, input }) => {
    const { body, ...outcome } = await schedulePosts(ctx.scope, input);
    return { ...body, ...outcome };
  }),
  calendar: workspaceProcedure.input(calendarQuery).query(({ ctx, input }) => calendarEntries(ctx.scope, input)),
  unscheduledDrafts: workspaceProcedure.query(({ ctx }) => unscheduledDrafts(ctx.scope)),
  cancel: workspaceProcedure
    .input(z.object({ scheduledPostId: z.uuid(), platform: providerSchema }))
    .mutation(({ ctx, input }) => cancelScheduledPost(ctx.scope, input.scheduledPostId, input.platform)),
  edit: workspaceProcedure
    .input(z.object({ scheduledPostId: z.uuid(), edit: editScheduledPostBody }))
    .mutation(({ ctx, input }) => editScheduledPost(ctx.scope, input.scheduledPostId, input.edit)),
  move: workspaceProcedure
    .input(z.object({ scheduledPostId: z.uuid(), scheduledAt: z.iso.datetime({ offset: true }), timezone: timezoneSchema.optional() }))
    .mutation(async ({ ctx, input }) => {
      const job = await moveScheduledPost(ctx.scope, input.scheduledPostId, new Date(input.scheduledAt), input.timezone ?? null);
      return { scheduledAt: job.scheduledAt!.toISOString() };
    }),
  /** the calendar's "move all": the same operation as POST /api/v1/post-groups/{id}/move */
  moveGroup: workspaceProcedure
    .input(movePostGroupBody.safeExtend({ postGroupId: postGroupIdParams.shape.id }))
    .mutation(({ ctx, input }) => movePostGroup(ctx.scope, input.postGroupId, new Date(input.scheduledAt), input.timezone ?? null, "dashboard")),
  /** the calendar's "cancel all": the same operation as POST /api/v1/post-groups/{id}/cancel */
  cancelGroup: workspaceProcedure
    .input(z.object({ postGroupId: postGroupIdParams.shape.id }))
    .mutation(({ ctx, input }) => cancelPostGroup(ctx.scope, input.postGroupId)),
  /** a recurring or evergreen group's words or evergreen mark: the same operation as PATCH /api/v1/post-groups/{id} */
  editGroup: workspaceProcedure
    .input(editPostGroupBody.safeExtend({ postGroupId: postGroupIdParams.shape.id }))
    .mutation(({ ctx, input: { postGroupId, ...edit } }) => editPostGroup(ctx.scope, postGroupId, edit)),
});

import { z } from "zod";
import { cancelScheduledPost } from "../../domain/scheduling/cancel-scheduled-post.ts";
import { editScheduledPost } from "../../domain/scheduling/edit-scheduled-post.ts";
import { listScheduledPosts } from "../../domain/scheduling/list-scheduled-posts.ts";
import { schedulePosts } from "../../domain/scheduling/schedule-posts.ts";
import {
  cancelQuery,
  cancelResponseSchema,
  editedScheduledPostSchema,
  editScheduledPostBody,
  listScheduledQuery,
  scheduleBody,
  scheduledPostListSchema,
  scheduledPostParams,
  scheduleResponseSchema,
} from "../../domain/scheduling/scheduling.schema.ts";
import { writeOutcomeShape } from "../../domain/publishing/publishing.schema.ts";
import { defineTool } from "../tool.ts";
import { modeRules } from "./publishing.ts";

export const schedulePostTool = defineTool({
  name: "schedule_post",
  title: "Schedule a post",
  scope: "posts:write",
  description: [
    "Schedules a post: the arguments of publish_post plus scheduledAt (ISO 8601 with an offset or Z, in the future) and an optional IANA timezone (for display).",
    modeRules,
    "Every rule is checked now, and every account needs capabilities.schedulePosts. The result has scheduledPostIds (for cancel_scheduled_post) and, for media, a jobId (for get_publish_status) with status scheduled.",
  ].join(" "),
  input: scheduleBody,
  output: scheduleResponseSchema.extend(writeOutcomeShape),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (scope, input) => {
    const { body, ...outcome } = await schedulePosts(scope, input);
    return { ...body, ...outcome };
  },
});

export const listScheduledPostsTool = defineTool({
  name: "list_scheduled_posts",
  title: "List scheduled posts",
  scope: "posts:read",
  description:
    "Scheduled posts of the workspace, soonest first, in every status (a published one keeps its postId and permalink): filter by provider and status; limit 1 to 100 (default 20), offset. Posts published immediately are not listed.",
  input: listScheduledQuery,
  output: scheduledPostListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => listScheduledPosts(scope, input),
});

export const cancelScheduledPostTool = defineTool({
  name: "cancel_scheduled_post",
  title: "Cancel a scheduled post",
  scope: "posts:write",
  description:
    "Cancels a scheduled post whose publishing has not started: scheduledPostId from schedule_post or list_scheduled_posts, platform its provider. Answers { canceled: 1 }; its job becomes canceled. Once publishing has started, or when it is already canceled or published: POST_NOT_CANCELLABLE and nothing changes. Never deletes anything already on a platform.",
  input: z.strictObject({
    scheduledPostId: scheduledPostParams.shape.id.meta({ description: "A scheduledPostId of schedule_post or list_scheduled_posts" }),
    platform: cancelQuery.shape.platform,
  }),
  output: cancelResponseSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: (scope, input) => cancelScheduledPost(scope, input.scheduledPostId, input.platform),
});

export const editScheduledPostTool = defineTool({
  name: "edit_scheduled_post",
  title: "Edit a scheduled post's text",
  scope: "posts:write",
  description:
    "Replaces the words of a scheduled post whose publishing has not started: text is the first post (threads, x, linkedin), the caption (tiktok), the message (facebook) or the description (youtube); title is youtube's title. The platform's limits apply (VALIDATION_ERROR at text or title); the x link rule does not. Media, account and time stay. Instagram schedules cannot be edited (CONFLICT); once publishing has started, or for a canceled or published post: POST_NOT_CANCELLABLE.",
  input: editScheduledPostBody.safeExtend({
    scheduledPostId: scheduledPostParams.shape.id.meta({ description: "A scheduledPostId of schedule_post or list_scheduled_posts" }),
  }),
  output: editedScheduledPostSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (scope, { scheduledPostId, ...edit }) => editScheduledPost(scope, scheduledPostId, edit),
});

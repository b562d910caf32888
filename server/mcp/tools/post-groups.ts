import { z } from "zod";
import { createPostGroup } from "../../domain/post-groups/create-post-group.ts";
import { cancelPostGroup, movePostGroup } from "../../domain/post-groups/change-post-group.ts";
import { editPostGroup } from "../../domain/post-groups/edit-post-group.ts";
import { getPostGroup } from "../../domain/post-groups/get-post-group.ts";
import {
  editPostGroupBody,
  movePostGroupBody,
  postGroupAcceptedSchema,
  postGroupBody,
  postGroupCanceledSchema,
  postGroupIdParams,
  postGroupMovedSchema,
  postGroupSchema,
} from "../../domain/post-groups/post-groups.schema.ts";
import { writeOutcomeShape } from "../../domain/publishing/publishing.schema.ts";
import { defineTool } from "../tool.ts";

const postGroupId = postGroupIdParams.shape.id.meta({ description: "The postGroupId of a publish_post_group result" });

export const publishPostGroupTool = defineTool({
  name: "publish_post_group",
  scope: "posts:write",
  title: "Publish one post to several accounts",
  description: [
    "Publishes (or, with scheduledAt in the future, schedules; or, with queue: true, adds to each account's queue, each target taking its account's next free posting slot, see get_next_slot) one composition to 1 to 50 accounts of any platforms: content { text, thread?, media? [{ mediaId, altText? }], firstComment? } and targets [{ accountId, content? (this account's overrides), instagram? { contentType }, facebook? { contentType }, youtube? { title, privacyStatus }, tiktok? { privacyLevel } }].",
    "The text is each platform's caption, message, description or first post; x drops links from it. Media on x: up to 4 JPEG images or one video; threads: 1 item or a carousel of 2 to 20; linkedin: one image, 2 to 20 images or one video.",
    "firstComment is posted right after each post (not for youtube or tiktok: set that target's content.firstComment to null).",
    "Every target is checked first: an invalid one fails the whole call (issue paths like targets[2].youtube.title) and nothing is created.",
    "repeat: { rrule } makes it recurring (an RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;COUNT=8, in timezone, from scheduledAt or now): each occurrence is a scheduled post of its own; X refuses the same text twice (a warning says so, and such an occurrence fails as DUPLICATE_CONTENT). evergreen: true publishes it again into free queue slots of accounts whose posting schedule has evergreen on.",
    "Each target becomes a job: poll get_post_group with the postGroupId (or get_publish_status with a jobId). requestId is a fresh UUID per group, kept when retrying: the same requestId and input answers the same group (replay true), other input fails with REQUEST_CONFLICT.",
  ].join(" "),
  input: postGroupBody,
  output: postGroupAcceptedSchema.extend(writeOutcomeShape),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run: async (scope, input) => {
    const { body, ...outcome } = await createPostGroup(scope, input);
    return { ...body, ...outcome };
  },
});

export const getPostGroupTool = defineTool({
  name: "get_post_group",
  scope: "posts:read",
  title: "Get a post group's status",
  description:
    "A post group by its postGroupId (from publish_post_group): each target's job (status, postId, permalink, error, firstComment) and the group's status: scheduled, processing, then published, partial (some published) or failed. The workspace is the group's. Poll every few seconds until it is no longer processing.",
  input: z.strictObject({ postGroupId }),
  output: postGroupSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getPostGroup(scope, input.postGroupId),
});

export const movePostGroupTool = defineTool({
  name: "move_post_group",
  scope: "posts:write",
  title: "Move a scheduled post group",
  description:
    "Gives every target of a scheduled post group that is still waiting for its time a new scheduledAt (ISO 8601 with an offset or Z, in the future) and optional IANA timezone; content and accounts stay. Instagram targets keep their time (their time changes in the dashboard only). A target already publishing or finished is left as it is (changed false in the answer). CONFLICT when no target could move.",
  input: movePostGroupBody.safeExtend({ postGroupId }),
  output: postGroupMovedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (scope, input) => movePostGroup(scope, input.postGroupId, new Date(input.scheduledAt), input.timezone ?? null, "api"),
});

export const editPostGroupTool = defineTool({
  name: "edit_post_group",
  scope: "posts:write",
  title: "Edit a recurring or evergreen post group",
  description:
    "For a recurring (repeat) or evergreen group: text (and title for youtube) replaces what every later occurrence or refill publishes and the words of each one already scheduled that was not edited alone; evergreen true or false turns its refills on or off (true also turns a published one-time group evergreen). A one-time group's words: CONFLICT (edit its scheduled posts one by one). Skip one occurrence by canceling its scheduled post; end a series with cancel_post_group.",
  input: editPostGroupBody.safeExtend({ postGroupId }),
  output: postGroupSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (scope, { postGroupId: id, ...edit }) => editPostGroup(scope, id, edit),
});

export const cancelPostGroupTool = defineTool({
  name: "cancel_post_group",
  scope: "posts:write",
  title: "Cancel a scheduled post group",
  description:
    "Cancels every target of a scheduled post group whose publishing has not started (a recurring group: every waiting occurrence, and the series ends; an evergreen group stops coming back); a target already publishing or finished is left as it is (changed false in the answer). POST_NOT_CANCELLABLE when no target could be canceled. Never deletes anything already on a platform.",
  input: z.strictObject({ postGroupId }),
  output: postGroupCanceledSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: (scope, input) => cancelPostGroup(scope, input.postGroupId),
});

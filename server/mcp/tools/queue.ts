// The queue's tools (issue 49): posting slots per account, the next free slot, the queue and its
// order. Adding to the queue is publish_post_group with queue: true.
import { z } from "zod";
import { getPostingSchedule, putPostingSchedule } from "../../domain/queue/posting-schedule.ts";
import { getNextSlot, getQueue, moveQueueItem, publishNextNow, shuffleQueue } from "../../domain/queue/queue-items.ts";
import {
  moveQueueItemBody,
  nextSlotSchema,
  postingScheduleBody,
  postingScheduleSchema,
  queueQuery,
  queueSchema,
  publishNextBody,
  shuffleQueueBody,
} from "../../domain/queue/queue.schema.ts";
import { defineTool } from "../tool.ts";

const accountId = z.uuid().meta({ description: "An accountId from list_accounts" });

export const getPostingScheduleTool = defineTool({
  name: "get_posting_schedule",
  scope: "posts:read",
  title: "Get an account's posting slots",
  description:
    'An account\'s weekly posting slots ({ day: "mon"…"sun", time: "HH:MM" } in an IANA timezone) and whether its queue is paused. No schedule: timezone "UTC", no slots.',
  input: z.strictObject({ accountId }),
  output: postingScheduleSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getPostingSchedule(scope, input.accountId),
});

export const setPostingScheduleTool = defineTool({
  name: "set_posting_schedule",
  scope: "posts:write",
  title: "Set an account's posting slots",
  description:
    "Replaces an account's posting schedule: timezone (IANA), slots [{ day, time }] (24-hour wall-clock times; duplicates merged) and paused. Queued posts are never lost nor published early: they flow in order into the next free slots of the new schedule; paused true holds them until resumed.",
  input: postingScheduleBody.omit({ accountId: true }).safeExtend({ accountId }),
  output: postingScheduleSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (scope, { accountId: id, ...body }) => putPostingSchedule(scope, id, body),
});

export const getNextSlotTool = defineTool({
  name: "get_next_slot",
  scope: "posts:read",
  title: "Get an account's next free slot",
  description: "When the account's next queued post would publish: its next slot after now that no post holds (slotAt, UTC); null without slots.",
  input: z.strictObject({ accountId }),
  output: nextSlotSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getNextSlot(scope, input.accountId),
});

export const getQueueTool = defineTool({
  name: "get_queue",
  scope: "posts:read",
  title: "Get an account's queue",
  description:
    "An account's queued posts still waiting, in time order: position (1 publishes first), scheduledPostId, jobId, postGroupId, provider, scheduledAt and text. Each is a scheduled post (cancel_scheduled_post, edit_scheduled_post apply).",
  input: queueQuery,
  output: queueSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getQueue(scope, input.accountId),
});

export const moveQueueItemTool = defineTool({
  name: "move_queue_item",
  scope: "posts:write",
  title: "Move a queued post",
  description:
    "Moves a queued post (its scheduledPostId) to a position of its account's queue (1 is next); the slot times stay and the posts shift. Answers the queue.",
  input: moveQueueItemBody,
  output: queueSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (scope, input) => moveQueueItem(scope, input.scheduledPostId, input.position),
});

export const shuffleQueueTool = defineTool({
  name: "shuffle_queue",
  scope: "posts:write",
  title: "Shuffle an account's queue",
  description: "Puts an account's queued posts in a random order; the slot times stay. Answers the queue.",
  input: shuffleQueueBody,
  output: queueSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (scope, input) => shuffleQueue(scope, input.accountId),
});

export const publishNextInQueueTool = defineTool({
  name: "publish_next_in_queue",
  scope: "posts:write",
  title: "Post an account's next queued post now",
  description:
    "The account's first queued post leaves the queue and publishes now (follow its jobId with get_publish_status); the others move up into the earlier slot times. Answers the queue afterwards. CONFLICT when the queue is empty.",
  input: publishNextBody,
  output: queueSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (scope, input) => publishNextNow(scope, input.accountId),
});

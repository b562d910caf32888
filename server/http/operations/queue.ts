import {
  accountIdParams,
  moveQueueItemBody,
  nextSlotSchema,
  postingScheduleBody,
  postingScheduleSchema,
  queueQuery,
  queueSchema,
  publishNextBody,
  shuffleQueueBody,
} from "../../domain/queue/queue.schema.ts";
import { defineOperation } from "../operation.ts";

const ids = {
  account: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
  scheduledPost: "2c7d9e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
  job: "c1e2d3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  group: "5b9e2c1d-3f4a-4b6c-8d7e-9f0a1b2c3d4e",
};

const scheduleExample = {
  accountId: ids.account,
  timezone: "Europe/Berlin",
  slots: [
    { day: "mon", time: "09:00" },
    { day: "mon", time: "17:00" },
    { day: "tue", time: "09:00" },
  ],
  paused: false,
  evergreen: { minIntervalDays: 30 },
};

const queueExample = {
  items: [
    {
      position: 1,
      scheduledPostId: ids.scheduledPost,
      jobId: ids.job,
      postGroupId: ids.group,
      accountId: ids.account,
      provider: "x",
      scheduledAt: "2026-12-07T08:00:00.000Z",
      text: "Our spring collection is here",
    },
  ],
  recurring: [],
};

export const getPostingScheduleOp = defineOperation({
  operationId: "getPostingSchedule",
  method: "GET",
  path: "/api/v1/accounts/{id}/posting-schedule",
  tag: "Queue",
  scope: "posts:read",
  summary: "Get an account's posting schedule",
  description:
    'The account\'s weekly posting slots: wall-clock times (`HH:MM`, 24-hour) on days of the week in an IANA time zone, and whether its queue is paused. An account without a schedule answers `timezone: "UTC"`, no slots, not paused.',
  params: accountIdParams,
  responses: { 200: { description: "The schedule", schema: postingScheduleSchema, example: scheduleExample } },
  errors: ["NOT_FOUND"],
});

export const putPostingScheduleOp = defineOperation({
  operationId: "putPostingSchedule",
  method: "PUT",
  path: "/api/v1/accounts/{id}/posting-schedule",
  tag: "Queue",
  scope: "posts:write",
  summary: "Set an account's posting schedule",
  description: [
    "Replaces the account's slots, zone and pause (the body of the GET answer; duplicates are merged). A slot is a wall-clock time: a 09:00 slot is 09:00 local before and after a daylight-saving change; one in a skipped hour happens at the first minute after it, one in a repeated hour happens once.",
    "",
    "Nothing queued is lost or published early: after the change the account's queued posts flow, in their order, into the next free slots from now (slots already past are not used). `paused: true` holds them (nothing of the queue publishes); resuming places them again from the moment of the resume. `evergreen: { minIntervalDays }` turns evergreen refills on for the account (`null` off, omitted unchanged; see `evergreen` on post groups). **422** naming the field for a zone, day or time that is not valid, or for no slots while queued posts wait and the queue is not paused.",
  ].join("\n"),
  params: accountIdParams,
  body: postingScheduleBody,
  bodyExample: { timezone: "Europe/Berlin", slots: scheduleExample.slots, paused: false, evergreen: { minIntervalDays: 30 } },
  responses: { 200: { description: "The schedule as stored", schema: postingScheduleSchema, example: scheduleExample } },
  errors: ["NOT_FOUND"],
});

export const getNextSlotOp = defineOperation({
  operationId: "getNextSlot",
  method: "GET",
  path: "/api/v1/accounts/{id}/next-slot",
  tag: "Queue",
  scope: "posts:read",
  summary: "The account's next free slot",
  description:
    "The next slot of the account's schedule after now that no post holds (a queued post, or a post scheduled at that minute). `slotAt` is null when the account has no slots.",
  params: accountIdParams,
  responses: { 200: { description: "The next free slot", schema: nextSlotSchema, example: { accountId: ids.account, slotAt: "2026-12-07T08:00:00.000Z" } } },
  errors: ["NOT_FOUND"],
});

export const getQueueOp = defineOperation({
  operationId: "getQueue",
  method: "GET",
  path: "/api/v1/queue",
  tag: "Queue",
  scope: "posts:read",
  summary: "An account's queue",
  description:
    "The account's queued posts still waiting, in time order (`position` 1 publishes first). Each is a scheduled post: listed by `GET /api/v1/scheduled-posts`, canceled with `DELETE /api/v1/scheduled-posts/{id}` and edited as any. Add to the queue with `POST /api/v1/post-groups` and `queue: true`.",
  query: queueQuery,
  responses: { 200: { description: "The queue", schema: queueSchema, example: queueExample } },
  errors: ["NOT_FOUND"],
});

export const moveQueueItemOp = defineOperation({
  operationId: "moveQueueItem",
  method: "POST",
  path: "/api/v1/queue/move",
  tag: "Queue",
  scope: "posts:write",
  summary: "Move a queued post to a position",
  description:
    "Moves the queued post to `position` (1 is next) of its account's queue. The slot times stay where they are; the posts between shift by one. Answers the queue as it is after the move. **409** `CONFLICT` for a scheduled post that is not in a queue (it has an exact time) or whose publishing has started; **422** for a position past the queue's end.",
  body: moveQueueItemBody,
  bodyExample: { scheduledPostId: ids.scheduledPost, position: 1 },
  responses: { 200: { description: "The queue after the move", schema: queueSchema, example: queueExample } },
  errors: ["NOT_FOUND", "CONFLICT"],
});

export const shuffleQueueOp = defineOperation({
  operationId: "shuffleQueue",
  method: "POST",
  path: "/api/v1/queue/shuffle",
  tag: "Queue",
  scope: "posts:write",
  summary: "Shuffle an account's queue",
  description: "Puts the account's queued posts in a random order; the slot times stay where they are. Answers the queue as it is after the shuffle.",
  body: shuffleQueueBody,
  bodyExample: { accountId: ids.account },
  responses: { 200: { description: "The queue after the shuffle", schema: queueSchema, example: queueExample } },
  errors: ["NOT_FOUND"],
});

export const publishNextInQueueOp = defineOperation({
  operationId: "publishNextInQueue",
  method: "POST",
  path: "/api/v1/queue/publish-next",
  tag: "Queue",
  scope: "posts:write",
  summary: "Post the next queued post now",
  description:
    "The account's first queued post leaves the queue and publishes now (its time becomes now; follow it with `GET /api/v1/publish-jobs/{id}`). The posts after it move up into the earlier slot times, so the last slot is freed. Answers the queue as it is afterwards. **409** `CONFLICT` when the queue is empty.",
  body: publishNextBody,
  bodyExample: { accountId: ids.account },
  responses: { 200: { description: "The queue after the first post left it", schema: queueSchema, example: queueExample } },
  errors: ["NOT_FOUND", "CONFLICT"],
});

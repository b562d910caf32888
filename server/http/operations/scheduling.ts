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
import { defineOperation } from "../operation.ts";

const ids = {
  youtubeAccount: "4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a",
  xAccount: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
  scheduledPost: "2c7d9e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
  job: "c1e2d3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
};

export const schedulePostsOp = defineOperation({
  operationId: "schedulePosts",
  method: "POST",
  path: "/api/v1/scheduled-posts",
  tag: "Scheduling",
  scope: "posts:write",
  summary: "Schedule a post",
  description: [
    "The body of `POST /api/v1/posts` plus `scheduledAt` (ISO 8601 with an offset or Z, in the future) and an optional IANA `timezone` (kept for display). Every rule of publishing applies now, at acceptance, including the X link rule (an empty first X post fails the request with 422 and nothing is saved). Every account must have `capabilities.schedulePosts`.",
    "",
    "- **Text** (threads, x, linkedin): **200** with one scheduled post per account (`scheduledPostIds`).",
    "- **Media**: one job, `status: scheduled`, with the same `requestId` idempotency as publishing now (the time is one of the conflict triggers). **youtube** and **instagram** answer **202**, **tiktok** **200**, **facebook** **202** while the job is active and **200** for every terminal replay (`success` false for failed, canceled, unknown). A replay of a published job answers 200; of another unsuccessful job, 502 `JOB_NOT_SUCCESSFUL`.",
    "",
    "An accepted instagram schedule's content, media and account are fixed: only its time may change (in the dashboard) or it may be canceled before publishing starts. A schedule whose time passed while the service was down starts as soon as it is back; the job records how late (`startedLateMs` in the list).",
  ].join("\n"),
  body: scheduleBody,
  bodyExamples: {
    youtube: {
      summary: "A YouTube video tomorrow morning, Berlin time",
      value: {
        accountIds: [ids.youtubeAccount],
        youtube: {
          requestId: "8c3f1a4b-5e6d-4c7f-8a8b-9c0d1e2f3a4b",
          mediaId: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
          title: "Launch walkthrough",
          privacyStatus: "public",
        },
        scheduledAt: "2026-12-01T09:00:00+01:00",
        timezone: "Europe/Berlin",
      },
    },
    textThread: {
      summary: "A thread on X (the link leaves the first post at acceptance)",
      value: {
        accountIds: [ids.xAccount],
        posts: ["Launch day! https://acme.example/launch", "Docs: https://acme.example/docs"],
        scheduledAt: "2026-12-01T08:00:00Z",
      },
    },
  },
  responses: {
    200: {
      description: "Text scheduled (per account), a tiktok schedule, or a replay of a finished job",
      schema: scheduleResponseSchema,
      example: {
        results: [
          {
            accountId: ids.xAccount,
            provider: "x",
            username: "acme",
            success: true,
            scheduledPostIds: [ids.scheduledPost],
            scheduledAt: "2026-12-01T08:00:00.000Z",
          },
        ],
        summary: { succeeded: 1, failed: 0 },
      },
    },
    202: {
      description: "Media schedule accepted (youtube, instagram, facebook)",
      schema: scheduleResponseSchema,
      example: {
        results: [
          {
            accountId: ids.youtubeAccount,
            provider: "youtube",
            username: "acme",
            success: true,
            scheduledPostIds: [ids.scheduledPost],
            scheduledAt: "2026-12-01T08:00:00.000Z",
            jobId: ids.job,
            status: "scheduled",
          },
        ],
        summary: { succeeded: 1, failed: 0 },
      },
    },
  },
  errors: ["NOT_FOUND", "FORBIDDEN", "REQUEST_CONFLICT", "JOB_NOT_SUCCESSFUL", "SERVICE_UNAVAILABLE"],
});

export const listScheduledPostsOp = defineOperation({
  operationId: "listScheduledPosts",
  method: "GET",
  path: "/api/v1/scheduled-posts",
  tag: "Scheduling",
  scope: "posts:read",
  summary: "List scheduled posts",
  description:
    "Scheduled posts of the key's workspace, soonest first, in every status (a published one keeps its `postId` and `permalink`). Filter by `provider` and `status`. Posts published immediately are not listed, nor facebook jobs whose outcome is `unknown`.",
  query: listScheduledQuery,
  responses: {
    200: {
      description: "A page of scheduled posts",
      schema: scheduledPostListSchema,
      example: {
        scheduledPosts: [
          {
            scheduledPostId: ids.scheduledPost,
            jobId: ids.job,
            provider: "youtube",
            accountId: ids.youtubeAccount,
            username: "acme",
            status: "scheduled",
            scheduledAt: "2026-12-01T08:00:00.000Z",
            timezone: "Europe/Berlin",
            summary: "Launch walkthrough",
            postId: null,
            permalink: null,
            sandboxUrl: null,
            startedLateMs: null,
            createdAt: "2026-11-22T09:30:00.000Z",
          },
        ],
        total: 1,
        hasMore: false,
      },
    },
  },
});

export const cancelScheduledPostOp = defineOperation({
  operationId: "cancelScheduledPost",
  method: "DELETE",
  path: "/api/v1/scheduled-posts/{id}",
  tag: "Scheduling",
  scope: "posts:write",
  summary: "Cancel a scheduled post",
  description:
    "`{id}` is a `scheduledPostId`; `platform` must be its platform (otherwise 404). Succeeds while publishing or upload has not started: the job becomes `canceled` and never publishes. Once publishing started, or for a post already canceled or published, 409 `POST_NOT_CANCELLABLE` and nothing changes. Canceling never deletes a published post or video.",
  params: scheduledPostParams,
  query: cancelQuery,
  responses: { 200: { description: "Canceled", schema: cancelResponseSchema, example: { canceled: 1 } } },
  errors: ["NOT_FOUND", "POST_NOT_CANCELLABLE"],
});

export const editScheduledPostOp = defineOperation({
  operationId: "editScheduledPost",
  method: "PATCH",
  path: "/api/v1/scheduled-posts/{id}",
  tag: "Scheduling",
  scope: "posts:write",
  summary: "Edit a scheduled post's text",
  description: [
    "`{id}` is a `scheduledPostId`. Replaces the words of a post whose publishing has not started: `text` is the first post (threads, x, linkedin; the rest of a thread stays), the caption (tiktok), the message (facebook) or the description (youtube); `title` is youtube's title. Media, account, time and options stay.",
    "",
    "The new words meet the limits a new request meets (422 with the issue at `text` or `title`); the X link rule is not applied to edits (SPEC.md), so links in an edited X post stay. **instagram** schedules are fixed once accepted: 409 `CONFLICT`; change their time in the dashboard or cancel them. Once publishing has started, or for a post canceled or published, 409 `POST_NOT_CANCELLABLE` and nothing changes: the edit and the start are both conditional updates of the job, so exactly one wins.",
  ].join("\n"),
  params: scheduledPostParams,
  body: editScheduledPostBody,
  bodyExample: { text: "Launch day, now with the date: 1 December" },
  responses: {
    200: {
      description: "Edited",
      schema: editedScheduledPostSchema,
      example: {
        scheduledPostId: ids.scheduledPost,
        jobId: ids.job,
        provider: "x",
        status: "scheduled",
        text: "Launch day, now with the date: 1 December",
        title: null,
        summary: "Launch day, now with the date: 1 December",
      },
    },
  },
  errors: ["NOT_FOUND", "CONFLICT", "POST_NOT_CANCELLABLE"],
});

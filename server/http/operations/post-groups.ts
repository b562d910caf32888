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
import { defineOperation } from "../operation.ts";

const example = {
  requestId: "0f6c2a4e-8b1d-4e3f-9a7c-2d5e8f1a3b6c",
  content: {
    text: "Our spring collection is here. Details: https://acme.example/spring",
    media: [{ mediaId: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d", altText: "Three jackets on a rail" }],
    firstComment: "Shop it at https://acme.example/spring",
  },
  targets: [
    { accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11" },
    { accountId: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", instagram: { contentType: "FEED" } },
    { accountId: "6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c", facebook: { contentType: "FEED" }, content: { firstComment: null } },
  ],
};

export const createPostGroupOp = defineOperation({
  operationId: "createPostGroup",
  method: "POST",
  path: "/api/v1/post-groups",
  tag: "Publishing",
  scope: "posts:write",
  summary: "Publish or schedule one composition to several accounts",
  description: [
    "One composition (`content`: text, an optional thread, media, a first comment) to 1–50 accounts of any platforms; a target's `content` replaces the group's fields of the same name for that account. Each target is a durable publish job (threads, x and linkedin too), followed at `GET /api/v1/publish-jobs/{jobId}`; a scheduled group's jobs are listed in `GET /api/v1/scheduled-posts` and canceled one by one with `DELETE /api/v1/scheduled-posts/{scheduledPostId}` or all at once with `POST /api/v1/post-groups/{id}/cancel` (moved with `/move`).",
    "",
    "- The text is each platform's caption, message, description or first post; x drops links from it (the X link rule); each platform's limit applies to its own text. Where a content type takes no text (instagram `STORIES`, facebook `STORY`) it is not sent and the target carries a warning.",
    "- Per-platform objects take SPEC.md's mode options without `requestId`, media or text: `instagram { contentType, shareToFeed? }`, `facebook { contentType }`, `youtube { title, privacyStatus, madeForKids? }`, `tiktok { privacyLevel, … }`; the target's account decides which one is required.",
    "- Media on x: up to 4 JPEG images (alt text allowed) or exactly one MP4/MOV video, 0.5–140 s; threads: one image or video, or a carousel of 2–20; linkedin: one image, 2–20 images, or one MP4 video, 3 s–30 min.",
    "- `firstComment` is posted right after the post (x and threads: a reply; linkedin, instagram, facebook: a comment), never twice; its failure does not fail the post (the job shows `firstComment`). youtube and tiktok take none: 422.",
    "",
    "Every target is checked before any is accepted: one invalid target answers 422 with issue paths such as `targets[2].youtube.title` or `targets[0].content.media`, and nothing is created. **202** when accepted. Idempotency: the same `requestId` with the same body answers the same group (**200**, the jobs as they are now); with another body **409** `REQUEST_CONFLICT`; concurrent duplicates make one group.",
  ].join("\n"),
  body: postGroupBody,
  bodyExample: example,
  responses: {
    202: {
      description: "Accepted: one job per target",
      schema: postGroupAcceptedSchema,
      example: {
        postGroupId: "5b9e2c1d-3f4a-4b6c-8d7e-9f0a1b2c3d4e",
        targets: [
          {
            accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
            provider: "x",
            jobId: "c1e2d3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
            scheduledPostId: null,
            status: "queued",
          },
        ],
      },
    },
    200: { description: "A replay: the group of this requestId, its jobs as they are now", schema: postGroupAcceptedSchema },
  },
  errors: ["NOT_FOUND", "FORBIDDEN", "REQUEST_CONFLICT", "SERVICE_UNAVAILABLE"],
});

export const getPostGroupOp = defineOperation({
  operationId: "getPostGroup",
  method: "GET",
  path: "/api/v1/post-groups/{id}",
  tag: "Publishing",
  scope: "posts:read",
  summary: "Get a post group",
  description:
    "The group and each target's job: status, postId, permalink, error and firstComment, as `GET /api/v1/publish-jobs/{id}` shows them, and an overall `status` (scheduled, processing, published, partial, failed or canceled).",
  params: postGroupIdParams,
  responses: { 200: { description: "The group", schema: postGroupSchema } },
});

export const editPostGroupOp = defineOperation({
  operationId: "editPostGroup",
  method: "PATCH",
  path: "/api/v1/post-groups/{id}",
  tag: "Scheduling",
  scope: "posts:write",
  summary: "Edit a recurring or evergreen group as a whole",
  description: [
    "For a group with `repeat` or `evergreen`: `text` (and `title` for youtube) replaces what every later occurrence or refill publishes, and the words of each one already scheduled that was not edited alone (`PATCH /api/v1/scheduled-posts/{id}` edits one). The words meet the limits of a single post's edit (422 at `text` or `title`); instagram targets keep theirs.",
    "",
    "`evergreen: true` turns a published group into an evergreen one (each account publishes again what it published), `false` stops its refills. A one-time group's words are edited post by post: 409 `CONFLICT`. Skip one occurrence with `DELETE /api/v1/scheduled-posts/{id}`; end a series with `POST /api/v1/post-groups/{id}/cancel`.",
  ].join("\n"),
  params: postGroupIdParams,
  body: editPostGroupBody,
  bodyExample: { text: "Monday tip: plan the week on Sunday evening" },
  responses: { 200: { description: "The group as it is now", schema: postGroupSchema } },
  errors: ["NOT_FOUND", "CONFLICT"],
});

const changedExample = (changed: boolean, status: string) => ({
  postGroupId: "5b9e2c1d-3f4a-4b6c-8d7e-9f0a1b2c3d4e",
  targets: [
    {
      accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
      provider: "x",
      jobId: "c1e2d3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      scheduledPostId: "7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a",
      status,
      changed,
    },
    {
      accountId: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      provider: "instagram",
      jobId: "d2e3f4a5-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
      scheduledPostId: "8e9f0a1b-2c3d-4e4f-9a5b-6c7d8e9f0a1b",
      status: "processing",
      changed: false,
    },
  ],
});

export const movePostGroupOp = defineOperation({
  operationId: "movePostGroup",
  method: "POST",
  path: "/api/v1/post-groups/{id}/move",
  tag: "Scheduling",
  scope: "posts:write",
  summary: "Move a scheduled post group to a new time",
  description:
    "Every target of the group still waiting for its time (status `scheduled`) gets `scheduledAt` (and `timezone`, when given); content, media and accounts stay. An **instagram** target keeps its time (`changed: false` with a `note`): SPEC.md has an instagram schedule's time changed in the dashboard, not through this API. A target whose publishing has started, or that is published, failed or canceled, is left as it is and answered with `changed: false`: the move and a worker's start are both conditional updates of the job, so exactly one wins. One target alone moves in the dashboard's calendar. **409** `CONFLICT` when no target could move (every one started or finished, or the group was published at once); **422** for a time not in the future.",
  params: postGroupIdParams,
  body: movePostGroupBody,
  bodyExample: { scheduledAt: "2026-12-01T09:00:00+01:00", timezone: "Europe/Berlin" },
  responses: {
    200: {
      description: "Moved: every target as it is now",
      schema: postGroupMovedSchema,
      example: { ...changedExample(true, "scheduled"), moved: 1, scheduledAt: "2026-12-01T08:00:00.000Z" },
    },
  },
  errors: ["NOT_FOUND", "CONFLICT"],
});

export const cancelPostGroupOp = defineOperation({
  operationId: "cancelPostGroup",
  method: "POST",
  path: "/api/v1/post-groups/{id}/cancel",
  tag: "Scheduling",
  scope: "posts:write",
  summary: "Cancel every scheduled post of a group",
  description:
    "Cancels each target of a scheduled group whose publishing or upload has not started, as `DELETE /api/v1/scheduled-posts/{id}` does for one: its job becomes `canceled` and never publishes. A recurring group's series ends (every occurrence waiting is canceled, and `canceled` counts them; none is added later), and an evergreen group stops coming back. A target already publishing, published, failed or canceled is left as it is and answered with `changed: false` (the cancel and a worker's start are both conditional updates of the job, so exactly one wins). Canceling never deletes anything already on a platform. **409** `POST_NOT_CANCELLABLE` when no target could be canceled.",
  params: postGroupIdParams,
  responses: {
    200: { description: "Canceled: every target as it is now", schema: postGroupCanceledSchema, example: { ...changedExample(true, "canceled"), canceled: 1 } },
  },
  errors: ["NOT_FOUND", "POST_NOT_CANCELLABLE"],
});

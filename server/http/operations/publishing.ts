import { jobIdParams, publishBody, publishJobSchema, publishResponseSchema } from "../../domain/publishing/publishing.schema.ts";
import { defineOperation } from "../operation.ts";

export const publishPostsOp = defineOperation({
  operationId: "publishPosts",
  method: "POST",
  path: "/api/v1/posts",
  tag: "Publishing",
  scope: "posts:write",
  summary: "Publish text, or submit a media publishing job",
  description: [
    "The mode is decided by the accounts' providers and the fields present:",
    "",
    "- **text** (`threads`, `x`, `linkedin`): `accountIds` (several allowed) and `posts`. Several posts form a thread on threads and x; linkedin takes a single post. Published now: **200** with a result per account (a failure on one account does not stop the others; inspect each result when `summary.failed` > 0). Limits: X 280 weighted characters (as X counts: URLs 23, emoji 2), Threads 500, LinkedIn 3,000.",
    "- **X link rule**: for x accounts, links (`http://`, `https://`, `www.` and bare domains, with any path, query or fragment) are removed from `posts[0]` before publishing; replies and other platforms keep the original text. If `posts[0]` is empty after removal the whole request fails with 422 and no account publishes.",
    "- **tiktok**: one account, `posts` with exactly one caption (≤ 2,200 UTF-16 code units) and `video`.",
    "- **instagram**, **youtube**, **facebook**: exactly one account and the matching object only.",
    "",
    "Media modes answer **202**: the job is accepted (`success` true means accepted) and runs asynchronously; poll `GET /api/v1/publish-jobs/{jobId}`. Idempotency: `requestId` per operation; the same `requestId` with unchanged input answers the existing job (202 while active, 200 once published); with different input, 409 `REQUEST_CONFLICT`. A replay of a job that ended `failed`, `canceled` or `unknown` answers 502 `JOB_NOT_SUCCESSFUL`, except on facebook: 200 with `success` false. New facebook jobs answer 503 while the public-write rollout is off.",
  ].join("\n"),
  body: publishBody,
  bodyExamples: {
    textThread: {
      summary: "A thread on X and Threads (X drops the link from the first post)",
      value: {
        accountIds: ["0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11", "5e0c7a3b-2f41-4d8a-9b6e-7c1d2e3f4a5b"],
        posts: ["Launch day! Details: https://acme.example/launch", "Docs: https://acme.example/docs", "Thanks for reading."],
      },
    },
    tiktok: {
      summary: "A TikTok video",
      value: {
        accountIds: ["8d456b48-970b-490f-995d-46b9fa8f42fa"],
        posts: ["Launch day #acme"],
        video: {
          mediaId: "3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c",
          requestId: "6a1f9e2d-3c4b-4a5d-8e6f-7a8b9c0d1e2f",
          privacyLevel: "PUBLIC_TO_EVERYONE",
          disableDuet: true,
        },
      },
    },
    instagramCarousel: {
      summary: "An Instagram carousel with alt text",
      value: {
        accountIds: ["1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"],
        instagram: {
          requestId: "7b2e0f3a-4d5c-4b6e-9f7a-8b9c0d1e2f3a",
          contentType: "FEED",
          caption: "Behind the scenes",
          items: [{ mediaId: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d", altText: "The team at the launch" }, { mediaId: "3b4c5d6e-7f8a-4b9c-8d1e-2f3a4b5c6d7e" }],
        },
      },
    },
    youtube: {
      summary: "A YouTube video",
      value: {
        accountIds: ["4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a"],
        youtube: {
          requestId: "8c3f1a4b-5e6d-4c7f-8a8b-9c0d1e2f3a4b",
          mediaId: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
          title: "Launch walkthrough",
          description: "Everything new in five minutes.",
          privacyStatus: "public",
          madeForKids: false,
        },
      },
    },
    facebookReel: {
      summary: "A Facebook Reel",
      value: {
        accountIds: ["6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c"],
        facebook: {
          requestId: "9d4a2b5c-6f7e-4d8a-9b9c-0d1e2f3a4b5c",
          contentType: "REELS",
          message: "Launch in 30 seconds",
          items: [{ mediaId: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d" }],
        },
      },
    },
  },
  responses: {
    200: {
      description: "Text published (per-account results), or a replay of a finished media job",
      schema: publishResponseSchema,
      example: {
        results: [
          {
            accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
            provider: "x",
            username: "acme",
            success: true,
            postIds: ["1861000000000000001", "1861000000000000002"],
            permalinks: ["https://x.com/acme/status/1861000000000000001", "https://x.com/acme/status/1861000000000000002"],
          },
        ],
        summary: { succeeded: 1, failed: 0 },
      },
    },
    202: {
      description: "Media job accepted",
      schema: publishResponseSchema,
      example: {
        results: [
          {
            accountId: "8d456b48-970b-490f-995d-46b9fa8f42fa",
            provider: "tiktok",
            username: "acme",
            success: true,
            postIds: [],
            jobId: "c1e2d3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
            status: "queued",
          },
        ],
        summary: { succeeded: 1, failed: 0 },
      },
    },
  },
  errors: ["NOT_FOUND", "FORBIDDEN", "REQUEST_CONFLICT", "JOB_NOT_SUCCESSFUL", "SERVICE_UNAVAILABLE"],
});

export const getPublishJobOp = defineOperation({
  operationId: "getPublishJob",
  method: "GET",
  path: "/api/v1/publish-jobs/{id}",
  tag: "Publishing",
  scope: "posts:read",
  summary: "Get a publish job",
  description:
    "Status of a media job: `queued` → `processing` → `published` | `failed` | `unknown` (scheduled jobs start `scheduled` and may be `canceled`). `postId` and `permalink` are null until published. A failed job carries `error.code`: ACCOUNT_UNAVAILABLE, MEDIA_UNAVAILABLE, PUBLISH_QUOTA_EXCEEDED, PREPARATION_FAILED or PUBLISH_FAILED; an `unknown` job carries PUBLISH_RESULT_UNKNOWN (the service never resubmits it). Works for existing facebook jobs while the rollout is off.",
  params: jobIdParams,
  responses: {
    200: {
      description: "The job",
      schema: publishJobSchema,
      example: {
        jobId: "c1e2d3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
        scheduledPostId: null,
        platform: "tiktok",
        accountId: "8d456b48-970b-490f-995d-46b9fa8f42fa",
        username: "acme",
        status: "published",
        postId: "7318062734092354862",
        permalink: "https://www.tiktok.com/@acme/video/7318062734092354862",
        sandboxUrl: null,
        scheduledAt: null,
        startedLateMs: null,
      },
    },
  },
});

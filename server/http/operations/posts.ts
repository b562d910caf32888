import { listPostsQuery, postListSchema, repostBody, repostResultSchema } from "../../domain/posts/posts.schema.ts";
import { defineOperation } from "../operation.ts";

export const listPostsOp = defineOperation({
  operationId: "listPosts",
  method: "GET",
  path: "/api/v1/posts",
  tag: "Posts",
  scope: "posts:read",
  summary: "List published posts with their metrics",
  description: [
    "Posts of the key's workspace as last synchronized from the platforms (hourly by default, shortly after each publish, or on demand in the dashboard). A read never calls a platform.",
    "",
    "- **Range**: posts published within the last `rangeDays` days (default 30, up to 3650); the answer repeats the range used. `totalMatched` counts every post matching the filters in that range.",
    "- **Sort**: `recent` (newest first) or `top` (views, then likes, both with unavailable values last, then newest, then id: a stable order).",
    "- **Metrics**: `views`, `likes`, `replies`, `reposts`, `quotes`, `bookmarks`, `shares`; null means the platform does not make the number available, never zero. Instagram impressions are `views`, comments `replies`, saves `bookmarks`; YouTube has `views`, `likes`, `replies` only; Facebook's share count is both `shares` and `reposts`.",
    "- **Sources**: tiktok only for business-developer connections (public video and photo posts with a native id); youtube channel videos; facebook non-deleted Page posts. Posts of disconnected accounts are not listed.",
    "- An `accountId` of another workspace answers 404.",
  ].join("\n"),
  query: listPostsQuery,
  responses: {
    200: {
      description: "A page of posts",
      schema: postListSchema,
      example: {
        posts: [
          {
            postId: "dQw4w9WgXcQ",
            platform: "youtube",
            accountId: "4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a",
            username: "acme",
            content: "Everything new in five minutes.",
            permalink: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            sandboxUrl: null,
            postedAt: "2026-11-20T09:00:00.000Z",
            metrics: { views: 1520, likes: 88, replies: 12, reposts: null, quotes: null, bookmarks: null, shares: null },
            title: "Launch walkthrough",
            mediaType: "VIDEO",
            metricsUpdatedAt: "2026-11-22T08:00:00.000Z",
          },
        ],
        totalMatched: 1,
        rangeDays: 30,
      },
    },
  },
  errors: ["NOT_FOUND"],
});

export const repostOp = defineOperation({
  operationId: "repost",
  method: "POST",
  path: "/api/v1/reposts",
  tag: "Posts",
  scope: "posts:write",
  summary: "Repost a post",
  description:
    "Reposts a post (by its native id) as a threads, x or linkedin account of the workspace whose `capabilities.repostPosts` is true. tiktok, instagram, youtube and facebook have no repost operation: 422 `REPOST_NOT_SUPPORTED`. An account without the permission: 403. Another workspace's account, or a post the platform does not show the account: 404. A platform refusal: 502 `PLATFORM_ERROR`.",
  body: repostBody,
  bodyExample: { accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11", postId: "1861000000000000001" },
  responses: {
    201: {
      description: "Reposted",
      schema: repostResultSchema,
      example: {
        accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
        platform: "x",
        username: "acme",
        postId: "1861000000000000001",
        repostId: "1861000000000000001",
      },
    },
  },
  errors: ["NOT_FOUND", "FORBIDDEN", "REPOST_NOT_SUPPORTED", "PLATFORM_ERROR"],
});

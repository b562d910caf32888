import { listPosts } from "../../domain/posts/list-posts.ts";
import { listPostsQuery, postListSchema, repostBody, repostResultSchema } from "../../domain/posts/posts.schema.ts";
import { repost } from "../../domain/posts/repost.ts";
import { defineTool } from "../tool.ts";

export const listPostsTool = defineTool({
  name: "list_posts",
  title: "List published posts",
  scope: "posts:read",
  description:
    "Published posts of the workspace with their metrics (views, likes, replies, reposts, quotes, bookmarks, shares; null when the platform does not provide the number, never 0), as last synchronized: a read never calls a platform. Filter by provider and accountId; sort recent (newest first) or top (most views, then likes); limit 1 to 100 (default 20); rangeDays 1 to 3650 (default 30).",
  input: listPostsQuery,
  output: postListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => listPosts(scope, input),
});

export const repostTool = defineTool({
  name: "repost",
  title: "Repost a post",
  scope: "posts:write",
  description:
    "Reposts a post by its native postId (from list_posts) as a threads, x or linkedin account of the workspace whose capabilities.repostPosts is true; answers repostId. tiktok, instagram, youtube and facebook have no reposts: REPOST_NOT_SUPPORTED. A platform refusal is PLATFORM_ERROR.",
  input: repostBody,
  output: repostResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (scope, input) => repost(scope, input),
});

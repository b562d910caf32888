import {
  createFeedBody,
  feedDeletedSchema,
  feedDetailSchema,
  feedFetchedSchema,
  feedListSchema,
  feedParams,
  feedSchema,
} from "../../domain/feeds/feeds.schema.ts";
import { defineOperation } from "../operation.ts";

const ids = { feed: "7e1d2c3b-4a5f-4e6d-9c8b-7a6f5e4d3c2b", account: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11" };

const feedExample = {
  feedId: ids.feed,
  url: "https://example.com/blog/feed.xml",
  accountIds: [ids.account],
  mode: "queue",
  template: "New on the blog: {title} {link}",
  createdAt: "2026-11-30T09:00:00.000Z",
  nextFetchAt: "2026-11-30T09:30:00.000Z",
  lastFetch: { at: "2026-11-30T09:15:00.000Z", status: "ok", newItems: 1 },
};

export const createFeedOp = defineOperation({
  operationId: "createFeed",
  method: "POST",
  path: "/api/v1/feeds",
  tag: "Feeds",
  scope: "posts:write",
  summary: "Follow an RSS or Atom feed",
  description: [
    'Each item the feed publishes from now on becomes one draft (`mode: "draft"`) or one post group added to the accounts\' queues (`mode: "queue"`), exactly once (an item is known by its guid, else its link). Items already in the feed when you subscribe are only recorded, never posted.',
    "",
    "The feed is fetched at once and then every `FEED_POLL_MINUTES` (15 by default), with conditional requests (ETag, Last-Modified). The text is the `template` with `{title}`, `{link}`, `{summary}` and `{author}`; when it is too long for an account, the summary and then the title are shortened (at a word, with …); if it still does not fit, the item is recorded as failed with the reason (`GET /api/v1/feeds/{id}`).",
    "",
    "**422** naming the field for a URL that is not http(s) or points at a private address, an account that is not a connected text account of the workspace (x, threads, linkedin, bluesky, mastodon), an account without posting slots in the queue mode, or an unknown placeholder in `template`.",
  ].join("\n"),
  body: createFeedBody,
  bodyExample: { url: feedExample.url, accountIds: [ids.account], mode: "queue", template: feedExample.template },
  responses: { 201: { description: "The feed", schema: feedSchema, example: { ...feedExample, nextFetchAt: feedExample.createdAt, lastFetch: null } } },
});

export const listFeedsOp = defineOperation({
  operationId: "listFeeds",
  method: "GET",
  path: "/api/v1/feeds",
  tag: "Feeds",
  scope: "posts:read",
  summary: "List feeds",
  description: "The workspace's feeds, oldest subscription first, each with its last fetch's outcome and its next fetch.",
  responses: { 200: { description: "Feeds", schema: feedListSchema, example: { feeds: [feedExample] } } },
});

export const getFeedOp = defineOperation({
  operationId: "getFeed",
  method: "GET",
  path: "/api/v1/feeds/{id}",
  tag: "Feeds",
  scope: "posts:read",
  summary: "Read a feed",
  description:
    "The feed, its last fetch's outcome (`ok`, `not_modified` or `error` with the reason), its next fetch, and the 20 items it recorded last with what each became.",
  params: feedParams,
  responses: {
    200: {
      description: "The feed",
      schema: feedDetailSchema,
      example: {
        ...feedExample,
        recentItems: [
          {
            itemKey: "https://example.com/blog/spring",
            title: "Our spring collection",
            link: "https://example.com/blog/spring",
            publishedAt: "2026-11-30T09:10:00.000Z",
            status: "posted",
            draftId: null,
            postGroupId: "5b9e2c1d-3f4a-4b6c-8d7e-9f0a1b2c3d4e",
            error: null,
          },
        ],
      },
    },
  },
  errors: ["NOT_FOUND"],
});

export const fetchFeedOp = defineOperation({
  operationId: "fetchFeed",
  method: "POST",
  path: "/api/v1/feeds/{id}/fetch",
  tag: "Feeds",
  scope: "posts:write",
  summary: "Fetch a feed now",
  description:
    "Fetches the feed at once (conditionally, as every fetch) instead of waiting for `nextFetchAt`, and answers the feed as `GET /api/v1/feeds/{id}` does, with `fetched`: false when a worker was fetching it at that moment (its outcome then shows in a few seconds).",
  params: feedParams,
  responses: { 200: { description: "The feed after the fetch", schema: feedFetchedSchema, example: { ...feedExample, fetched: true, recentItems: [] } } },
  errors: ["NOT_FOUND"],
});

export const deleteFeedOp = defineOperation({
  operationId: "deleteFeed",
  method: "DELETE",
  path: "/api/v1/feeds/{id}",
  tag: "Feeds",
  scope: "posts:write",
  summary: "Stop following a feed",
  description: "The feed is not fetched again. The drafts and post groups it created stay.",
  params: feedParams,
  responses: { 200: { description: "Deleted", schema: feedDeletedSchema, example: { deleted: 1 } } },
  errors: ["NOT_FOUND"],
});

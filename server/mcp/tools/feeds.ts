// Feeds' tools (issue 49): follow an RSS or Atom feed whose new items become drafts or queued
// posts, list the feeds with their last fetch, stop following one.
import { z } from "zod";
import { createFeed, deleteFeed, getFeed, listFeeds } from "../../domain/feeds/manage-feeds.ts";
import { createFeedBody, feedDeletedSchema, feedDetailSchema, feedFetchedSchema, feedListSchema, feedSchema } from "../../domain/feeds/feeds.schema.ts";
import { pollFeedNow } from "../../domain/feeds/poll-feeds.ts";
import { defineTool } from "../tool.ts";

export const addFeedTool = defineTool({
  name: "add_feed",
  scope: "posts:write",
  title: "Follow an RSS or Atom feed",
  description:
    'Each item the feed publishes from now on becomes one draft (mode "draft", the default) or one post group in the accounts\' queues (mode "queue": the accounts need posting slots), exactly once; items already in the feed are only recorded. accountIds: text accounts from list_accounts (x, threads, linkedin, bluesky, mastodon). template: the text, with {title}, {link}, {summary}, {author} (default "{title} {link}"); too long for an account, the summary then the title are shortened. Fetched at once, then every FEED_POLL_MINUTES.',
  input: createFeedBody,
  output: feedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (scope, input) => createFeed(scope, input),
});

export const listFeedsTool = defineTool({
  name: "list_feeds",
  scope: "posts:read",
  title: "List followed feeds",
  description:
    'The workspace\'s feeds: feedId, url, accountIds, mode, template, nextFetchAt and lastFetch ({ at, status: "ok" | "not_modified" | "error", newItems, error }).',
  input: z.strictObject({}),
  output: feedListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope) => listFeeds(scope),
});

export const getFeedTool = defineTool({
  name: "get_feed",
  scope: "posts:read",
  title: "Get a feed and its recent items",
  description:
    "A feed (its feedId from list_feeds) with its last fetch and the 20 items it recorded last: status seen (there before the subscription), pending, posted (draftId or postGroupId) or failed (error says why, e.g. a text too long even shortened).",
  input: z.strictObject({ feedId: z.uuid().meta({ description: "A feedId from list_feeds" }) }),
  output: feedDetailSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getFeed(scope, input.feedId),
});

export const fetchFeedTool = defineTool({
  name: "fetch_feed",
  scope: "posts:write",
  title: "Fetch a feed now",
  description:
    "Fetches a feed (its feedId) now instead of at nextFetchAt; new items become drafts or queued posts as usual. Answers the feed with its recent items; fetched false when a worker was fetching it at that moment.",
  input: z.strictObject({ feedId: z.uuid().meta({ description: "A feedId from list_feeds" }) }),
  output: feedFetchedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run: (scope, input) => pollFeedNow(scope, input.feedId),
});

export const deleteFeedTool = defineTool({
  name: "delete_feed",
  scope: "posts:write",
  title: "Stop following a feed",
  description: "The feed (its feedId from list_feeds) is not fetched again; the drafts and post groups it created stay.",
  input: z.strictObject({ feedId: z.uuid().meta({ description: "A feedId from list_feeds" }) }),
  output: feedDeletedSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: (scope, input) => deleteFeed(scope, input.feedId),
});

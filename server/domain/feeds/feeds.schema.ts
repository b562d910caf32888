// RSS and Atom feeds (issue 49): a feed's new items become drafts or queued post groups. Shape
// only; the rules are in the files beside this one.
import { z } from "zod";
import { MAX_TARGETS } from "../post-groups/post-groups.schema.ts";
import { DEFAULT_TEMPLATE, PLACEHOLDERS } from "./feed-placeholders.ts";

export const FEED_MODES = ["draft", "queue"] as const;
export type FeedMode = (typeof FEED_MODES)[number];

const placeholderList = PLACEHOLDERS.map((p) => `{${p}}`).join(", ");

export const createFeedBody = z
  .strictObject({
    url: z.string().max(2048).meta({ description: "The feed's http(s) URL (RSS 1.0, RSS 2.0 or Atom)", example: "https://example.com/blog/feed.xml" }),
    accountIds: z
      .array(z.uuid())
      .min(1)
      .max(MAX_TARGETS)
      .meta({ description: "Text accounts of the workspace (x, threads, linkedin, bluesky, mastodon) each new item goes to" }),
    mode: z.enum(FEED_MODES).default("draft").meta({
      description: "draft: each new item becomes a draft to review; queue: each new item is added to the accounts' queues (they need posting slots)",
    }),
    template: z
      .string()
      .max(1000)
      .default(DEFAULT_TEMPLATE)
      .meta({ description: `The post's text; placeholders ${placeholderList}. Default "${DEFAULT_TEMPLATE}"`, example: "New on the blog: {title} {link}" }),
  })
  .meta({ id: "FeedInput" });
export type CreateFeedBody = z.output<typeof createFeedBody>;

export const FETCH_STATUSES = ["ok", "not_modified", "error"] as const;

const lastFetchSchema = z
  .object({
    at: z.iso.datetime({ offset: true }),
    status: z.enum(FETCH_STATUSES).meta({ description: "ok: read; not_modified: the server answered 304 (nothing new); error: see error" }),
    newItems: z.number().int().min(0).meta({ description: "Items that became a draft or a queued post group (or failed to) in this fetch" }),
    error: z.string().optional().meta({ description: "Why the fetch failed (status error)" }),
  })
  .meta({ id: "FeedFetch" });

export const feedSchema = z
  .object({
    feedId: z.uuid(),
    url: z.string(),
    accountIds: z.array(z.uuid()),
    mode: z.enum(FEED_MODES),
    template: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    nextFetchAt: z.iso.datetime({ offset: true }).meta({ description: "When the feed is fetched next (every FEED_POLL_MINUTES)" }),
    lastFetch: lastFetchSchema.nullable().meta({ description: "The last fetch's outcome; null before the first" }),
  })
  .meta({ id: "Feed" });
export type FeedView = z.infer<typeof feedSchema>;

export const FEED_ITEM_STATUSES = ["seen", "pending", "posted", "failed"] as const;

const feedItemSchema = z
  .object({
    itemKey: z.string().meta({ description: "The item's guid (Atom id), else its link" }),
    title: z.string().nullable(),
    link: z.string().nullable(),
    publishedAt: z.iso.datetime({ offset: true }).nullable(),
    status: z.enum(FEED_ITEM_STATUSES).meta({
      description:
        "seen: there before the subscription, only recorded; pending: its post group is being created; posted: it became draftId or postGroupId; failed: see error",
    }),
    draftId: z.uuid().nullable(),
    postGroupId: z.uuid().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: "FeedItem" });
export type FeedItemView = z.infer<typeof feedItemSchema>;

export const feedDetailSchema = feedSchema
  .extend({ recentItems: z.array(feedItemSchema).meta({ description: "The 20 items recorded last, newest first" }) })
  .meta({ id: "FeedDetail" });
export type FeedDetailView = z.infer<typeof feedDetailSchema>;

export const feedFetchedSchema = feedDetailSchema
  .extend({ fetched: z.boolean().meta({ description: "false: a worker was fetching the feed at that moment; its outcome shows shortly" }) })
  .meta({ id: "FeedFetched" });
export type FeedFetchedView = z.infer<typeof feedFetchedSchema>;

export const feedListSchema = z.object({ feeds: z.array(feedSchema) }).meta({ id: "FeedList" });
export const feedParams = z.strictObject({ id: z.uuid() });
export const feedDeletedSchema = z.object({ deleted: z.literal(1) }).meta({ id: "FeedDeleted" });

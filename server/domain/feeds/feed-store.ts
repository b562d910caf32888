// The feed rows as the domain reads them, and how the API shows them.
import { sql } from "../../db.ts";
import { notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import type { FeedItemView, FeedMode, FeedView } from "./feeds.schema.ts";

export type FeedRow = {
  id: string;
  workspaceId: string;
  url: string;
  accountIds: string[];
  mode: FeedMode;
  template: string;
  etag: string | null;
  lastModified: string | null;
  nextFetchAt: Date;
  lastFetchAt: Date | null;
  lastFetchStatus: "ok" | "not_modified" | "error" | null;
  lastFetchNewItems: number | null;
  lastFetchError: string | null;
  firstFetchedAt: Date | null;
  createdAt: Date;
};

export type FeedItemRow = {
  itemKey: string;
  title: string | null;
  link: string | null;
  publishedAt: Date | null;
  status: FeedItemView["status"];
  draftId: string | null;
  postGroupId: string | null;
  error: string | null;
};

export async function findFeed(scope: Scope, feedId: string): Promise<FeedRow> {
  const [feed] = isUuid(feedId)
    ? await sql<FeedRow>("feed-by-id", `SELECT * FROM "Feed" WHERE id = $1 AND "workspaceId" = $2`, [feedId, scope.workspaceId])
    : [];
  if (!feed) throw notFound("Feed");
  return feed;
}

export function presentFeed(feed: FeedRow): FeedView {
  return {
    feedId: feed.id,
    url: feed.url,
    accountIds: feed.accountIds,
    mode: feed.mode,
    template: feed.template,
    createdAt: feed.createdAt.toISOString(),
    nextFetchAt: feed.nextFetchAt.toISOString(),
    lastFetch:
      feed.lastFetchAt && feed.lastFetchStatus
        ? {
            at: feed.lastFetchAt.toISOString(),
            status: feed.lastFetchStatus,
            newItems: feed.lastFetchNewItems ?? 0,
            ...(feed.lastFetchError ? { error: feed.lastFetchError } : {}),
          }
        : null,
  };
}

export function presentFeedItem(item: FeedItemRow): FeedItemView {
  return { ...item, publishedAt: item.publishedAt?.toISOString() ?? null };
}

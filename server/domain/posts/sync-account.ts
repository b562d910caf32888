// Pulls an account's posts and their metrics through its adapter, page by page, and stores
// them: posts upserted by native id, a metric snapshot whenever a post's numbers changed (the
// time series behind the dashboard's chart), and posts no longer listed marked deleted once a
// listing ran to its end. Reads of GET /api/v1/posts only ever see what this stored.
import { sql, type ConnectedAccount } from "../../db.ts";
import { adapterFor } from "../../platforms/registry.ts";
import type { NativePost } from "../../platforms/types.ts";
import { loadAccount, withAccount } from "../accounts/account-tokens.ts";
import { computeCapabilities } from "../accounts/capabilities.ts";
import { contentOf, mapMetrics, metricNames } from "./metric-mapping.ts";

/** A bound on one sync's listing (pages of up to 100): a runaway cursor cannot loop forever. */
const MAX_PAGES = 2_000;
const BATCH = 1_000;

export type SyncResult = { accountId: string; posts: number; pages: number; complete: boolean; skipped?: string };

export async function syncAccount(accountId: string): Promise<SyncResult> {
  const account = await loadAccount(accountId);
  if (!account || account.disconnectedAt) return { accountId, posts: 0, pages: 0, complete: false, skipped: "not connected" };
  if (!computeCapabilities(account).readPosts) return { accountId, posts: 0, pages: 0, complete: false, skipped: "cannot read posts" };
  const adapter = adapterFor(account.provider);
  const started = new Date();
  let cursor: string | null = null;
  let pages = 0;
  let count = 0;
  let pending: NativePost[] = [];
  do {
    const page = await withAccount(account.id, (ctx) => adapter.listPosts(ctx, cursor));
    pages++;
    // tiktok lists only public posts with an id (never inbox transfers, processing or private records)
    pending.push(...page.posts.filter((p) => p.isPublic !== false && !p.deleted && p.nativeId));
    if (pending.length >= BATCH) {
      count += await store(account, pending);
      pending = [];
    }
    cursor = page.nextCursor;
  } while (cursor && pages < MAX_PAGES);
  if (pending.length) count += await store(account, pending);
  const complete = !cursor;
  await sql(
    "sync-finish",
    `WITH gone AS (
       UPDATE "SyncedPost" SET deleted = true, "updatedAt" = now()
        WHERE $3::boolean AND "accountId" = $1 AND NOT deleted AND "updatedAt" < $2::timestamptz
     )
     UPDATE "ConnectedAccount" SET "lastSyncedAt" = now() WHERE id = $1`,
    [account.id, started, complete],
  );
  return { accountId, posts: count, pages, complete };
}

/** One statement per batch: upsert the posts, and snapshot the metrics of those that changed. */
async function store(account: ConnectedAccount, posts: NativePost[]): Promise<number> {
  const unique = [...new Map(posts.map((p) => [p.nativeId, p])).values()];
  const metrics = unique.map((p) => mapMetrics(account.provider, p.metrics));
  const column = (name: (typeof metricNames)[number]) => metrics.map((m) => m[name]);
  await sql(
    "sync-store",
    `WITH input AS (
       SELECT * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::text[], $9::text[],
                            $10::int8[], $11::int8[], $12::int8[], $13::int8[], $14::int8[], $15::int8[], $16::int8[])
         AS t(native_id, content, title, permalink, posted_at, media_type, media_product_type, views, likes, replies, reposts, quotes, bookmarks, shares)
     ), old AS (
       SELECT "nativeId", views, likes, replies, reposts, quotes, bookmarks, shares FROM "SyncedPost" WHERE "accountId" = $1 AND "nativeId" = ANY($3::text[])
     ), up AS (
       INSERT INTO "SyncedPost" (id, "workspaceId", "accountId", provider, "nativeId", content, title, permalink, "postedAt", "mediaType", "mediaProductType",
                                 views, likes, replies, reposts, quotes, bookmarks, shares, "metricsUpdatedAt", deleted, "updatedAt")
       SELECT gen_random_uuid(), $2, $1, $17::"Provider", native_id, content, title, permalink, posted_at, media_type, media_product_type,
              views, likes, replies, reposts, quotes, bookmarks, shares, now(), false, now()
         FROM input
       ON CONFLICT ("accountId", "nativeId") DO UPDATE SET
         content = EXCLUDED.content, title = EXCLUDED.title, permalink = EXCLUDED.permalink, "postedAt" = EXCLUDED."postedAt",
         "mediaType" = EXCLUDED."mediaType", "mediaProductType" = EXCLUDED."mediaProductType",
         views = EXCLUDED.views, likes = EXCLUDED.likes, replies = EXCLUDED.replies, reposts = EXCLUDED.reposts,
         quotes = EXCLUDED.quotes, bookmarks = EXCLUDED.bookmarks, shares = EXCLUDED.shares,
         "metricsUpdatedAt" = now(), deleted = false, "updatedAt" = now()
       RETURNING id, "nativeId", views, likes, replies, reposts, quotes, bookmarks, shares
     )
     INSERT INTO "MetricSnapshot" (id, "postId", "capturedAt", views, likes, replies, reposts, quotes, bookmarks, shares)
     SELECT gen_random_uuid(), up.id, now(), up.views, up.likes, up.replies, up.reposts, up.quotes, up.bookmarks, up.shares
       FROM up LEFT JOIN old ON old."nativeId" = up."nativeId"
      WHERE old."nativeId" IS NULL
         OR (old.views, old.likes, old.replies, old.reposts, old.quotes, old.bookmarks, old.shares)
            IS DISTINCT FROM (up.views, up.likes, up.replies, up.reposts, up.quotes, up.bookmarks, up.shares)`,
    [
      account.id,
      account.workspaceId,
      unique.map((p) => p.nativeId),
      unique.map((p) => contentOf(account.provider, p.content)),
      unique.map((p) => p.title ?? null),
      unique.map((p) => p.permalink),
      unique.map((p) => p.postedAt),
      unique.map((p) => p.mediaType ?? null),
      unique.map((p) => p.mediaProductType ?? null),
      column("views"),
      column("likes"),
      column("replies"),
      column("reposts"),
      column("quotes"),
      column("bookmarks"),
      column("shares"),
      account.provider,
    ],
  );
  return unique.length;
}

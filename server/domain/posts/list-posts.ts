// GET /api/v1/posts: the workspace's synchronized posts (never a live platform call), newest or
// top first, within the last `rangeDays` days. Posts of disconnected accounts, deleted posts and
// tiktok posts of Login Kit connections (SPEC.md: business-developer connections only) are out.
import { sql } from "../../db.ts";
import { notFound } from "../../errors.ts";
import { sandboxPostUrl } from "../../sandbox/sandbox-link.ts";
import type { Scope } from "../access.ts";
import type { ProviderName } from "../accounts/providers.ts";
import { reportsMetricsUpdatedAt } from "./metric-mapping.ts";
import type { ListPostsQuery, PublishedPostView } from "./posts.schema.ts";

/** A listed post as the page query returns it: only what the answer shows, times already ISO text. */
type Row = {
  nativeId: string;
  accountId: string;
  provider: string;
  username: string;
  content: string;
  title: string | null;
  permalink: string;
  postedAt: string;
  mediaType: string | null;
  mediaProductType: string | null;
  views: string | null;
  likes: string | null;
  replies: string | null;
  reposts: string | null;
  quotes: string | null;
  bookmarks: string | null;
  shares: string | null;
  metricsUpdatedAt: string | null;
};

// Formatted by PostgreSQL: parsing 200 timestamps into Dates and back cost more than the query.
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const columns = `p."nativeId", p."accountId", p.provider, a.username, p.content, p.title, p.permalink, ${iso(`p."postedAt"`)} AS "postedAt",
  p."mediaType", p."mediaProductType", p.views, p.likes, p.replies, p.reposts, p.quotes, p.bookmarks, p.shares, ${iso(`p."metricsUpdatedAt"`)} AS "metricsUpdatedAt"`;

const order = {
  recent: `p."postedAt" DESC, p.id DESC`,
  top: `p.views DESC NULLS LAST, p.likes DESC NULLS LAST, p."postedAt" DESC, p.id DESC`,
};

// The accounts whose posts may be listed (SPEC.md: not disconnected, no TikTok Login Kit
// connections), as one array: a plain filter on indexes that also carry accountId (see the
// migration). `known` tells a foreign accountId (404) from one without posts.
const accounts = `acc AS (
  SELECT coalesce(array_agg(id) FILTER (WHERE "disconnectedAt" IS NULL AND (provider <> 'tiktok' OR "connectionMethod" = 'business')
           AND ($3::"Provider" IS NULL OR provider = $3::"Provider") AND ($4::uuid IS NULL OR id = $4::uuid)), '{}') AS ids,
         coalesce(bool_or(id = $4::uuid), false) AS known
    FROM "ConnectedAccount" WHERE "workspaceId" = $1)`;
const since = `now() - make_interval(days => $2)`;
const where = `p."workspaceId" = $1 AND NOT p.deleted AND p."postedAt" >= ${since}
  AND ($3::"Provider" IS NULL OR p.provider = $3::"Provider") AND p."accountId" = ANY((SELECT ids FROM acc)::uuid[])`;
// totalMatched: whole UTC days after the range's first from the per-day counts the SyncedPost
// triggers keep, plus the posts of that first, partial day from the index. Counting tens of
// thousands of posts per request instead saturated the CPU under concurrent reads.
const firstDay = `((${since}) AT TIME ZONE 'UTC')::date`;
const total = `(SELECT coalesce(sum(live), 0) FROM "SyncedPostDayCount" WHERE "accountId" = ANY((SELECT ids FROM acc)::uuid[]) AND day > ${firstDay})
  + (SELECT count(*) FROM "SyncedPost" p WHERE ${where} AND p."postedAt" < (${firstDay} + 1)::timestamp AT TIME ZONE 'UTC')`;
// One statement, one round trip: the accounts, the count, and the page joined to them (no page
// rows: one row of nulls).
const pageSql = (sort: keyof typeof order) => `WITH ${accounts}, total AS (SELECT ${total} AS total),
  page AS (SELECT p.* FROM "SyncedPost" p WHERE ${where} ORDER BY ${order[sort]} LIMIT $5)
  SELECT acc.known, total.total, ${columns}
    FROM acc CROSS JOIN total LEFT JOIN (page p JOIN "ConnectedAccount" a ON a.id = p."accountId") ON true
   ORDER BY ${order[sort]}`;

export async function listPosts(scope: Scope, query: ListPostsQuery) {
  const rows = await sql<Row & { known: boolean; total: string }>(`posts-${query.sort}`, pageSql(query.sort), [
    scope.workspaceId,
    query.rangeDays,
    query.provider ?? null,
    query.accountId ?? null,
    query.limit,
  ]);
  if (query.accountId && !rows[0]!.known) throw notFound("Account");
  const posts = rows.filter((row) => row.nativeId !== null).map(presentPost);
  return { posts, totalMatched: Number(rows[0]!.total), rangeDays: query.rangeDays };
}

const num = (v: string | null) => (v === null ? null : Number(v));

function presentPost(p: Row): PublishedPostView {
  const provider = p.provider as ProviderName;
  return {
    postId: p.nativeId,
    platform: provider,
    accountId: p.accountId,
    username: p.username,
    content: p.content,
    permalink: p.permalink,
    sandboxUrl: sandboxPostUrl(p.permalink),
    postedAt: p.postedAt,
    metrics: {
      views: num(p.views),
      likes: num(p.likes),
      replies: num(p.replies),
      reposts: num(p.reposts),
      quotes: num(p.quotes),
      bookmarks: num(p.bookmarks),
      shares: num(p.shares),
    },
    ...(provider === "youtube" ? { title: p.title ?? "" } : {}),
    ...(provider === "youtube" || provider === "facebook" || provider === "instagram" ? { mediaType: p.mediaType } : {}),
    ...(provider === "instagram" ? { mediaProductType: p.mediaProductType } : {}),
    ...(reportsMetricsUpdatedAt.has(provider) && p.metricsUpdatedAt ? { metricsUpdatedAt: p.metricsUpdatedAt } : {}),
  };
}

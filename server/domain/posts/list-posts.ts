// GET /api/v1/posts: the workspace's synchronized posts (never a live platform call), newest or
// top first, within the last `rangeDays` days. Posts of disconnected accounts, deleted posts and
// tiktok posts of Login Kit connections (SPEC.md: business-developer connections only) are out.
import { sql, type SyncedPost } from "../../db.ts";
import { notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import type { ProviderName } from "../accounts/providers.ts";
import { reportsMetricsUpdatedAt } from "./metric-mapping.ts";
import type { ListPostsQuery, PublishedPostView } from "./posts.schema.ts";

type Row = SyncedPost & { username: string };

const order = {
  recent: `p."postedAt" DESC, p.id DESC`,
  top: `p.views DESC NULLS LAST, p.likes DESC NULLS LAST, p."postedAt" DESC, p.id DESC`,
};

// The accounts whose posts may be listed are resolved first and passed as an array: a plain
// filter the planner estimates well, on indexes that also carry accountId (see the migration).
const where = `p."workspaceId" = $1 AND NOT p.deleted AND p."postedAt" >= now() - make_interval(days => $2)
  AND ($3::"Provider" IS NULL OR p.provider = $3::"Provider") AND p."accountId" = ANY($4::uuid[])`;

export async function listPosts(scope: Scope, query: ListPostsQuery) {
  const accounts = await sql<{ id: string; listed: boolean }>(
    "posts-accounts",
    `SELECT id, ("disconnectedAt" IS NULL AND (provider <> 'tiktok' OR "connectionMethod" = 'business')) AS listed FROM "ConnectedAccount" WHERE "workspaceId" = $1`,
    [scope.workspaceId],
  );
  if (query.accountId && !accounts.some((a) => a.id === query.accountId)) throw notFound("Account");
  const listed = accounts.filter((a) => a.listed && (!query.accountId || a.id === query.accountId)).map((a) => a.id);
  const filters = [scope.workspaceId, query.rangeDays, query.provider ?? null, listed];
  const [rows, [count]] = await Promise.all([
    sql<Row>(
      `posts-${query.sort}`,
      `SELECT p.*, a.username FROM (SELECT p.* FROM "SyncedPost" p WHERE ${where} ORDER BY ${order[query.sort]} LIMIT $5) p
         JOIN "ConnectedAccount" a ON a.id = p."accountId" ORDER BY ${order[query.sort]}`,
      [...filters, query.limit],
    ),
    sql<{ total: number }>("posts-count", `SELECT count(*)::int AS total FROM "SyncedPost" p WHERE ${where}`, filters),
  ]);
  return { posts: rows.map(presentPost), totalMatched: count!.total, rangeDays: query.rangeDays };
}

const num = (v: bigint | string | null) => (v === null ? null : Number(v));

export function presentPost(p: Row): PublishedPostView {
  const provider = p.provider as ProviderName;
  return {
    postId: p.nativeId,
    platform: provider,
    accountId: p.accountId,
    username: p.username,
    content: p.content,
    permalink: p.permalink,
    postedAt: p.postedAt.toISOString(),
    metrics: { views: num(p.views), likes: num(p.likes), replies: num(p.replies), reposts: num(p.reposts), quotes: num(p.quotes), bookmarks: num(p.bookmarks), shares: num(p.shares) },
    ...(provider === "youtube" ? { title: p.title ?? "" } : {}),
    ...(provider === "youtube" || provider === "facebook" || provider === "instagram" ? { mediaType: p.mediaType } : {}),
    ...(provider === "instagram" ? { mediaProductType: p.mediaProductType } : {}),
    ...(reportsMetricsUpdatedAt.has(provider) && p.metricsUpdatedAt ? { metricsUpdatedAt: p.metricsUpdatedAt.toISOString() } : {}),
  };
}

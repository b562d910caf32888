// Each platform's metrics, under its own names, mapped to ours (SPEC.md "Metric rules"). A value
// the platform does not give stays null: unavailable is never zero.
import { providers, providerTable, type ProviderName } from "../accounts/providers.ts";

export const metricNames = ["views", "likes", "replies", "reposts", "quotes", "bookmarks", "shares"] as const;
export type MetricName = (typeof metricNames)[number];
export type Metrics = Record<MetricName, number | null>;

type Native = Record<string, number | null | undefined>;
const n = (v: number | null | undefined): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

const mappings: Record<ProviderName, (m: Native) => Metrics> = {
  x: (m) => ({
    views: n(m.impression_count),
    likes: n(m.like_count),
    replies: n(m.reply_count),
    reposts: n(m.retweet_count),
    quotes: n(m.quote_count),
    bookmarks: n(m.bookmark_count),
    shares: null,
  }),
  threads: (m) => ({
    views: n(m.views),
    likes: n(m.likes),
    replies: n(m.replies),
    reposts: n(m.reposts),
    quotes: n(m.quotes),
    bookmarks: null,
    shares: n(m.shares),
  }),
  linkedin: (m) => ({
    views: n(m.impressions),
    likes: n(m.reactions),
    replies: n(m.comments),
    reposts: n(m.reshares),
    quotes: null,
    bookmarks: null,
    shares: null,
  }),
  tiktok: (m) => ({
    views: n(m.view_count),
    likes: n(m.like_count),
    replies: n(m.comment_count),
    reposts: null,
    quotes: null,
    bookmarks: null,
    shares: n(m.share_count),
  }),
  // impressions are reported as views (Instagram's own "views" is that count since 2025), comments as replies, saves as bookmarks
  instagram: (m) => ({
    views: n(m.views ?? m.impressions),
    likes: n(m.likes),
    replies: n(m.comments),
    reposts: null,
    quotes: null,
    bookmarks: n(m.saved),
    shares: n(m.shares),
  }),
  // views, likes and comments only: shares, reposts, quotes and bookmarks are always null
  youtube: (m) => ({ views: n(m.viewCount), likes: n(m.likeCount), replies: n(m.commentCount), reposts: null, quotes: null, bookmarks: null, shares: null }),
  // post media views; comments as replies; the share count as both shares and reposts; reach is not reported
  facebook: (m) => ({
    views: n(m.post_media_view),
    likes: n(m.reactions),
    replies: n(m.comments),
    reposts: n(m.shares),
    quotes: null,
    bookmarks: null,
    shares: n(m.shares),
  }),
  // the app view's counts (null where no app view answers); Bluesky shows no views or bookmarks
  bluesky: (m) => ({
    views: null,
    likes: n(m.like_count),
    replies: n(m.reply_count),
    reposts: n(m.repost_count),
    quotes: n(m.quote_count),
    bookmarks: null,
    shares: null,
  }),
  // favourites are likes and reblogs reposts; quotes_count only from Mastodon 4.5
  mastodon: (m) => ({ views: null, likes: n(m.likes), replies: n(m.replies), reposts: n(m.reposts), quotes: n(m.quotes), bookmarks: null, shares: null }),
};

export function mapMetrics(provider: ProviderName, native: Native): Metrics {
  return mappings[provider](native);
}

/** Platforms whose answers carry when the metrics were read (SPEC.md: tiktok, instagram, youtube). */
export const reportsMetricsUpdatedAt = new Set<ProviderName>(providers.filter((p) => providerTable[p].metricsUpdatedAt));

/** YouTube's content is the description, cut to at most 280 characters (whole code points). */
export function contentOf(provider: ProviderName, content: string): string {
  if (provider !== "youtube") return content;
  const chars = [...content];
  return chars.length <= 280 ? content : chars.slice(0, 280).join("");
}

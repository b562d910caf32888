// The account's posts: its repository's app.bsky.feed.post records (com.atproto.repo.listRecords,
// newest first), with the app view's counts where one answers (app.bsky.feed.getPosts, through
// the PDS). A server without an app view gives null counts: unavailable, never 0.
import type { Agent } from "@atproto/api";
import type { AccountContext, NativePost, PostPage } from "../types.ts";
import { agentFor } from "./bluesky-client.ts";
import { xrpc } from "./bluesky-errors.ts";
import { permalinkOf, POST_COLLECTION } from "./bluesky-post.ts";

type Counts = { likeCount?: number; repostCount?: number; replyCount?: number; quoteCount?: number };

/** getPosts takes at most 25 addresses per call. */
async function countsOf(agent: Agent, uris: string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  try {
    for (let i = 0; i < uris.length; i += 25) {
      const res = await agent.app.bsky.feed.getPosts({ uris: uris.slice(i, i + 25) });
      for (const post of res.data.posts) counts.set(post.uri, post);
    }
  } catch {
    // no app view reachable from this server: the counts stay unavailable
  }
  return counts;
}

const count = (value: number | undefined) => (typeof value === "number" ? value : null);

export async function listBlueskyPosts(ctx: AccountContext, cursor: string | null): Promise<PostPage> {
  const agent = agentFor(ctx);
  const res = await xrpc("com.atproto.repo.listRecords", () =>
    agent.com.atproto.repo.listRecords({ repo: ctx.providerAccountId, collection: POST_COLLECTION, limit: 100, ...(cursor ? { cursor } : {}) }),
  );
  const records = res.data.records;
  const counts = await countsOf(
    agent,
    records.map((r) => r.uri),
  );
  const posts: NativePost[] = records.map((r) => {
    const value = r.value as { text?: string; createdAt?: string; embed?: { $type?: string } };
    const c = counts.get(r.uri);
    return {
      nativeId: r.uri,
      content: value.text ?? "",
      permalink: permalinkOf(ctx.username, r.uri),
      postedAt: new Date(value.createdAt ?? Date.now()),
      mediaType: value.embed?.$type ?? null,
      metrics: { like_count: count(c?.likeCount), repost_count: count(c?.repostCount), reply_count: count(c?.replyCount), quote_count: count(c?.quoteCount) },
    };
  });
  return { posts, nextCursor: records.length > 0 && res.data.cursor ? res.data.cursor : null };
}

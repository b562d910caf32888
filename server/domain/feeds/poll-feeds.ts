// Polling: a worker's minute tick claims the feeds that are due (nextFetchAt passed, no live
// claim) with FOR UPDATE SKIP LOCKED, so several workers never fetch one feed at once; the claim
// is a lease (claimedUntil), so a worker that dies mid-fetch only delays the feed. After the fetch
// the feed is due again FEED_POLL_MINUTES later. The validators (ETag, Last-Modified) are stored
// only once every item of the answer is recorded: a fetch cut short is read whole the next time.
import { sql, withTransaction } from "../../db.ts";
import { env } from "../../env.ts";
import { log } from "../../log.ts";
import { assertCan, type Scope } from "../access.ts";
import { completePendingItems, emit, recordItems } from "./feed-items.ts";
import { findFeed, type FeedRow } from "./feed-store.ts";
import type { FeedFetchedView } from "./feeds.schema.ts";
import { getFeed } from "./manage-feeds.ts";
import { fetchFeedDocument, type FetchOutcome } from "./fetch-feed-document.ts";

export const FETCH_FAILED_EVENT = "feed.fetch_failed";
/** A claim outlives the longest fetch (15 s) and the items' writes with room to spare. */
const CLAIM_SECONDS = 300;
const BATCH = 10;
/** One tick polls for at most this long; what remains is claimed by the next tick (or another worker). */
const TICK_BUDGET_MS = 50_000;

/** The worker's tick: polls every due feed, a batch at a time. Answers how many it polled. */
export async function pollDueFeeds(scopeOf: (workspaceId: string) => Promise<Scope>): Promise<number> {
  const started = Date.now();
  let polled = 0;
  while (Date.now() - started < TICK_BUDGET_MS) {
    const feeds = await sql<FeedRow>(
      "feed-claim-due",
      `UPDATE "Feed" f SET "claimedUntil" = now() + make_interval(secs => $2)
         FROM (SELECT id FROM "Feed" WHERE "nextFetchAt" <= now() AND ("claimedUntil" IS NULL OR "claimedUntil" < now())
                ORDER BY "nextFetchAt" LIMIT $1 FOR UPDATE SKIP LOCKED) due
        WHERE f.id = due.id RETURNING f.*`,
      [BATCH, CLAIM_SECONDS],
    );
    if (feeds.length === 0) break;
    await Promise.all(
      feeds.map(async (feed) => {
        try {
          await pollClaimed(await scopeOf(feed.workspaceId), feed);
        } catch (err) {
          log.error("feed poll failed", { feedId: feed.id, error: err instanceof Error ? err.message : String(err) });
        }
      }),
    );
    polled += feeds.length;
  }
  return polled;
}

/**
 * Fetches one feed now, whether due or not (the dashboard's "Fetch now", and tests). `polled`
 * is false when another poll holds the feed at this moment: that one does the work.
 */
export async function pollFeedNow(scope: Scope, feedId: string): Promise<FeedFetchedView> {
  assertCan(scope, "content.publish");
  const found = await findFeed(scope, feedId);
  const [claimed] = await sql<FeedRow>(
    "feed-claim-one",
    `UPDATE "Feed" SET "claimedUntil" = now() + make_interval(secs => $3)
      WHERE id = $1 AND "workspaceId" = $2 AND ("claimedUntil" IS NULL OR "claimedUntil" < now()) RETURNING *`,
    [found.id, scope.workspaceId, CLAIM_SECONDS],
  );
  if (claimed) await pollClaimed(scope, claimed);
  return { ...(await getFeed(scope, feedId)), fetched: claimed !== undefined };
}

async function pollClaimed(scope: Scope, feed: FeedRow): Promise<void> {
  let outcome: FetchOutcome = await fetchFeedDocument(feed.url, feed);
  let newItems = 0;
  try {
    await completePendingItems(scope, feed);
    if (outcome.status === "ok") newItems = await recordItems(scope, feed, outcome.items);
  } catch (err) {
    log.error("recording a feed's items failed", { feedId: feed.id, error: err instanceof Error ? err.message : String(err) });
    outcome = { status: "error", error: "Recording the feed's items failed; they are read again at the next fetch" };
  }
  await finish(feed, outcome, newItems);
}

async function finish(feed: FeedRow, outcome: FetchOutcome, newItems: number): Promise<void> {
  const ok = outcome.status === "ok";
  await withTransaction(async (q) => {
    const [row] = await q<{ previous: string | null }>("feed-finish-lock", `SELECT "lastFetchStatus" AS previous FROM "Feed" WHERE id = $1 FOR UPDATE`, [
      feed.id,
    ]);
    if (!row) return; // deleted while it was fetched
    await q(
      "feed-finish",
      `UPDATE "Feed" f SET "claimedUntil" = NULL, "nextFetchAt" = now() + make_interval(mins => $2), "lastFetchAt" = now(),
              "lastFetchStatus" = $3, "lastFetchNewItems" = $4, "lastFetchError" = $5,
              etag = CASE WHEN $6::boolean THEN $7::text ELSE f.etag END,
              "lastModified" = CASE WHEN $6::boolean THEN $8::text ELSE f."lastModified" END,
              "firstFetchedAt" = CASE WHEN $6::boolean THEN coalesce(f."firstFetchedAt", now()) ELSE f."firstFetchedAt" END
        WHERE f.id = $1`,
      [
        feed.id,
        env().feedPollMinutes,
        outcome.status,
        newItems,
        outcome.status === "error" ? outcome.error.slice(0, 1000) : null,
        ok,
        ok ? outcome.etag : null,
        ok ? outcome.lastModified : null,
      ],
    );
    // announced when a feed starts failing, not at every fetch while it stays broken
    if (outcome.status === "error" && row.previous !== "error") {
      await emit(q, feed.workspaceId, FETCH_FAILED_EVENT, { feedId: feed.id, url: feed.url, error: outcome.error, at: new Date().toISOString() });
    }
  });
}

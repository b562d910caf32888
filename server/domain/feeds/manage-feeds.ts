// POST, GET and DELETE /api/v1/feeds: a subscription to an RSS or Atom feed. Adding checks the
// URL (http(s), a public address), the accounts (text accounts of the workspace; for the queue
// mode, with posting slots) and the template's placeholders; nothing is fetched yet: the first
// fetch happens at once in the background (nextFetchAt is the moment of the subscription).
import crypto from "node:crypto";
import { sql } from "../../db.ts";
import { AppError, fieldError } from "../../errors.ts";
import { checkUrlTarget, UrlRefusedError } from "../../carousel/source/safe-fetch.ts";
import { assertCan, type Scope } from "../access.ts";
import { providerTable, type ProviderName } from "../accounts/providers.ts";
import { readSchedules } from "../queue/queue-store.ts";
import { findFeed, presentFeed, presentFeedItem, type FeedItemRow, type FeedRow } from "./feed-store.ts";
import { checkTemplate } from "./feed-template.ts";
import type { CreateFeedBody, FeedDetailView, FeedView } from "./feeds.schema.ts";

export const MAX_FEEDS_PER_WORKSPACE = 100;

export async function createFeed(scope: Scope, body: CreateFeedBody): Promise<FeedView> {
  assertCan(scope, "content.publish");
  checkTemplate(body.template);
  try {
    await checkUrlTarget(body.url);
  } catch (err) {
    if (err instanceof UrlRefusedError) throw fieldError("url", `The URL ${err.message}`, "url_refused");
    throw err;
  }
  const accountIds = [...new Set(body.accountIds)];
  if (accountIds.length !== body.accountIds.length) throw fieldError("accountIds", "lists an account twice", "duplicate");
  const accounts = await sql<{ id: string; provider: ProviderName }>(
    "feed-accounts",
    `SELECT id, provider FROM "ConnectedAccount" WHERE id = ANY($1::uuid[]) AND "workspaceId" = $2 AND "disconnectedAt" IS NULL`,
    [accountIds, scope.workspaceId],
  );
  const providerOf = new Map(accounts.map((a) => [a.id, a.provider]));
  const schedules = body.mode === "queue" ? await readSchedules(scope.workspaceId, accountIds) : null;
  for (const [i, id] of accountIds.entries()) {
    const provider = providerOf.get(id);
    if (!provider) throw fieldError(`accountIds[${i}]`, "is not a connected account of this workspace", "not_found");
    if (providerTable[provider].publishing !== "text")
      throw fieldError(`accountIds[${i}]`, `is a ${provider} account; feeds post text, to x, threads, linkedin, bluesky or mastodon accounts`, "not_supported");
    if (schedules && !schedules.get(id)?.slots.length)
      throw fieldError(
        `accountIds[${i}]`,
        "has no posting slots to queue into; set them with PUT /api/v1/accounts/{id}/posting-schedule, or use mode draft",
        "no_slots",
      );
  }
  const [feed] = await sql<FeedRow>(
    "feed-create",
    `INSERT INTO "Feed" (id, "workspaceId", url, "accountIds", mode, template)
     SELECT $1, $2, $3, $4::uuid[], $5, $6 WHERE (SELECT count(*) FROM "Feed" WHERE "workspaceId" = $2) < $7
     RETURNING *`,
    [crypto.randomUUID(), scope.workspaceId, body.url, accountIds, body.mode, body.template, MAX_FEEDS_PER_WORKSPACE],
  );
  if (!feed)
    throw new AppError("VALIDATION_ERROR", `A workspace can follow at most ${MAX_FEEDS_PER_WORKSPACE} feeds; delete one first`, {
      issues: [{ path: "url", message: `a workspace can follow at most ${MAX_FEEDS_PER_WORKSPACE} feeds`, code: "too_many", location: "body" }],
    });
  return presentFeed(feed);
}

export async function listFeeds(scope: Scope): Promise<{ feeds: FeedView[] }> {
  const rows = await sql<FeedRow>("feed-list", `SELECT * FROM "Feed" WHERE "workspaceId" = $1 ORDER BY "createdAt", id`, [scope.workspaceId]);
  return { feeds: rows.map(presentFeed) };
}

export async function getFeed(scope: Scope, feedId: string): Promise<FeedDetailView> {
  const feed = await findFeed(scope, feedId);
  const items = await sql<FeedItemRow>(
    "feed-recent-items",
    `SELECT "itemKey", title, link, "publishedAt", status, "draftId", "postGroupId", error FROM "FeedItem"
      WHERE "feedId" = $1 ORDER BY "createdAt" DESC, "publishedAt" DESC NULLS LAST LIMIT 20`,
    [feed.id],
  );
  return { ...presentFeed(feed), recentItems: items.map(presentFeedItem) };
}

/** Deleting stops the polling at once; a fetch under way finds the feed gone and writes nothing more. What it created stays. */
export async function deleteFeed(scope: Scope, feedId: string): Promise<{ deleted: 1 }> {
  assertCan(scope, "content.publish");
  const feed = await findFeed(scope, feedId);
  const rows = await sql("feed-delete", `DELETE FROM "Feed" WHERE id = $1 AND "workspaceId" = $2 RETURNING id`, [feed.id, scope.workspaceId]);
  if (rows.length === 0) throw new AppError("NOT_FOUND", "Feed not found");
  return { deleted: 1 };
}

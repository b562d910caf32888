// A feed's new item becomes exactly one draft or one queued post group. The item's row
// (primary key feedId + itemKey) is what makes it once: a draft is written in the same
// transaction as the row; a queued post group cannot be (createPostGroup has transactions of its
// own), so the row is written first as `pending` with the group's body and a requestId derived
// from the feed and the item, and the group is created under that requestId. A crash between the
// two leaves the row pending, and the next fetch creates the group then; a second poller racing
// on the same item gets the same group back (the requestId's unique constraint), and only the
// one whose update moves the row from pending to posted announces it.
import crypto from "node:crypto";
import { sql, withTransaction, type ConnectedAccount, type TxSql } from "../../db.ts";
import { isAppError } from "../../errors.ts";
import { log } from "../../log.ts";
import type { Scope } from "../access.ts";
import { derivedUuid } from "../ids.ts";
import { mastodonLimitsOf } from "../accounts/mastodon-instance-limits.ts";
import { createPostGroup } from "../post-groups/create-post-group.ts";
import type { PostGroupBody, PostGroupTarget } from "../post-groups/post-groups.schema.ts";
import type { PublishBody } from "../publishing/publishing.schema.ts";
import { textPlan } from "../publishing/modes/text/rules.ts";
import type { MastodonLimits } from "../publishing/modes/text/mastodon.ts";
import { Issues } from "../publishing/validation-issues.ts";
import type { FeedRow } from "./feed-store.ts";
import { fitTemplate, renderTemplate } from "./feed-template.ts";
import type { ParsedItem } from "./fetch-feed-document.ts";

export const ITEM_POSTED_EVENT = "feed.item_posted";

/** The requestId of an item's post group: the same for every attempt at the same item. */
export function itemRequestId(feedId: string, itemKey: string): string {
  return derivedUuid("feed-item", feedId, itemKey);
}

/**
 * Records the document's items not seen before: those dated before the subscription (and, on the
 * first fetch, the undated) as `seen`; each other one becomes a draft or a queued post group,
 * oldest first. Answers how many new items it took (posted or failed).
 */
export async function recordItems(scope: Scope, feed: FeedRow, items: ParsedItem[]): Promise<number> {
  const unique = [...new Map(items.map((i) => [i.key, i] as const)).values()];
  const known = new Set(
    (
      await sql<{ itemKey: string }>("feed-known-items", `SELECT "itemKey" FROM "FeedItem" WHERE "feedId" = $1 AND "itemKey" = ANY($2::text[])`, [
        feed.id,
        unique.map((i) => i.key),
      ])
    ).map((r) => r.itemKey),
  );
  const fresh = unique.filter((i) => !known.has(i.key));
  // feeds date items to the second: one of the subscription's own second is new
  const subscribed = Math.floor(feed.createdAt.getTime() / 1000) * 1000;
  const isOld = (i: ParsedItem) => (i.publishedAt ? i.publishedAt.getTime() < subscribed : feed.firstFetchedAt === null);
  const old = fresh.filter(isOld);
  // oldest first, so the queue holds them in the feed's order; undated ones after, in document order reversed (feeds list newest first)
  const toPost = fresh
    .filter((i) => !isOld(i))
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.publishedAt?.getTime() ?? Infinity) - (b.item.publishedAt?.getTime() ?? Infinity) || b.index - a.index)
    .map((x) => x.item);
  if (old.length > 0) {
    await withTransaction(async (q) => {
      if (!(await lockFeed(q, feed.id))) return;
      await q(
        "feed-items-seen",
        `INSERT INTO "FeedItem" ("feedId", "itemKey", "workspaceId", status, title, link, "publishedAt")
         SELECT $1, key, $2, 'seen', title, link, published FROM unnest($3::text[], $4::text[], $5::text[], $6::timestamptz[]) AS t(key, title, link, published)
         ON CONFLICT DO NOTHING`,
        [
          feed.id,
          feed.workspaceId,
          old.map((i) => i.key),
          old.map((i) => i.fields.title),
          old.map((i) => i.fields.link || null),
          old.map((i) => i.publishedAt),
        ],
      );
    });
  }
  if (toPost.length === 0) return 0;
  const accounts = await sql<ConnectedAccount>(
    "feed-item-accounts",
    `SELECT * FROM "ConnectedAccount" WHERE id = ANY($1::uuid[]) AND "workspaceId" = $2 AND "disconnectedAt" IS NULL`,
    [feed.accountIds, feed.workspaceId],
  );
  // in the feed's order of accounts
  const ordered = feed.accountIds.flatMap((id) => accounts.filter((a) => a.id === id));
  const limits = await mastodonLimitsOf(ordered);
  let taken = 0;
  for (const item of toPost) if (await takeItem(scope, feed, ordered, limits, item)) taken++;
  return taken;
}

/** Whether the account's own text rules (length as that platform counts it) accept the text. */
function fits(account: ConnectedAccount, limits: MastodonLimits, text: string): boolean {
  try {
    textPlan([account], { posts: [text] } as PublishBody, new Issues(), { mastodonLimits: limits });
    return true;
  } catch (err) {
    if (!isAppError(err)) throw err;
    const issues = (err.details as { issues?: { code: string }[] } | undefined)?.issues ?? [];
    // other refusals (an X post that is only a link) are the real call's to report
    return !issues.some((i) => i.code === "too_long");
  }
}

type ItemRecord = { title: string; link: string | null; publishedAt: Date | null };

async function takeItem(scope: Scope, feed: FeedRow, accounts: ConnectedAccount[], limits: MastodonLimits, item: ParsedItem): Promise<boolean> {
  const record: ItemRecord = { title: item.fields.title, link: item.fields.link || null, publishedAt: item.publishedAt };
  if (accounts.length === 0) return insertFailed(feed, item.key, record, "None of the feed's accounts is connected any more");
  const fitted = accounts.map((a) => fitTemplate(feed.template, item.fields, (text) => fits(a, limits, text)));
  const texts: string[] = [];
  for (const [i, fit] of fitted.entries()) {
    if ("text" in fit) texts.push(fit.text);
    // a draft is for editing: it keeps the whole text; a queued post would be refused
    else if (feed.mode === "draft") texts.push(renderTemplate(feed.template, item.fields));
    else return insertFailed(feed, item.key, record, `The text for the ${accounts[i]!.provider} account ${fit.error}`);
  }
  const text = texts[0]!;
  const targets: PostGroupTarget[] = accounts.map((a, i) => (texts[i] === text ? { accountId: a.id } : { accountId: a.id, content: { text: texts[i] } }));
  if (feed.mode === "draft") return insertDraft(feed, item.key, record, { content: { text }, targets });
  const body: PostGroupBody = { requestId: itemRequestId(feed.id, item.key), content: { text }, targets, queue: true };
  const inserted = await withTransaction(async (q) => {
    if (!(await lockFeed(q, feed.id))) return false;
    const rows = await q(
      "feed-item-pending",
      `INSERT INTO "FeedItem" ("feedId", "itemKey", "workspaceId", status, title, link, "publishedAt", "requestId", body)
       VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING "itemKey"`,
      [feed.id, item.key, feed.workspaceId, record.title, record.link, record.publishedAt, body.requestId, JSON.stringify(body)],
    );
    return rows.length > 0;
  });
  if (!inserted) return false;
  await completePending(scope, feed, item.key, body);
  return true;
}

/** Items left pending by a crash (or a database outage) get their post group now. */
export async function completePendingItems(scope: Scope, feed: FeedRow): Promise<void> {
  const pending = await sql<{ itemKey: string; body: string }>(
    "feed-pending-items",
    `SELECT "itemKey", body FROM "FeedItem" WHERE "feedId" = $1 AND status = 'pending' ORDER BY "createdAt"`,
    [feed.id],
  );
  // the body as it was sent the first time (JSON text keeps its key order, so the fingerprint matches)
  for (const item of pending) await completePending(scope, feed, item.itemKey, JSON.parse(item.body) as PostGroupBody);
}

// Refusals that will not change on a retry: the item fails with the reason.
const FINAL_CODES = new Set(["VALIDATION_ERROR", "NOT_FOUND", "REQUEST_CONFLICT", "FORBIDDEN", "PLAN_REQUIRED", "INSUFFICIENT_CREDITS"]);

async function completePending(scope: Scope, feed: FeedRow, itemKey: string, body: PostGroupBody): Promise<void> {
  let postGroupId: string;
  try {
    postGroupId = (await createPostGroup(scope, body)).body.postGroupId;
  } catch (err) {
    if (!isAppError(err) || !FINAL_CODES.has(err.code)) throw err; // stays pending: the next fetch tries again
    await sql(
      "feed-item-refused",
      `UPDATE "FeedItem" SET status = 'failed', error = $3, "updatedAt" = now() WHERE "feedId" = $1 AND "itemKey" = $2 AND status = 'pending'`,
      [feed.id, itemKey, `The post group was refused: ${err.message}`.slice(0, 1000)],
    );
    return;
  }
  await withTransaction(async (q) => {
    const [row] = await q<{ title: string | null; link: string | null; publishedAt: Date | null }>(
      "feed-item-posted",
      `UPDATE "FeedItem" SET status = 'posted', "postGroupId" = $3, "updatedAt" = now() WHERE "feedId" = $1 AND "itemKey" = $2 AND status = 'pending'
       RETURNING title, link, "publishedAt"`,
      [feed.id, itemKey, postGroupId],
    );
    if (row) await emitItemPosted(q, feed, itemKey, row, { draftId: null, postGroupId });
  });
}

async function insertDraft(feed: FeedRow, itemKey: string, record: ItemRecord, composition: { content: { text: string }; targets: PostGroupTarget[] }) {
  return withTransaction(async (q) => {
    if (!(await lockFeed(q, feed.id))) return false;
    const rows = await q(
      "feed-item-drafted",
      `INSERT INTO "FeedItem" ("feedId", "itemKey", "workspaceId", status, title, link, "publishedAt")
       VALUES ($1, $2, $3, 'posted', $4, $5, $6) ON CONFLICT DO NOTHING RETURNING "itemKey"`,
      [feed.id, itemKey, feed.workspaceId, record.title, record.link, record.publishedAt],
    );
    if (rows.length === 0) return false;
    const [draft] = await q<{ id: string }>(
      "feed-draft-create",
      `INSERT INTO "Draft" (id, "workspaceId", composition, "updatedAt") VALUES ($1, $2, $3::jsonb, now()) RETURNING id`,
      [crypto.randomUUID(), feed.workspaceId, JSON.stringify(composition)],
    );
    await q("feed-item-draft-id", `UPDATE "FeedItem" SET "draftId" = $3 WHERE "feedId" = $1 AND "itemKey" = $2`, [feed.id, itemKey, draft!.id]);
    await emitItemPosted(q, feed, itemKey, record, { draftId: draft!.id, postGroupId: null });
    return true;
  });
}

async function insertFailed(feed: FeedRow, itemKey: string, record: ItemRecord, error: string): Promise<boolean> {
  log.info("feed item not posted", { feedId: feed.id, itemKey, error });
  return withTransaction(async (q) => {
    if (!(await lockFeed(q, feed.id))) return false;
    const rows = await q(
      "feed-item-failed",
      `INSERT INTO "FeedItem" ("feedId", "itemKey", "workspaceId", status, title, link, "publishedAt", error)
       VALUES ($1, $2, $3, 'failed', $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING "itemKey"`,
      [feed.id, itemKey, feed.workspaceId, record.title, record.link, record.publishedAt, error],
    );
    return rows.length > 0;
  });
}

/** The feed's row, held against a concurrent delete until the transaction ends; false when it is gone. */
export async function lockFeed(q: TxSql, feedId: string): Promise<boolean> {
  return (await q("feed-lock", `SELECT 1 FROM "Feed" WHERE id = $1 FOR KEY SHARE`, [feedId])).length > 0;
}

async function emitItemPosted(
  q: TxSql,
  feed: FeedRow,
  itemKey: string,
  record: { title: string | null; link: string | null; publishedAt: Date | null },
  created: { draftId: string | null; postGroupId: string | null },
): Promise<void> {
  const data = {
    feedId: feed.id,
    url: feed.url,
    mode: feed.mode,
    item: { itemKey, title: record.title, link: record.link, publishedAt: record.publishedAt ? new Date(record.publishedAt).toISOString() : null },
    ...created,
  };
  await emit(q, feed.workspaceId, ITEM_POSTED_EVENT, data);
}

/** A webhook event in the caller's transaction (nothing is written when no endpoint listens). */
export async function emit(q: TxSql, workspaceId: string, type: string, data: unknown): Promise<void> {
  await q(
    "feed-webhook-emit",
    `SELECT posteady_webhook_emit($1::uuid, $2::text, $3::jsonb) WHERE cardinality(posteady_webhook_listened($1::uuid, ARRAY[$2::text])) > 0`,
    [workspaceId, type, JSON.stringify(data)],
  );
}

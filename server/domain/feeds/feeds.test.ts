// RSS and Atom feeds (issue 49) on the real stack: a real HTTP server of this test (on 127.0.0.2,
// the tests' URL_FETCH_ALLOW_CIDRS) serves the documents with ETag or Last-Modified and answers
// the conditional requests with 304. Polls are run through pollFeedNow and pollDueFeeds, the
// functions the worker's tick calls, so nothing waits for the cron.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { createPostGroup } from "../post-groups/create-post-group.ts";
import { createWebhook } from "../webhooks/manage-webhooks.ts";
import { feedScope } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { expectIssue } from "../../testing/post-group-fixtures.ts";
import { itemRequestId } from "./feed-items.ts";
import { pollDueFeeds, pollFeedNow } from "./poll-feeds.ts";
import type { PostGroupBody } from "../post-groups/post-groups.schema.ts";

/** `held`: the server answers only once it settles, calling `arrived` when the request is in */
type Doc = { body: string; etag?: string; lastModified?: string; type?: string; held?: { until: Promise<void>; arrived: () => void } };
const docs = new Map<string, Doc>();
const requests: { path: string; ifNoneMatch?: string; ifModifiedSince?: string; status: number }[] = [];
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const path = req.url ?? "/";
    const doc = docs.get(path);
    if (doc?.held) {
      doc.held.arrived();
      await doc.held.until;
    }
    const ifNoneMatch = req.headers["if-none-match"];
    const ifModifiedSince = req.headers["if-modified-since"];
    const answer = (status: number, headers: Record<string, string> = {}, body = "") => {
      requests.push({ path, ifNoneMatch, ifModifiedSince, status });
      res.writeHead(status, headers).end(body);
    };
    if (!doc) return answer(404);
    if ((doc.etag && ifNoneMatch === doc.etag) || (!doc.etag && doc.lastModified && ifModifiedSince === doc.lastModified)) return answer(304);
    answer(
      200,
      {
        "Content-Type": doc.type ?? "application/rss+xml; charset=utf-8",
        ...(doc.etag ? { ETag: doc.etag } : {}),
        ...(doc.lastModified ? { "Last-Modified": doc.lastModified } : {}),
      },
      doc.body,
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.2", r));
  base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const hitsOf = (path: string) => requests.filter((r) => r.path === path);
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

type RssItem = { guid?: string; title: string; link: string; at?: Date; description?: string };
function rss(items: RssItem[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Tips</title><link>https://example.com/</link><description>Tips</description>
${items
  .map(
    (i) =>
      `<item>${i.guid ? `<guid isPermaLink="false">${i.guid}</guid>` : ""}<title>${i.title}</title><link>${i.link}</link>${i.at ? `<pubDate>${i.at.toUTCString()}</pubDate>` : ""}${i.description ? `<description><![CDATA[${i.description}]]></description>` : ""}</item>`,
  )
  .join("\n")}</channel></rss>`;
}

type AtomEntry = { id: string; title: string; link: string; at?: Date; author?: string; summary?: string };
function atom(entries: AtomEntry[]): string {
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Notes</title><id>urn:notes</id><updated>${new Date().toISOString()}</updated>
${entries
  .map(
    (e) =>
      `<entry><id>${e.id}</id><title>${e.title}</title><link href="${e.link}"/>${e.at ? `<updated>${e.at.toISOString()}</updated>` : ""}${e.author ? `<author><name>${e.author}</name></author>` : ""}${e.summary ? `<summary type="html">${e.summary}</summary>` : ""}</entry>`,
  )
  .join("\n")}</feed>`;
}

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const threads = await connectAccount(t.scope, "threads");
  const call = api(t.key);
  const slots = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].flatMap((day) => ["09:00", "13:00", "17:00"].map((time) => ({ day, time })));
  const put = await call("PUT", `/api/v1/accounts/${threads.accountId}/posting-schedule`, { body: { timezone: "UTC", slots } });
  expect(put.status, put.text).toBe(200);
  return { ...t, threads, call };
}

const groupsOf = (workspaceId: string) => db.postGroup.findMany({ where: { workspaceId } });
const eventsOf = (workspaceId: string, type: string) => db.webhookEvent.findMany({ where: { workspaceId, type } });

describe("adding a feed", () => {
  it("refuses bad input with 422 naming the field, writes nothing, and answers 404 for another workspace's feed", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const instagram = await connectAccount(t.scope, "instagram");
    docs.set("/valid.xml", { body: rss([]) });
    const body = { url: `${base}/valid.xml`, accountIds: [t.threads.accountId], mode: "queue", template: "{title} {link}" };
    const add = (change: Record<string, unknown>) => t.call("POST", "/api/v1/feeds", { body: { ...body, ...change } });

    expectIssue(await add({ url: "ftp://example.com/feed.xml" }), "url", "url_refused");
    expectIssue(await add({ url: "http://127.0.0.1:9/feed.xml" }), "url", "url_refused");
    expectIssue(await add({ url: "not a url" }), "url");
    expectIssue(await add({ accountIds: [] }), "accountIds");
    expectIssue(await add({ accountIds: [crypto.randomUUID()] }), "accountIds[0]", "not_found");
    expectIssue(await add({ accountIds: [t.threads.accountId, instagram.accountId] }), "accountIds[1]", "not_supported");
    // the queue needs slots; x has none
    expectIssue(await add({ accountIds: [t.threads.accountId, x.accountId] }), "accountIds[1]", "no_slots");
    expectIssue(await add({ template: "{title} {permalink}" }), "template", "unknown_placeholder");
    expectIssue(await add({ template: "   " }), "template");
    expectIssue(await add({ mode: "publish" }), "mode");
    expect((await t.call("GET", "/api/v1/feeds")).json).toEqual({ feeds: [] });

    // drafts need no slots, and the template defaults to "{title} {link}"
    const created = await t.call("POST", "/api/v1/feeds", { body: { url: `${base}/valid.xml`, accountIds: [x.accountId] } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ mode: "draft", template: "{title} {link}", accountIds: [x.accountId], lastFetch: null });

    const stranger = api((await createWorkspaceWithKey()).key);
    expect((await stranger("GET", `/api/v1/feeds/${created.json.feedId}`)).status).toBe(404);
    expect((await stranger("DELETE", `/api/v1/feeds/${created.json.feedId}`)).status).toBe(404);
    expect((await stranger("GET", "/api/v1/feeds")).json).toEqual({ feeds: [] });
    expect((await t.call("GET", `/api/v1/feeds/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("an RSS 2.0 feed in the queue mode", () => {
  it("takes only items newer than the subscription, sends conditional requests (304 creates nothing), and makes a new item one queued post group, once", async () => {
    const t = await setup();
    await createWebhook(t.scope, { url: `${base}/hook`, events: ["feed.item_posted", "feed.fetch_failed"] });
    const path = `/rss-${crypto.randomUUID()}.xml`;
    const old = [1, 2, 3].map((n) => ({ guid: `tip-${n}`, title: `Tip ${n}`, link: `https://example.com/tips/${n}`, at: ago(60 * 24 * n) }));
    docs.set(path, { body: rss(old), etag: '"v1"' });

    const created = await t.call("POST", "/api/v1/feeds", { body: { url: base + path, accountIds: [t.threads.accountId], mode: "queue" } });
    expect(created.status, created.text).toBe(201);
    const feedId = created.json.feedId as string;

    const first = await pollFeedNow(t.scope, feedId);
    expect(first.fetched).toBe(true);
    expect(first.lastFetch).toMatchObject({ status: "ok", newItems: 0 });
    expect(first.recentItems.map((i) => i.status)).toEqual(["seen", "seen", "seen"]);
    expect(await groupsOf(t.workspace.id)).toHaveLength(0);
    expect(hitsOf(path).at(-1)).toMatchObject({ ifNoneMatch: undefined, status: 200 });

    // unchanged: the stored ETag goes back as If-None-Match, the server answers 304, nothing is created
    const second = await pollFeedNow(t.scope, feedId);
    expect(hitsOf(path).at(-1)).toMatchObject({ ifNoneMatch: '"v1"', status: 304 });
    expect(second.lastFetch).toMatchObject({ status: "not_modified", newItems: 0 });
    expect(await groupsOf(t.workspace.id)).toHaveLength(0);

    // a fourth item: a second poll while the first one's fetch is under way finds the feed held,
    // and a third after makes nothing more: one post group
    const fourth = { guid: "tip-4", title: "Tip 4: batch your posts", link: "https://example.com/tips/4", at: new Date() };
    await new Promise((r) => setTimeout(r, 5));
    let release = () => {};
    const arrived = new Promise<void>((received) => {
      docs.set(path, { body: rss([fourth, ...old]), etag: '"v2"', held: { until: new Promise((r) => (release = r)), arrived: received } });
    });
    const a = pollFeedNow(t.scope, feedId);
    await arrived;
    const b = await pollFeedNow(t.scope, feedId);
    release();
    expect([(await a).fetched, b.fetched]).toEqual([true, false]);
    const third = await pollFeedNow(t.scope, feedId);
    expect(third.fetched).toBe(true);
    expect(hitsOf(path).at(-1)).toMatchObject({ ifNoneMatch: '"v2"', status: 304 });

    const groups = await groupsOf(t.workspace.id);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.requestId).toBe(itemRequestId(feedId, "tip-4"));
    const queue = await t.call("GET", `/api/v1/queue?accountId=${t.threads.accountId}`);
    expect(queue.json.items.map((i: { text: string }) => i.text)).toEqual(["Tip 4: batch your posts https://example.com/tips/4"]);
    const detail = await t.call("GET", `/api/v1/feeds/${feedId}`);
    expect(detail.json.recentItems[0]).toMatchObject({ itemKey: "tip-4", status: "posted", postGroupId: groups[0]!.id });
    expect(detail.json.lastFetch).toMatchObject({ status: "not_modified" });
    const events = await eventsOf(t.workspace.id, "feed.item_posted");
    expect(events).toHaveLength(1);
    expect(events[0]!.resource).toMatchObject({ feedId, mode: "queue", postGroupId: groups[0]!.id, item: { itemKey: "tip-4" } });

    // the next fetch is FEED_POLL_MINUTES (15 in the tests) after the last, and the worker's tick leaves it until then
    const listed = (await t.call("GET", "/api/v1/feeds")).json.feeds[0];
    expect(new Date(listed.nextFetchAt).getTime() - new Date(listed.lastFetch.at).getTime()).toBeCloseTo(15 * 60_000, -3);
    const before = hitsOf(path).length;
    await pollDueFeeds(feedScope);
    expect(hitsOf(path)).toHaveLength(before);
    await db.feed.update({ where: { id: feedId }, data: { nextFetchAt: ago(1) } });
    await pollDueFeeds(feedScope);
    expect(hitsOf(path)).toHaveLength(before + 1);

    // deleted while due: never fetched again, and what it made stays
    await db.feed.update({ where: { id: feedId }, data: { nextFetchAt: ago(1) } });
    expect((await t.call("DELETE", `/api/v1/feeds/${feedId}`)).json).toEqual({ deleted: 1 });
    expect((await t.call("GET", `/api/v1/feeds/${feedId}`)).status).toBe(404);
    await pollDueFeeds(feedScope);
    expect(hitsOf(path)).toHaveLength(before + 1);
    expect(await groupsOf(t.workspace.id)).toHaveLength(1);
  });

  it("holds a queued item for approval where every post needs it (the worker's poll, as a member's post would be)", async () => {
    const t = await setup();
    await db.workspace.update({ where: { id: t.workspace.id }, data: { approvalRequired: true } });
    const path = `/rss-${crypto.randomUUID()}.xml`;
    docs.set(path, { body: rss([]), etag: '"a1"' });
    const created = await t.call("POST", "/api/v1/feeds", { body: { url: base + path, accountIds: [t.threads.accountId], mode: "queue" } });
    expect(created.status, created.text).toBe(201);
    const feedId = created.json.feedId as string;
    await new Promise((r) => setTimeout(r, 5));
    docs.set(path, { body: rss([{ guid: "new-1", title: "Fresh news", link: "https://example.com/n/1", at: new Date() }]), etag: '"a2"' });
    await db.feed.update({ where: { id: feedId }, data: { nextFetchAt: ago(1) } });
    await pollDueFeeds(feedScope);
    const groups = await groupsOf(t.workspace.id);
    expect(groups.map((g) => g.approvalStatus)).toEqual(["pending"]);
    expect(await db.publishJob.count({ where: { postGroupId: groups[0]!.id } })).toBe(0);
  });

  it("a crash between recording an item and creating its group loses nothing and doubles nothing", async () => {
    const t = await setup();
    const path = `/crash-${crypto.randomUUID()}.xml`;
    docs.set(path, { body: rss([]), etag: '"e0"' });
    const feedId = (await t.call("POST", "/api/v1/feeds", { body: { url: base + path, accountIds: [t.threads.accountId], mode: "queue" } })).json.feedId;
    await pollFeedNow(t.scope, feedId);
    // the state a worker killed after creating the group, before marking the item, leaves
    const body: PostGroupBody = {
      requestId: itemRequestId(feedId, "crash-1"),
      content: { text: "Before the crash https://example.com/c" },
      targets: [{ accountId: t.threads.accountId }],
      queue: true,
    };
    await db.feedItem.create({
      data: {
        feedId,
        itemKey: "crash-1",
        workspaceId: t.workspace.id,
        status: "pending",
        title: "Before the crash",
        requestId: body.requestId,
        body: JSON.stringify(body),
      },
    });
    const made = await createPostGroup(t.scope, body);
    await pollFeedNow(t.scope, feedId);
    const groups = await groupsOf(t.workspace.id);
    expect(groups.map((g) => g.id)).toEqual([made.body.postGroupId]);
    expect(await db.feedItem.findUnique({ where: { feedId_itemKey: { feedId, itemKey: "crash-1" } } })).toMatchObject({
      status: "posted",
      postGroupId: made.body.postGroupId,
    });
    // killed before the group: the next fetch creates it
    await db.feedItem.create({
      data: {
        feedId,
        itemKey: "crash-2",
        workspaceId: t.workspace.id,
        status: "pending",
        title: "Lost?",
        requestId: itemRequestId(feedId, "crash-2"),
        body: JSON.stringify({ ...body, requestId: itemRequestId(feedId, "crash-2"), content: { text: "Not lost" } }),
      },
    });
    await pollFeedNow(t.scope, feedId);
    await pollFeedNow(t.scope, feedId);
    expect(await groupsOf(t.workspace.id)).toHaveLength(2);
  });

  it("shortens a title too long for the account at a word, keeping the link, and records an item that cannot fit as failed", async () => {
    const t = await setup();
    const path = `/long-${crypto.randomUUID()}.xml`;
    docs.set(path, { body: rss([]) });
    const feedId = (await t.call("POST", "/api/v1/feeds", { body: { url: base + path, accountIds: [t.threads.accountId], mode: "queue" } })).json.feedId;
    await pollFeedNow(t.scope, feedId);
    const longTitle = Array.from({ length: 120 }, (_, i) => `word${i}`).join(" ");
    docs.set(path, { body: rss([{ title: longTitle, link: "https://example.com/long", at: new Date() }]) });
    await pollFeedNow(t.scope, feedId);
    const queue = (await t.call("GET", `/api/v1/queue?accountId=${t.threads.accountId}`)).json.items;
    expect(queue).toHaveLength(1);
    const job = await db.publishJob.findFirstOrThrow({ where: { workspaceId: t.workspace.id } });
    const text = (job.payload as { posts: string[] }).posts[0]!;
    expect([...text].length).toBeLessThanOrEqual(500);
    expect(text).toMatch(/^word0 word1 .* word\d+… https:\/\/example\.com\/long$/);

    // a template whose own words are too long cannot be saved by shortening the title
    const tooLong = `${"Read this. ".repeat(50)}{title} {link}`;
    const other = (await t.call("POST", "/api/v1/feeds", { body: { url: base + path, accountIds: [t.threads.accountId], mode: "queue", template: tooLong } }))
      .json.feedId;
    await pollFeedNow(t.scope, other);
    docs.set(path, { body: rss([{ title: "Short", link: "https://example.com/short", at: new Date() }]) });
    await pollFeedNow(t.scope, other);
    const detail = (await t.call("GET", `/api/v1/feeds/${other}`)).json;
    expect(detail.lastFetch).toMatchObject({ status: "ok", newItems: 1 });
    expect(detail.recentItems[0]).toMatchObject({ status: "failed", postGroupId: null, error: expect.stringContaining("too long") });
  });
});

describe("an Atom feed in the draft mode", () => {
  it("records the old and undated entries of the first fetch, sends If-Modified-Since, and makes a new entry one draft with the template filled", async () => {
    const t = await setup();
    const path = `/atom-${crypto.randomUUID()}.xml`;
    const stamp = "Sun, 29 Nov 2026 08:00:00 GMT";
    const first = [
      { id: "urn:note:1", title: "Old note", link: "https://example.com/notes/1", at: ago(120) },
      { id: "urn:note:2", title: "Undated note", link: "https://example.com/notes/2" },
    ];
    docs.set(path, { body: atom(first), lastModified: stamp, type: "application/atom+xml" });
    const feedId = (
      await t.call("POST", "/api/v1/feeds", {
        body: { url: base + path, accountIds: [t.threads.accountId], mode: "draft", template: "{title} by {author}: {summary}\n{link}" },
      })
    ).json.feedId;
    const one = await pollFeedNow(t.scope, feedId);
    expect(one.recentItems.map((i) => [i.itemKey, i.status]).sort()).toEqual([
      ["urn:note:1", "seen"],
      ["urn:note:2", "seen"],
    ]);
    await pollFeedNow(t.scope, feedId);
    expect(hitsOf(path).at(-1)).toMatchObject({ ifModifiedSince: stamp, status: 304 });

    const entry = {
      id: "urn:note:3",
      title: "Fresh &amp; new",
      link: "https://example.com/notes/3",
      at: new Date(),
      author: "Ada",
      summary: "&lt;p&gt;A &lt;b&gt;short&lt;/b&gt; note.&lt;/p&gt;",
    };
    docs.set(path, { body: atom([entry, ...first]), lastModified: "Sun, 29 Nov 2026 09:00:00 GMT", type: "application/atom+xml" });
    await Promise.all([pollFeedNow(t.scope, feedId), pollFeedNow(t.scope, feedId)]);
    await pollFeedNow(t.scope, feedId);
    const drafts = (await t.call("GET", "/api/v1/drafts")).json.drafts;
    expect(drafts).toHaveLength(1);
    expect(drafts[0].composition).toMatchObject({
      content: { text: "Fresh & new by Ada: A short note.\nhttps://example.com/notes/3" },
      targets: [{ accountId: t.threads.accountId }],
    });
    expect(await groupsOf(t.workspace.id)).toHaveLength(0);
    const detail = (await t.call("GET", `/api/v1/feeds/${feedId}`)).json;
    expect(detail.recentItems.find((i: { itemKey: string }) => i.itemKey === "urn:note:3")).toMatchObject({ status: "posted", draftId: drafts[0].draftId });
  });
});

describe("a feed that cannot be read", () => {
  it("shows the error as the last fetch's outcome, announces it once, and recovers", async () => {
    const t = await setup();
    await createWebhook(t.scope, { url: `${base}/hook`, events: ["feed.fetch_failed"] });
    const path = `/broken-${crypto.randomUUID()}.xml`;
    docs.set(path, { body: "<!doctype html><html><body>Not a feed</body></html>", type: "text/html" });
    const feedId = (await t.call("POST", "/api/v1/feeds", { body: { url: base + path, accountIds: [t.threads.accountId] } })).json.feedId;
    const garbage = await pollFeedNow(t.scope, feedId);
    expect(garbage.lastFetch).toMatchObject({ status: "error", newItems: 0, error: "The URL did not answer an RSS or Atom feed" });
    docs.delete(path);
    const missing = await pollFeedNow(t.scope, feedId);
    expect(missing.lastFetch).toMatchObject({ status: "error", error: expect.stringContaining("HTTP 404") });
    expect(await eventsOf(t.workspace.id, "feed.fetch_failed")).toHaveLength(1);

    // nothing listens on port 9 of 127.0.0.2
    const unreachable = (await t.call("POST", "/api/v1/feeds", { body: { url: "http://127.0.0.2:9/feed.xml", accountIds: [t.threads.accountId] } })).json
      .feedId;
    const refused = await pollFeedNow(t.scope, unreachable);
    expect(refused.lastFetch).toMatchObject({ status: "error", error: expect.stringMatching(/^Fetching the feed failed/) });

    docs.set(path, { body: rss([]) });
    expect((await pollFeedNow(t.scope, feedId)).lastFetch).toMatchObject({ status: "ok", newItems: 0 });
    expect((await t.call("GET", "/api/v1/feeds")).json.feeds.map((f: { lastFetch: { status: string } }) => f.lastFetch.status)).toEqual(["ok", "error"]);
  });
});

describe("the worker", () => {
  it("fetches a due feed on its minute tick (the crontab's poll-feeds), without anyone asking", { timeout: 100_000 }, async () => {
    const t = await setup();
    const path = `/worker-${crypto.randomUUID()}.xml`;
    docs.set(path, { body: rss([{ guid: "w-1", title: "Already there", link: "https://example.com/w/1", at: ago(60) }]) });
    const created = await t.call("POST", "/api/v1/feeds", { body: { url: base + path, accountIds: [t.threads.accountId] } });
    expect(created.json.lastFetch).toBeNull();
    const deadline = Date.now() + 90_000;
    let feed = created.json;
    while (!feed.lastFetch && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1_000));
      feed = (await t.call("GET", `/api/v1/feeds/${created.json.feedId}`)).json;
    }
    expect(feed.lastFetch).toMatchObject({ status: "ok", newItems: 0 });
    expect(feed.recentItems).toEqual([expect.objectContaining({ itemKey: "w-1", status: "seen" })]);
    expect(hitsOf(path)).toHaveLength(1);
  });
});

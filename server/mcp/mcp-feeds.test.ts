// The feed tools, called as an agent would: add_feed, list_feeds, fetch_feed, get_feed and
// delete_feed answer what their REST twins answer. The feed is served by this test on 127.0.0.2.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAccount } from "../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";
import { httpClient, ok } from "./test-client.ts";

const rss = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://example.com/</link><description>T</description></channel></rss>';
let server: http.Server;
let base = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.headers["if-none-match"] === '"t1"') return void res.writeHead(304).end();
    res.writeHead(200, { "Content-Type": "application/rss+xml", ETag: '"t1"' }).end(rss);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.2", r));
  base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("feed tools", () => {
  it("add_feed, list_feeds, fetch_feed, get_feed and delete_feed answer what the REST twins answer", async () => {
    const t = await createWorkspaceWithKey();
    const threads = await connectAccount(t.scope, "threads");
    const call = api(t.key);
    const client = await httpClient(t.key);
    const added = await ok(client, "add_feed", { url: `${base}/tools.xml`, accountIds: [threads.accountId], mode: "draft" });
    expect(added).toMatchObject({ url: `${base}/tools.xml`, mode: "draft", template: "{title} {link}" });
    expect(await ok(client, "list_feeds")).toEqual((await call("GET", "/api/v1/feeds")).json);
    const fetched = await ok(client, "fetch_feed", { feedId: added.feedId });
    expect(fetched).toMatchObject({ fetched: true, lastFetch: { status: "ok", newItems: 0 } });
    const rest = await call("POST", `/api/v1/feeds/${added.feedId}/fetch`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json).toMatchObject({ feedId: added.feedId, fetched: true, lastFetch: { status: "not_modified" } });
    expect(await ok(client, "get_feed", { feedId: added.feedId })).toEqual((await call("GET", `/api/v1/feeds/${added.feedId}`)).json);
    expect(await ok(client, "delete_feed", { feedId: added.feedId })).toEqual({ deleted: 1 });
    expect(await ok(client, "list_feeds")).toEqual({ feeds: [] });
  });
});

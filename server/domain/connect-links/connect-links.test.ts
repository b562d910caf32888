// Client connect links over real HTTP against the test stack and the platform sandbox: created
// through the REST door, opened and completed as a person without a login would (the public
// page, the platform's consent, the callback), used once, revoked, and refused in plain words.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../db.ts";
import { createApiKey } from "../api-keys/create-api-key.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import { scopeFromSession } from "../../scope.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { sandboxUrl } from "../../testing/platform-fixtures.ts";
import { startReceiver, type Receiver } from "../../testing/webhook-receiver.ts";
import { createConnectLink } from "./manage-connect-links.ts";
import { startLinkConnect } from "./open-connect-link.ts";
import type { ProviderName } from "../accounts/providers.ts";

const baseUrl = () => inject("baseUrl");
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

/** The link's public page, as a signed-out browser gets it. */
async function openPage(url: string) {
  const res = await fetch(baseUrl() + new URL(url).pathname, { redirect: "manual" });
  return { status: res.status, html: textOf(await res.text()) };
}

/** A page's HTML as read: React's markers between adjacent text parts (<!-- -->) removed. */
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

/** A person picks `provider` on the link's page and consents on the sandbox; answers the callback URL to visit. */
async function consentThrough(url: string, provider: ProviderName, username: string): Promise<URL> {
  const { authorizeUrl } = await startLinkConnect(tokenOf(url), provider);
  return consentHeadlessly(authorizeUrl, { username });
}

/** The browser coming back to our callback: where it is sent next. */
async function callback(back: URL): Promise<URL> {
  const res = await fetch(baseUrl() + back.pathname + back.search, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("client connect links", () => {
  it("connects an account for a person without a login, fires account.connected, and cannot be used a second time", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(t.key);
    const hook = await call("POST", "/api/v1/webhooks", { body: { url: receiver.url, events: ["account.connected"] } });
    expect(hook.status).toBe(201);
    receiver.useSecret(hook.json.secret);

    const created = await call("POST", "/api/v1/connect-links", { body: { providers: ["x", "linkedin"] } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      providers: ["x", "linkedin"],
      maxUses: 1,
      uses: 0,
      status: "active",
      createdBy: `test (${t.key.slice(0, 8)}…)`,
    });
    expect(created.json.url).toMatch(/\/connect\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(created.json.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // only the token's hash is kept
    const row = await db.connectLink.findUniqueOrThrow({ where: { id: created.json.connectLinkId } });
    expect(JSON.stringify(row)).not.toContain(tokenOf(created.json.url));

    const page = await openPage(created.json.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`Connect an account to ${t.workspace.name}`);
    expect(page.html).toContain("LinkedIn");
    // a platform the link does not offer is refused
    await expect(startLinkConnect(tokenOf(created.json.url), "youtube")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });

    const next = await callback(await consentThrough(created.json.url, "x", "client_one"));
    expect(next.pathname).toBe("/connect/done");
    expect(next.searchParams.get("connected")).toBe("@client_one");
    expect(next.searchParams.get("link")).toBe(created.json.connectLinkId);
    const done = await fetch(next);
    expect(textOf(await done.text())).toContain(`account @client_one is now connected to ${t.workspace.name}`);

    const accounts = await call("GET", "/api/v1/accounts");
    expect(accounts.json.accounts).toEqual([expect.objectContaining({ provider: "x", username: "client_one" })]);
    await expect
      .poll(() => receiver.received.filter((r) => r.type === "account.connected").map((r) => [r.data.username, r.verified]), { timeout: 30_000 })
      .toEqual([["client_one", true]]);

    const again = await openPage(created.json.url);
    expect(again.status).toBe(410);
    expect(again.html).toContain("This link has already been used");
    await expect(startLinkConnect(tokenOf(created.json.url), "x")).rejects.toMatchObject({ code: "CONFLICT", message: /already been used/ });
    const listed = await call("GET", "/api/v1/connect-links");
    expect(listed.json.connectLinks).toEqual([expect.objectContaining({ connectLinkId: created.json.connectLinkId, uses: 1, status: "used" })]);
    expect(JSON.stringify(listed.json)).not.toContain(tokenOf(created.json.url));
  });

  it("stores exactly one account when two completions of a single-use link race", async () => {
    const t = await createWorkspaceWithKey();
    const { url } = await createConnectLink(t.scope, { providers: ["threads"] });
    // two people (or two tabs) consent before either comes back
    const [a, b] = [await consentThrough(url, "threads", "racer_a"), await consentThrough(url, "threads", "racer_b")];
    const outcomes = await Promise.all([callback(a), callback(b)]);
    expect(outcomes.map((o) => o.pathname)).toEqual(["/connect/done", "/connect/done"]);
    expect(outcomes.filter((o) => o.searchParams.get("connected")).length).toBe(1);
    const refused = outcomes.find((o) => o.searchParams.get("message"))!;
    expect(refused.searchParams.get("message")).toMatch(/^This link has already been used/);
    expect(await db.connectedAccount.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
    expect(await db.connectLink.findFirstOrThrow({ where: { workspaceId: t.workspace.id } })).toMatchObject({ uses: 1, maxUses: 1 });
    // the refused one's page says so in plain words
    expect(await (await fetch(refused)).text()).toContain("This link has already been used");
  });

  it("a link of several uses connects that many accounts and no more", async () => {
    const t = await createWorkspaceWithKey();
    const { url } = await createConnectLink(t.scope, { providers: ["youtube"], maxUses: 2 });
    const flows = await Promise.all(["m1", "m2", "m3"].map((u) => consentThrough(url, "youtube", `multi_${u}`)));
    const outcomes = await Promise.all(flows.map(callback));
    expect(outcomes.filter((o) => o.searchParams.get("connected")).length).toBe(2);
    expect(await db.connectedAccount.count({ where: { workspaceId: t.workspace.id } })).toBe(2);
    expect((await openPage(url)).status).toBe(410);
  });

  it("revoked: a connection under way stores nothing, and the page answers 410 in plain words", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(t.key);
    const created = await call("POST", "/api/v1/connect-links", { body: { maxUses: 3 } });
    const back = await consentThrough(created.json.url, "linkedin", "revoked_client");
    const revoked = await call("DELETE", `/api/v1/connect-links/${created.json.connectLinkId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({ status: "revoked", revokedAt: expect.any(String), uses: 0 });
    // revoking again answers it as it is
    expect((await call("DELETE", `/api/v1/connect-links/${created.json.connectLinkId}`)).json.revokedAt).toBe(revoked.json.revokedAt);
    const next = await callback(back);
    expect(next.pathname).toBe("/connect/done");
    expect(next.searchParams.get("message")).toMatch(/^This link was withdrawn/);
    expect(await db.connectedAccount.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    const page = await openPage(created.json.url);
    expect([page.status, page.html.includes("This link was withdrawn")]).toEqual([410, true]);
    // an unknown link and a malformed one: 404, in plain words, no stack trace
    for (const path of ["/connect/" + "A".repeat(43), "/connect/not-a-token"]) {
      const res = await fetch(baseUrl() + path);
      const html = await res.text();
      expect([res.status, html.includes("This link is not valid"), /at \w+ \(|Error:/.test(html)]).toEqual([404, true, false]);
    }
    // another workspace's link is not found
    const other = await createWorkspaceWithKey();
    expect((await api(other.key)("DELETE", `/api/v1/connect-links/${created.json.connectLinkId}`)).status).toBe(404);
  });

  it("an expired link answers 410 and starts nothing", async () => {
    const t = await createWorkspaceWithKey();
    const { url, connectLinkId } = await createConnectLink(t.scope, {});
    await db.connectLink.update({ where: { id: connectLinkId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const page = await openPage(url);
    expect([page.status, page.html.includes("This link has expired")]).toEqual([410, true]);
    await expect(startLinkConnect(tokenOf(url), "x")).rejects.toMatchObject({ code: "NOT_FOUND", message: /expired/ });
    expect(await db.oAuthState.count({ where: { connectLinkId } })).toBe(0);
  });

  it("connects a Mastodon account on the server the person names, and offers Sign in with Bluesky", async () => {
    const t = await createWorkspaceWithKey();
    const { url, connectLinkId, providers } = await createConnectLink(t.scope, {});
    expect(providers).toEqual(expect.arrayContaining(["mastodon", "bluesky", "x"]));
    const instance = `${sandboxUrl()}/mastodon/client.example`;
    const username = `client_${crypto.randomUUID().slice(0, 6)}`;
    const { authorizeUrl } = await startLinkConnect(tokenOf(url), "mastodon", { instance });
    expect(authorizeUrl.startsWith(`${instance}/oauth/authorize?`)).toBe(true);
    expect((await callback(await consentHeadlessly(authorizeUrl, { username }))).pathname).toBe("/connect/done");
    const account = await db.connectedAccount.findFirstOrThrow({ where: { workspaceId: t.workspace.id, provider: "mastodon" } });
    expect([account.username, account.metadata]).toEqual([`${username}@client.example`, expect.objectContaining({ instance })]);
    expect((await db.connectLink.findUniqueOrThrow({ where: { id: connectLinkId } })).uses).toBe(1);
    // a Bluesky handle nobody can resolve is named as the field to fix, and nothing is stored
    const other = await createConnectLink(t.scope, { providers: ["bluesky"] });
    await expect(startLinkConnect(tokenOf(other.url), "bluesky", { handle: "nobody.invalid" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await db.oAuthState.count({ where: { connectLinkId: other.connectLinkId } })).toBe(0);
  });

  it("refuses bad input with 422 naming the field, creating nothing", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(t.key);
    const cases: [unknown, string | null][] = [
      [{ providers: ["myspace"] }, "providers[0]"],
      [{ providers: [] }, "providers"],
      [{ expiresAt: new Date(Date.now() - 60_000).toISOString() }, "expiresAt"],
      [{ expiresAt: new Date(Date.now() + 91 * 86_400_000).toISOString() }, "expiresAt"],
      [{ expiresAt: "next week" }, "expiresAt"],
      [{ maxUses: 0 }, "maxUses"],
      [{ maxUses: 101 }, "maxUses"],
      [{ maxUses: 1.5 }, "maxUses"],
      [{ uses: 5 }, "uses"],
    ];
    for (const [body, path] of cases) {
      const res = await call("POST", "/api/v1/connect-links", { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
      if (path !== null) expect(res.json.error.details.issues[0].path, JSON.stringify(body)).toBe(path);
    }
    expect(await db.connectLink.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    // the edges are accepted
    const edge = await call("POST", "/api/v1/connect-links", { body: { maxUses: 100, expiresAt: new Date(Date.now() + 89 * 86_400_000).toISOString() } });
    expect(edge.status).toBe(201);
  });

  it("answers a key only within its scopes, and a member only with accounts.manage", async () => {
    const t = await createWorkspaceWithKey();
    const reader = api((await createApiKey(t.scope, { name: "reader", scopes: ["accounts:read"] })).key);
    const writer = api((await createApiKey(t.scope, { name: "writer", scopes: ["accounts:write"] })).key);
    const refused = await reader("POST", "/api/v1/connect-links", { body: {} });
    expect([refused.status, refused.json.error.details.requiredScope]).toEqual([403, "accounts:write"]);
    expect((await reader("GET", "/api/v1/connect-links")).status).toBe(200);
    const made = await writer("POST", "/api/v1/connect-links", { body: {} });
    expect(made.status).toBe(201);
    expect((await writer("GET", "/api/v1/connect-links")).json.error.details.requiredScope).toBe("accounts:read");
    expect((await reader("DELETE", `/api/v1/connect-links/${made.json.connectLinkId}`)).status).toBe(403);

    // the dashboard's members: an editor may not create or revoke; the owner may
    await db.membership.updateMany({ where: { workspaceId: t.workspace.id, userId: t.user.id }, data: { role: "EDITOR" } });
    const editor = await scopeFromSession(t.user.id, t.workspace.id);
    await expect(createConnectLink(editor, {})).rejects.toMatchObject({ code: "FORBIDDEN", details: { permission: "accounts.manage" } });
    await db.membership.updateMany({ where: { workspaceId: t.workspace.id, userId: t.user.id }, data: { role: "OWNER" } });
    const owner = await scopeFromSession(t.user.id, t.workspace.id);
    expect((await createConnectLink(owner, {})).createdBy).toBe(t.email);
    expect(await db.connectLink.count({ where: { workspaceId: t.workspace.id } })).toBe(2);
  });
});

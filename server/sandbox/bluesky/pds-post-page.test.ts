// The sandbox link of a Bluesky post (sandboxPostUrl → /_sandbox/open) opens the record kept by
// the sandbox's real local PDS: posted here with @atproto/api through the sandbox's address, as
// the service does, then read back as the page a person opens.
import { AtpAgent } from "@atproto/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../runtime/embedded-postgres.ts";
import { makeJpeg } from "../../testing/media-fixtures.ts";
import { startSandbox, type RunningSandbox } from "../app.ts";
import { localServers, providerModules } from "../provider-modules.ts";

let sandbox: RunningSandbox;
const open = (permalink: string) => fetch(`${sandbox.url}/_sandbox/open?${new URLSearchParams({ permalink })}`);

beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), modules: providerModules, localServers });
});
afterAll(() => sandbox?.close());

describe("sandbox pages of Bluesky posts", () => {
  it("an unknown Bluesky permalink is the 404 page while the PDS has not started (without starting it)", async () => {
    const before = await open("https://bsky.app/profile/nobody.test/post/3kabc");
    expect(before.status).toBe(404);
    expect(await before.text()).toContain("has no post with the permalink");
  });

  it("the permalink of a post on the local PDS shows its text (escaped), image with alt text, thread reply and time; an unknown rkey is a 404", async () => {
    const created = (await (
      await fetch(`${sandbox.url}/_sandbox/bluesky/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ handle: "pagewriter" }),
      })
    ).json()) as { handle: string; appPassword: string };
    const agent = new AtpAgent({ service: sandbox.url });
    await agent.login({ identifier: created.handle, password: created.appPassword });
    const jpeg = await makeJpeg({ width: 64, height: 48 });
    const blob = await agent.uploadBlob(jpeg, { encoding: "image/jpeg" });
    const root = await agent.post({
      text: "Hello <b>sky</b>",
      createdAt: "2026-11-29T09:00:00.000Z",
      embed: { $type: "app.bsky.embed.images", images: [{ image: blob.data.blob, alt: "A heron on one leg" }] },
    });
    const reply = await agent.post({
      text: "Second post of the thread",
      reply: { root: { uri: root.uri, cid: root.cid }, parent: { uri: root.uri, cid: root.cid } },
    });
    const rkey = root.uri.split("/").pop()!;

    const res = await open(`https://bsky.app/profile/${created.handle}/post/${rkey}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("Bluesky post by @pagewriter.test");
    expect(page).toContain("Hello &lt;b&gt;sky&lt;/b&gt;");
    expect(page).toContain("Alt text: A heron on one leg");
    expect(page).toContain(`alt="A heron on one leg"`);
    expect(page).toContain("posted 2026-11-29 09:00:00 UTC");
    expect(page).toContain("Second post of the thread");
    const cid = blob.data.blob.ref.toString();
    const img = await fetch(`${sandbox.url}/xrpc/com.atproto.sync.getBlob?${new URLSearchParams({ did: agent.session!.did, cid })}`);
    expect(page).toContain(`/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(agent.session!.did)}&amp;cid=${cid}`);
    expect(img.status).toBe(200);

    // the reply's page (by DID, as its link names it) links back to its parent
    const replyPage = await (await open(`https://bsky.app/profile/${agent.session!.did}/post/${reply.uri.split("/").pop()}`)).text();
    expect(replyPage).toContain("Second post of the thread");
    expect(replyPage).toContain(`data-testid="sandbox-parent">${root.uri}</a>`);

    const missing = await open(`https://bsky.app/profile/${created.handle}/post/3zzzzzzzzzzzz`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("has no post with the permalink");
    // other permalinks still go to the sandbox's own posts
    expect((await open("https://x.com/nobody/status/1")).status).toBe(404);
  });
});

// The sandbox's page of a post: reached from its permalink, showing what the platform received
// (text escaped, the medium served from the kept bytes with its alt text), and a clear 404.
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { makeJpeg } from "../testing/media-fixtures.ts";
import { createSandboxApp } from "./app.ts";
import { providerModules } from "./provider-modules.ts";
import { SandboxState } from "./state.ts";

const state = new SandboxState();
const app = createSandboxApp(state, "http://127.0.0.1:9", providerModules);
afterAll(() => state.media.clear());

describe("sandbox post pages", () => {
  it("the permalink leads to the post's page: text (escaped), the image from its kept bytes with its alt text, replies, metrics", async () => {
    const jpeg = await makeJpeg({ width: 320, height: 200 });
    const sha256 = crypto.createHash("sha256").update(jpeg).digest("hex");
    state.media.keep(jpeg, sha256);
    const post = state.addPost({
      provider: "x",
      profileId: "p1",
      username: "ada",
      kind: "tweet",
      text: "Hello <script>alert(1)</script>",
      media: [{ size: jpeg.length, sha256, type: "photo", contentType: "image/jpeg" }],
      extra: { media: [{ media_key: "3_1", type: "photo", alt_text: "A lighthouse at dusk" }] },
      permalink: (id) => `https://x.com/ada/status/${id}`,
    });
    state.addPost({
      provider: "x",
      profileId: "p1",
      username: "ada",
      kind: "reply",
      text: "And a reply",
      replyTo: post.id,
      media: [],
      extra: {},
      permalink: (id) => `https://x.com/ada/status/${id}`,
    });

    const open = await app.request(`/_sandbox/open?${new URLSearchParams({ permalink: post.permalink })}`);
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe(`/_sandbox/posts/${post.id}`);
    const page = await (await app.request(`/_sandbox/posts/${post.id}`)).text();
    expect(page).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("<script>alert(1)");
    expect(page).toContain(`<img src="/_sandbox/media/${sha256}" alt="A lighthouse at dusk" />`);
    expect(page).toContain("Alt text: A lighthouse at dusk");
    expect(page).toContain("And a reply");
    expect(page).toContain(`href="${post.permalink}"`);
    expect(page).toMatch(/<dt>views<\/dt>\s*<dd>[\d,]+<\/dd>/);

    const medium = await app.request(`/_sandbox/media/${sha256}`);
    expect([medium.status, medium.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(Buffer.from(await medium.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it("answers 404 pages for an unknown permalink or post, and for media it does not keep", async () => {
    const open = await app.request("/_sandbox/open?permalink=https%3A%2F%2Fx.com%2Fnobody%2Fstatus%2F1");
    expect(open.status).toBe(404);
    expect(await open.text()).toContain("has no post with the permalink");
    expect((await app.request("/_sandbox/posts/404404")).status).toBe(404);
    expect((await app.request(`/_sandbox/media/${"0".repeat(64)}`)).status).toBe(404);
    expect((await app.request("/_sandbox/media/..%2Fstate.json")).status).toBe(404);
  });
});

// A first comment on a Facebook Page post through the adapter against the sandbox: POST
// /{object-id}/comments with `message` and the Page token, made as the Page; readable on GET
// /{object-id}/comments; refused without pages_manage_engagement.
import { describe, expect, it } from "vitest";
import { connect, contextFor } from "../../testing/platform-fixtures.ts";
import { platformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import { facebookAdapter as fb } from "./facebook-adapter.ts";

async function page(scopes?: string[]) {
  const { tokens, identity } = await connect(fb, { pageName: "Comment Bakery" }, { scopes });
  return contextFor(identity, tokens);
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

describe("Facebook first comment", () => {
  it("comments as the Page on its post; the comment is listed on the post's comments edge", async () => {
    const ctx = await page();
    const post = await fb.publishFeed(ctx, { message: "Fresh bread today" });
    const { id } = await fb.comment!(ctx, { postId: post.id, text: "Open until 6 pm" });
    expect(id).toMatch(/^\d+_\d+$/);
    const q = new URLSearchParams({ access_token: ctx.accessToken });
    const res = await fetch(`${platformConfig().endpoints.facebook.graph}/${platformConfig().metaGraphVersion}/${post.id}/comments?${q}`);
    const body = (await res.json()) as { data: unknown[] };
    expect(body.data).toEqual([
      { id, message: "Open until 6 pm", from: { id: ctx.providerAccountId, name: "Comment Bakery" }, created_time: expect.stringMatching(/\+0000$/) },
    ]);
  });

  it("needs pages_manage_engagement: permission otherwise", async () => {
    const ctx = await page(fb.defaultScopes.filter((s) => s !== "pages_manage_engagement"));
    const post = await fb.publishFeed(ctx, { message: "No comments from us" });
    expect((await failure(fb.comment!(ctx, { postId: post.id, text: "no" }))).kind).toBe("permission");
  });

  it("answers not_found for a post that does not exist", async () => {
    const ctx = await page();
    expect((await failure(fb.comment!(ctx, { postId: `${ctx.providerAccountId}_1`, text: "hello" }))).kind).toBe("not_found");
  });
});

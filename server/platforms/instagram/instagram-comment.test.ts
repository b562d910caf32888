// A first comment on Instagram through the adapter against the sandbox: POST /{ig-media-id}/comments
// with `message`, the comment readable on GET /{ig-media-id}/comments, and the refusals a user
// meets (no instagram_business_manage_comments, a media that is not theirs or does not exist).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, contextFor } from "../../testing/platform-fixtures.ts";
import { makeJpeg, serveBytes } from "../../testing/media-fixtures.ts";
import { platformConfig } from "../config.ts";
import { PlatformError } from "../errors.ts";
import type { AccountContext } from "../types.ts";
import { instagramAdapter as ig } from "./instagram-adapter.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let photo: Buffer;
let media: Awaited<ReturnType<typeof serveBytes>>;

beforeAll(async () => {
  photo = await makeJpeg();
  media = await serveBytes({ "photo.jpg": { body: photo, type: "image/jpeg" } });
});
afterAll(() => media.close());

async function account(scopes?: string[]) {
  const { tokens, identity } = await connect(ig, scopes ? { scopes } : {});
  return contextFor(identity, tokens);
}

/** One published image post of the account. */
async function published(ctx: AccountContext): Promise<string> {
  const source = { url: media.url("photo.jpg"), size: photo.length, mimeType: "image/jpeg", readRange: async () => new Uint8Array() };
  const { id } = await ig.createContainer(ctx, { type: "IMAGE", image: source, caption: "The post" });
  for (let i = 0; i < 200 && (await ig.containerStatus(ctx, id)).statusCode === "IN_PROGRESS"; i++) await sleep(50);
  return (await ig.publishContainer(ctx, id)).id;
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

describe("Instagram first comment", () => {
  it("comments on the account's media; the comment is listed on the media's comments edge", async () => {
    const ctx = await account();
    const mediaId = await published(ctx);
    const { id } = await ig.comment!(ctx, { postId: mediaId, text: "Link in bio 👇" });
    expect(id).toMatch(/^\d+$/);
    const res = await fetch(`${platformConfig().endpoints.instagram.graph}/${platformConfig().metaGraphVersion}/${mediaId}/comments`, {
      headers: { Authorization: `Bearer ${ctx.accessToken}` },
    });
    const body = (await res.json()) as { data: { id: string; text: string; timestamp: string }[] };
    expect(body.data).toEqual([{ id, text: "Link in bio 👇", timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/) }]);
  });

  it("needs instagram_business_manage_comments: permission otherwise", async () => {
    const ctx = await account(["instagram_business_basic", "instagram_business_content_publish"]);
    const mediaId = await published(ctx);
    expect((await failure(ig.comment!(ctx, { postId: mediaId, text: "no" }))).kind).toBe("permission");
  });

  it("answers not_found for a media that does not exist or is another account's", async () => {
    const ctx = await account();
    const other = await account();
    const theirs = await published(other);
    expect((await failure(ig.comment!(ctx, { postId: theirs, text: "hello" }))).kind).toBe("not_found");
    expect((await failure(ig.comment!(ctx, { postId: "17890000000000000", text: "hello" }))).kind).toBe("not_found");
  });
});

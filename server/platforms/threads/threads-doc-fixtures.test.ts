// No maintained Threads client exists, so the official documentation's own examples stand in for
// one (doc-fixtures/threads-api-examples.json, each with its page): replayed in order against the
// sandbox, every answer must have the documented shape; and the adapter, served the documented
// answers by a local server, must send the documented requests and read those answers.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlatformError } from "../errors.ts";
import { resetPlatformConfig } from "../config.ts";
import { loadExamples, send, serveDocumented, shapeProblems, substitute, valueAt } from "../../testing/doc-fixtures.ts";
import { makeJpeg, serveBytes } from "../../testing/media-fixtures.ts";
import { connect, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { threadsAdapter } from "./threads-adapter.ts";

const examples = loadExamples(new URL("./doc-fixtures/threads-api-examples.json", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** graph.threads.net and graph.threads.com are the same API; the sandbox stands for both. */
const toSandbox = (url: string) => url.replace(/^https:\/\/graph\.threads\.(net|com)/, `${sandboxUrl()}/threads/graph`);

let media: Awaited<ReturnType<typeof serveBytes>>;
let photo: Buffer;
beforeAll(async () => {
  photo = await makeJpeg();
  media = await serveBytes({ "photo.jpg": { body: photo, type: "image/jpeg" } });
});
afterAll(() => media.close());

describe("Threads documentation examples against the sandbox", () => {
  it("answers each documented request, in the documented order, with the documented shape", async () => {
    const { tokens, identity } = await connect(threadsAdapter);
    const vars: Record<string, string> = {
      "<ACCESS_TOKEN>": tokens.accessToken,
      "<THREADS_ACCESS_TOKEN>": tokens.accessToken,
      "<THREADS_USER_ID>": identity.providerAccountId,
      "<IMAGE_URL>": media.url("photo.jpg"),
      "<TEXT>": "Replayed from the Threads docs",
      "<MEDIA_TYPE>": "TEXT",
    };
    for (const e of examples) {
      const request = substitute(e.request, vars);
      let answer = await send(request, toSandbox(request.url));
      for (let i = 0; e.pollUntil && i < 100 && Object.entries(e.pollUntil).some(([k, v]) => valueAt(answer.body, k) !== v); i++) {
        await sleep(100);
        answer = await send(request, toSandbox(request.url));
      }
      expect(answer.status, `${e.name}: ${JSON.stringify(answer.body)}`).toBe(e.response.status);
      expect(shapeProblems(e.response, answer.body), `${e.name} (${e.page})`).toEqual([]);
      for (const [placeholder, path] of Object.entries(e.captures ?? {})) vars[placeholder] = String(valueAt(answer.body, path));
      if (e.name === "a repost read back") expect(answer.body).toMatchObject({ media_type: "REPOST_FACADE", reposted_post: { id: vars["<THREADS_POST_ID>"] } });
      if (e.name === "alt text read back") expect(answer.body).toEqual({ id: vars["<ALT_MEDIA_ID>"], alt_text: "Photograph of Bronze Fonz Statue" });
    }
    const posts = await sandboxPosts("threads", identity.username);
    expect(posts.map((p) => p.text)).toContain("Replayed from the Threads docs");
    // The media the sandbox fetched from <IMAGE_URL> is what each post carries: one image, or the carousel's two.
    const jpeg = crypto.createHash("sha256").update(photo).digest("hex");
    const mediaOf = (id: string) => posts.find((p) => p.id === id)?.media.map((m) => [m.type, m.sha256]);
    expect(mediaOf(vars["<IMAGE_MEDIA_ID>"]!)).toEqual([["image", jpeg]]);
    expect(mediaOf(vars["<CAROUSEL_MEDIA_ID>"]!)).toEqual([
      ["image", jpeg],
      ["image", jpeg],
    ]);
  });
});

describe("the Threads adapter on the documented answers", () => {
  let docs: Awaited<ReturnType<typeof serveDocumented>>;
  beforeAll(async () => {
    docs = await serveDocumented(examples);
    process.env.THREADS_GRAPH_URL = docs.url;
    resetPlatformConfig();
  });
  afterAll(async () => {
    delete process.env.THREADS_GRAPH_URL;
    resetPlatformConfig();
    await docs.close();
  });
  const ctx = { accessToken: "doc-token", providerAccountId: "1234567", username: "threadsapitestuser", metadata: {} };

  it("publishes with the documented create → status → publish requests, and reads their documented answers", async () => {
    docs.received.length = 0;
    const err = await threadsAdapter.publishText!(ctx, { text: "Hello from the docs" }).catch((e: unknown) => e);
    const [create, status, publish, permalink] = docs.received;
    expect([create, status, publish].map((r) => `${r?.method} ${r?.path}`)).toEqual([
      "POST /v1.0/1234567/threads",
      "GET /v1.0/1234567890",
      "POST /v1.0/1234567/threads_publish",
    ]);
    expect(Object.fromEntries(new URLSearchParams(create!.body))).toEqual({ media_type: "TEXT", text: "Hello from the docs" });
    expect(status!.query).toEqual({ fields: "status,error_message" });
    // The documented publish answer's id is what the adapter carries on.
    expect(Object.fromEntries(new URLSearchParams(publish!.body))).toEqual({ creation_id: "1234567890" });
    // The docs give no example for reading a permalink, so that read finds nothing here: the
    // adapter must report the post as published with an unknown permalink, not as not published.
    expect(permalink).toMatchObject({ method: "GET", path: "/v1.0/<THREADS_MEDIA_ID>", query: { fields: "permalink" } });
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).kind).toBe("unknown_outcome");
  });

  it("prepares an image post and a carousel with the documented container requests", async () => {
    const source = (url: string) => ({ url, size: 1, mimeType: "image/jpeg", readRange: async () => new Uint8Array() });
    docs.received.length = 0;
    const single = await threadsAdapter.preparePost!(ctx, { text: "One image", media: [{ kind: "image", source: source("https://cdn.example/a.jpg") }] });
    expect(single).toEqual({ mediaType: "IMAGE", creationId: "1234567890", itemIds: [], replyToId: null });
    expect(Object.fromEntries(new URLSearchParams(docs.received[0]!.body))).toEqual({
      media_type: "IMAGE",
      image_url: "https://cdn.example/a.jpg",
      text: "One image",
    });

    docs.received.length = 0;
    const images = ["https://cdn.example/1.jpg", "https://cdn.example/2.jpg"].map((url) => ({ kind: "image" as const, source: source(url) }));
    const carousel = await threadsAdapter.preparePost!(ctx, { text: "Two images", media: images });
    expect(carousel).toEqual({ mediaType: "CAROUSEL", creationId: null, itemIds: ["1234567890", "1234567890"], replyToId: null });
    expect(await threadsAdapter.preparedStatus!(ctx, carousel)).toEqual({ state: "ready" });
    // Publishing makes the carousel container of the processed items, waits for it, then publishes it.
    const err = await threadsAdapter.publishPrepared!(ctx, carousel, { text: "Two images" }).catch((e: unknown) => e);
    expect((err as PlatformError).kind).toBe("unknown_outcome"); // published; the docs give no permalink answer
    const sent = docs.received.filter((r) => r.method === "POST").map((r) => Object.fromEntries(new URLSearchParams(r.body)));
    // The posts page's item fields (is_carousel_item, image_url; media_type as its parameter table asks), then the carousel's.
    expect(sent).toEqual([
      { media_type: "IMAGE", image_url: "https://cdn.example/1.jpg", is_carousel_item: "true" },
      { media_type: "IMAGE", image_url: "https://cdn.example/2.jpg", is_carousel_item: "true" },
      { media_type: "CAROUSEL", children: "1234567890,1234567890", text: "Two images" },
      { creation_id: "1234567890" },
    ]);
  });

  it("reposts with the documented request and returns the documented repost id", async () => {
    docs.received.length = 0;
    expect(await threadsAdapter.repost!(ctx, "9876543")).toEqual({ id: "1234567" });
    expect(docs.received.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1.0/9876543/repost"]);
  });
});

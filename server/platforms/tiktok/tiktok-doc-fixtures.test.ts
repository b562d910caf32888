// No maintained TikTok client exists, so TikTok's own documentation examples stand in for one
// (doc-fixtures/tiktok-api-examples.json, each with its page): the token exchange, creator info,
// a FILE_UPLOAD direct post, the upload and the status fetch are replayed in order against the
// sandbox, every answer checked against the documented shape; and the adapter, served the
// documented status answer by a local server, must send the documented request and read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformConfig, resetPlatformConfig } from "../config.ts";
import { consentHeadlessly } from "../../sandbox/headless-consent.ts";
import { loadExamples, send, serveDocumented, shapeProblems, substitute, valueAt } from "../../testing/doc-fixtures.ts";
import { makeMp4 } from "../../testing/media-fixtures.ts";
import { redirectUri, sandboxPosts, sandboxUrl } from "../../testing/platform-fixtures.ts";
import { tiktokAdapter } from "./tiktok-adapter.ts";

const examples = loadExamples(new URL("./doc-fixtures/tiktok-api-examples.json", import.meta.url));

const toSandbox = (url: string) => url.replace(/^https:\/\/open\.tiktokapis\.com/, `${sandboxUrl()}/tiktok/api`);

describe("TikTok documentation examples against the sandbox", () => {
  it("answers each documented request, in the documented order, with the documented shape", async () => {
    const username = `tt_docs_${crypto.randomUUID().slice(0, 6)}`;
    const back = await consentHeadlessly(tiktokAdapter.authorizeUrl({ state: "docs", redirectUri }), { username });
    const { clientId, clientSecret } = platformConfig().credentials.tiktok;
    const video = makeMp4({ payloadBytes: 200_000 });
    const vars: Record<string, string | number> = {
      CLIENT_KEY: clientId,
      CLIENT_SECRET: clientSecret,
      CODE: back.searchParams.get("code")!,
      REDIRECT_URI: redirectUri,
      "{VIDEO_SIZE}": video.length,
      "{LAST_BYTE}": video.length - 1,
    };
    for (const e of examples) {
      const request = substitute(e.request, vars);
      const answer = await send(request, toSandbox(request.url), request.body === "BINARY_FILE_DATA" ? video : undefined);
      expect(answer.status, `${e.name}: ${JSON.stringify(answer.body)}`).toBe(e.response.status);
      expect(shapeProblems(e.response, answer.body), `${e.name} (${e.page})`).toEqual([]);
      if (e.name.startsWith("fetch an access token")) {
        // The documented example token stands for the one just issued, in every later request.
        const token = String(valueAt(answer.body, "access_token"));
        Object.assign(vars, { "act.example12345Example12345Example": token, "{$UserAccessToken}": token, "{{AccessToken}}": token });
      }
      for (const [placeholder, path] of Object.entries(e.captures ?? {})) vars[placeholder] = String(valueAt(answer.body, path));
    }
    // The documented status request, repeated as the page advises, until the post is complete.
    const statusRequest = substitute(examples.at(-1)!.request, vars);
    let status: unknown;
    for (let i = 0; i < 100 && status !== "PUBLISH_COMPLETE"; i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      status = valueAt((await send(statusRequest, toSandbox(statusRequest.url))).body, "data.status");
    }
    expect(status).toBe("PUBLISH_COMPLETE");
    const posts = await sandboxPosts("tiktok", username);
    expect(posts.map((p) => [p.text, p.media[0]?.size])).toEqual([["a documented #example", video.length]]);
  });
});

describe("the TikTok adapter on the documented answers", () => {
  let docs: Awaited<ReturnType<typeof serveDocumented>>;
  beforeAll(async () => {
    docs = await serveDocumented(examples);
    process.env.TIKTOK_API_URL = docs.url;
    resetPlatformConfig();
  });
  afterAll(async () => {
    delete process.env.TIKTOK_API_URL;
    resetPlatformConfig();
    await docs.close();
  });

  it("fetches a post status with the documented request and reads the documented FAILED answer", async () => {
    const ctx = { accessToken: "act.example12345Example12345Example", providerAccountId: "open-id", username: "creator", metadata: {} };
    expect(await tiktokAdapter.fetchStatus(ctx, "v_pub_file~v2-1.123456789")).toEqual({
      status: "FAILED",
      failReason: "picture_size_check_failed",
      postIds: [],
      uploadedBytes: 10000,
    });
    expect(docs.received.map((r) => [r.method, r.path, r.headers.authorization, JSON.parse(r.body)])).toEqual([
      ["POST", "/v2/post/publish/status/fetch/", "Bearer act.example12345Example12345Example", { publish_id: "v_pub_file~v2-1.123456789" }],
    ]);
    expect(docs.received[0]!.headers["content-type"]).toMatch(/^application\/json/);
  });
});

describe("the documented-shape check", () => {
  it("names the fields an answer lacks or gives another type than the docs", () => {
    const creatorInfo = examples.find((e) => e.name === "query creator info")!.response;
    const answer = {
      data: {
        creator_avatar_url: "https://x",
        creator_username: "u",
        privacy_level_options: ["SELF_ONLY"],
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: false,
        max_video_post_duration_sec: "300",
      },
      error: { code: "ok", message: "", log_id: "1" },
    };
    expect(shapeProblems(creatorInfo, answer)).toEqual([
      "data.creator_nickname: missing (documented string)",
      "data.max_video_post_duration_sec: string, documented number",
    ]);
  });
});

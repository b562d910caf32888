// The tool interface as an agent meets it: the official SDK's Client over Streamable HTTP
// against the running web app, with the platform sandbox and a worker behind it.
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { revokeApiKey } from "../domain/api-keys/revoke-api-key.ts";
import { mimeTypeSchema } from "../domain/media/media.schema.ts";
import { syncAccount } from "../domain/posts/sync-account.ts";
import { scopeFromSession } from "../scope.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { makeMp4 } from "../testing/media-fixtures.ts";
import { sandboxPosts } from "../testing/platform-fixtures.ts";
import { uploadVideo } from "../testing/publish-fixtures.ts";
import { put, sha256 } from "../testing/upload-fixtures.ts";
import { expectedToolNames } from "../testing/mcp-tool-names.ts";
import { httpClient, mcpUrl, ok, toolError } from "./test-client.ts";

async function setup() {
  const t = await createWorkspaceWithKey();
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id), client: await httpClient(t.key) };
}

const rid = () => crypto.randomUUID();
const terminal = new Set(["published", "failed", "canceled", "unknown"]);

async function pollJob(client: Client, jobId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await ok(client, "get_publish_status", { jobId });
    if (terminal.has(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const rawPost = (headers: Record<string, string>, body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }) =>
  fetch(mcpUrl(), {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });

describe("tools/list", () => {
  it("offers the tools of SPEC.md with input and output schemas made from the REST schemas", async () => {
    const t = await setup();
    expect(t.client.getServerVersion()?.name).toBe("posteady");
    expect(t.client.getInstructions()).toContain(t.workspace.id);
    const { tools } = await t.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expectedToolNames);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.inputSchema.properties?.workspaceId, tool.name).toMatchObject({ type: "string", format: "uuid" });
      expect((tool.inputSchema.required ?? []) as string[]).not.toContain("workspaceId");
      // inline schemas: clients need not resolve references
      expect(JSON.stringify(tool), tool.name).not.toContain("$ref");
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    const schema = (name: string) => byName[name]!.inputSchema as { properties: Record<string, any>; required?: string[]; additionalProperties?: boolean };

    // publish_post and schedule_post take the REST body with its mode objects
    const publish = schema("publish_post");
    expect(Object.keys(publish.properties).sort()).toEqual(["accountIds", "facebook", "instagram", "posts", "video", "workspaceId", "youtube"]);
    expect(publish.required).toEqual(["accountIds"]);
    expect(publish.additionalProperties).toBe(false);
    expect(publish.properties.video.properties.privacyLevel).toMatchObject({ const: "PUBLIC_TO_EVERYONE" });
    expect(publish.properties.video.required).toEqual(["mediaId", "requestId", "privacyLevel"]);
    expect(publish.properties.instagram.properties.contentType.enum).toEqual(["FEED", "REELS", "STORIES"]);
    expect(publish.properties.facebook.properties.contentType.enum).toEqual(["FEED", "REELS", "STORY"]);
    expect(publish.properties.youtube.properties.privacyStatus.enum).toEqual(["public", "unlisted", "private"]);
    const schedule = schema("schedule_post");
    expect(Object.keys(schedule.properties).sort()).toEqual([...Object.keys(publish.properties), "scheduledAt", "timezone"].sort());
    expect(schedule.required).toEqual(["accountIds", "scheduledAt"]);

    expect(schema("create_media_upload").properties.contentType.enum).toEqual(mimeTypeSchema.options);
    expect(schema("create_media_upload").required).toEqual(["fileName", "contentType", "fileSize"]);
    expect(schema("list_media").properties.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    expect(schema("list_posts").properties.sort.enum).toEqual(["recent", "top"]);
    expect(schema("get_publish_status").required).toEqual(["jobId"]);
    expect(schema("cancel_scheduled_post").required).toEqual(["scheduledPostId", "platform"]);
    expect(Object.keys(schema("list_accounts").properties)).toEqual(["workspaceId"]);

    expect(byName.get_publish_status!.outputSchema!.required).toEqual(expect.arrayContaining(["jobId", "status", "postId", "permalink"]));
    expect(byName.list_accounts!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.cancel_scheduled_post!.annotations).toMatchObject({ destructiveHint: true });
    await t.client.close();
  });
});

describe("the tools, end to end against the sandbox", () => {
  it("uploads through the issued URL, publishes a TikTok video to published, schedules, lists, cancels and reads posts", async () => {
    const t = await setup();
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { accounts } = await ok(t.client, "list_accounts");
    expect(accounts).toEqual([
      expect.objectContaining({
        accountId: tiktok.accountId,
        provider: "tiktok",
        capabilities: expect.objectContaining({ publishPosts: true, schedulePosts: true }),
      }),
    ]);

    // media: reserve, PUT the bytes to the issued URL, confirm
    const bytes = makeMp4({ durationSeconds: 21, width: 1080, height: 1920, payloadBytes: 30_000 });
    const reservation = await ok(t.client, "create_media_upload", {
      fileName: "launch.mp4",
      contentType: "video/mp4",
      fileSize: bytes.length,
      workspaceId: t.workspace.id,
    });
    expect(reservation).toMatchObject({
      mediaType: "VIDEO",
      expiresInSeconds: 300,
      requiredHeaders: { "Content-Type": "video/mp4", "Content-Length": String(bytes.length) },
    });
    expect((await put(reservation.uploadUrl, bytes, reservation.requiredHeaders)).status).toBe(200);
    const item = await ok(t.client, "confirm_media_upload", { fileKey: reservation.fileKey });
    expect(item).toMatchObject({
      mediaId: reservation.mediaId,
      mediaType: "VIDEO",
      mimeType: "video/mp4",
      fileSize: bytes.length,
      durationSeconds: 21,
      width: 1080,
      height: 1920,
    });
    const library = await ok(t.client, "list_media", {});
    expect(library).toMatchObject({ total: 1, hasMore: false });
    expect(library.media[0].mediaId).toBe(item.mediaId);

    // publish now: a job, polled to published
    const post = {
      accountIds: [tiktok.accountId],
      posts: ["Launch day #mcp"],
      video: { mediaId: item.mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    };
    const accepted = await ok(t.client, "publish_post", post);
    expect(accepted.summary).toEqual({ succeeded: 1, failed: 0 });
    expect(accepted).toMatchObject({ outcome: "accepted", replay: false }); // REST says this with 202
    expect(accepted.results[0]).toMatchObject({ accountId: tiktok.accountId, provider: "tiktok", success: true, status: "queued", postIds: [] });
    const job = await pollJob(t.client, accepted.results[0].jobId);
    expect(job).toMatchObject({ jobId: accepted.results[0].jobId, status: "published", platform: "tiktok", scheduledPostId: null });
    expect(job.permalink).toBe(`https://www.tiktok.com/@${tiktok.username}/video/${job.postId}`);
    const onPlatform = await sandboxPosts("tiktok", tiktok.username);
    expect(onPlatform).toHaveLength(1);
    expect(onPlatform[0]!.text).toBe("Launch day #mcp");
    expect(onPlatform[0]!.media[0]!.sha256).toBe(sha256(bytes));

    // the same requestId answers the same job; changed input is a conflict, as over REST
    const replay = await ok(t.client, "publish_post", post);
    expect(replay.results[0]).toMatchObject({ jobId: job.jobId, status: "published", postIds: [job.postId] });
    expect(replay).toMatchObject({ outcome: "done", replay: true });
    expect(await toolError(t.client, "publish_post", { ...post, posts: ["Another caption"] })).toMatchObject({ code: "REQUEST_CONFLICT" });
    expect(await sandboxPosts("tiktok", tiktok.username)).toHaveLength(1);

    // schedule, list, cancel
    const scheduledAt = new Date(Date.now() + 3600_000).toISOString();
    const second = await uploadVideo(t.key);
    const scheduled = await ok(t.client, "schedule_post", {
      accountIds: [tiktok.accountId],
      posts: ["Tomorrow's clip"],
      video: { mediaId: second.mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
      scheduledAt,
      timezone: "Europe/Berlin",
    });
    expect(scheduled).toMatchObject({ outcome: "accepted", replay: false });
    const planned = scheduled.results[0];
    expect(planned).toMatchObject({ success: true, status: "scheduled", scheduledAt, scheduledPostIds: [expect.any(String)] });
    const listed = await ok(t.client, "list_scheduled_posts", { provider: "tiktok" });
    expect(listed).toMatchObject({ total: 1, hasMore: false });
    expect(listed.scheduledPosts[0]).toMatchObject({
      scheduledPostId: planned.scheduledPostIds[0],
      jobId: planned.jobId,
      status: "scheduled",
      timezone: "Europe/Berlin",
      summary: "Tomorrow's clip",
    });
    expect(await ok(t.client, "cancel_scheduled_post", { scheduledPostId: planned.scheduledPostIds[0], platform: "tiktok" })).toEqual({ canceled: 1 });
    expect(await ok(t.client, "get_publish_status", { jobId: planned.jobId })).toMatchObject({
      status: "canceled",
      scheduledPostId: planned.scheduledPostIds[0],
    });
    const again = await toolError(t.client, "cancel_scheduled_post", { scheduledPostId: planned.scheduledPostIds[0], platform: "tiktok" });
    expect(again).toMatchObject({ code: "POST_NOT_CANCELLABLE", details: { status: "canceled" } });
    expect(await toolError(t.client, "cancel_scheduled_post", { scheduledPostId: planned.scheduledPostIds[0], platform: "youtube" })).toMatchObject({
      code: "NOT_FOUND",
    });

    // posts, once synchronized (reads never call the platform)
    expect(await ok(t.client, "list_posts", {})).toEqual({ posts: [], totalMatched: 0, rangeDays: 30 });
    expect((await syncAccount(tiktok.accountId)).complete).toBe(true);
    const read = await ok(t.client, "list_posts", { provider: "tiktok", accountId: tiktok.accountId, sort: "top", limit: 5 });
    expect(read.totalMatched).toBe(1);
    expect(read.posts[0]).toMatchObject({
      postId: job.postId,
      platform: "tiktok",
      accountId: tiktok.accountId,
      content: "Launch day #mcp",
      permalink: job.permalink,
    });
    await t.client.close();
  });

  it("publishes a text thread to X at once, with the X link rule", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const answer = await ok(t.client, "publish_post", {
      accountIds: [x.accountId],
      posts: ["Launch day https://acme.example/launch", "Docs: https://acme.example/docs"],
    });
    expect(answer).toMatchObject({
      outcome: "done",
      replay: false,
      summary: { succeeded: 1, failed: 0 },
      results: [{ provider: "x", success: true, postIds: [expect.any(String), expect.any(String)] }],
    });
    const posted = await sandboxPosts("x", x.username);
    expect(posted.map((p) => p.text)).toEqual(["Launch day", "Docs: https://acme.example/docs"]);
    const onlyLinks = await toolError(t.client, "publish_post", { accountIds: [x.accountId], posts: ["https://acme.example"] });
    expect(onlyLinks).toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "posts[0]" })] } });
    await t.client.close();
  });
});

describe("carousel tools", () => {
  it("reads the options, generates a carousel from text and polls it to completed slides in the library", async () => {
    const t = await setup();
    const options = await ok(t.client, "get_carousel_options", {});
    expect(options).toMatchObject({ generationCredits: 1, creditBalance: 50, nextTemplateCursor: null });
    const template = options.templates.find((x: { aspectRatio: string }) => x.aspectRatio === "1:1");
    const accepted = await ok(t.client, "create_carousel", {
      requestId: rid(),
      text: "Write less, ship more. Short documents get read. Decisions belong in writing. Meetings are for what writing cannot settle.",
      templateId: template.templateId,
      slideCount: 3,
    });
    expect(accepted).toMatchObject({ status: "queued" });
    const deadline = Date.now() + 30_000;
    let carousel = await ok(t.client, "get_carousel", { carouselId: accepted.carouselId });
    while (carousel.status !== "completed" && carousel.status !== "failed" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      carousel = await ok(t.client, "get_carousel", { carouselId: accepted.carouselId });
    }
    expect(carousel).toMatchObject({ status: "completed", aspectRatio: "1:1", slideCount: 3 });
    const media = await ok(t.client, "list_media", { mediaType: "IMAGE" });
    expect(media.media.map((m: { mediaId: string }) => m.mediaId).sort()).toEqual(carousel.images.map((i: { mediaId: string }) => i.mediaId).sort());
    expect(await toolError(t.client, "create_carousel", { requestId: rid(), topic: "a", text: "b" })).toMatchObject({ code: "VALIDATION_ERROR" });
    const other = await setup();
    expect(await toolError(other.client, "get_carousel", { carouselId: accepted.carouselId })).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("refusals", () => {
  it("answers a missing, wrong or revoked key with HTTP 401 and the REST envelope, before any MCP message", async () => {
    const missing = await rawPost({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="api"');
    expect(await missing.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Missing API key: send the header `Authorization: Bearer <API key>`" } });
    const wrong = await rawPost({ Authorization: "Bearer pst_not-a-real-key" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid API key" } });

    const sdk = new Client({ name: "posteady-tests", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { Authorization: "Bearer pst_not-a-real-key" } } });
    // the SDK's transport error carries the HTTP status and our envelope
    await expect(sdk.connect(transport)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('"code":"UNAUTHORIZED"') });

    const t = await setup();
    const extra = await createApiKey(t.scope, { name: "agent" });
    const agent = await httpClient(extra.key);
    await ok(agent, "list_accounts");
    await revokeApiKey(t.scope, extra.apiKey.id);
    await new Promise((r) => setTimeout(r, 1_100)); // key lookups are cached for a second
    await expect(agent.callTool({ name: "list_accounts", arguments: {} })).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining("This API key has been revoked"),
    });
    await t.client.close();
  });

  it("refuses a workspace below the Creator plan with 403 PLAN_REQUIRED, and other methods with 405", async () => {
    const free = await createWorkspaceWithKey({ plan: "FREE" });
    const refused = await rawPost({ Authorization: `Bearer ${free.key}` });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("PLAN_REQUIRED");
    const get = await fetch(mcpUrl(), { headers: { Accept: "text/event-stream", Authorization: `Bearer ${free.key}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await get.json()).error.code).toBe("METHOD_NOT_ALLOWED");
  });

  it("answers a plain tools/call without a session: every request stands alone (stateless)", async () => {
    const t = await setup();
    const res = await rawPost(
      { Authorization: `Bearer ${t.key}` },
      { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_accounts", arguments: {} } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      id: 7,
      result: { content: [{ type: "text", text: '{"accounts":[]}' }], structuredContent: { accounts: [] } },
    });
    await t.client.close();
  });

  it("answers arguments that are not an object with a VALIDATION_ERROR tool result, never JSON-RPC -32603", async () => {
    const t = await setup();
    const auth = { Authorization: `Bearer ${t.key}` };
    const call = async (params: unknown, method = "tools/call") => (await (await rawPost(auth, { jsonrpc: "2.0", id: 9, method, params })).json()) as any;
    for (const args of [null, 5, "x", [], true]) {
      const answer = await call({ name: "list_accounts", arguments: args });
      expect(answer.error, JSON.stringify(args)).toBeUndefined();
      expect(answer.result.isError).toBe(true);
      const { error } = JSON.parse(answer.result.content[0].text);
      expect(error, JSON.stringify(args)).toMatchObject({
        code: "VALIDATION_ERROR",
        message: expect.stringMatching(/expected object/),
        details: { issues: [{ path: "", code: "invalid_type", location: "body" }] },
      });
    }
    // absent arguments are no arguments
    expect((await call({ name: "list_accounts" })).result).toMatchObject({ structuredContent: { accounts: [] } });
    // a call without a tool name is invalid params; another method is not found: neither is an internal error
    expect((await call({ arguments: {} })).error).toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining("params.name") });
    expect((await call(undefined)).error).toMatchObject({ code: ErrorCode.InvalidParams });
    expect((await call({}, "resources/list")).error).toMatchObject({ code: ErrorCode.MethodNotFound });
    await t.client.close();
  });

  it("never reaches another workspace: a foreign workspaceId, account, job or scheduled post is not found", async () => {
    const a = await setup();
    const b = await setup();
    const tiktokA = await connectAccount(a.scope, "tiktok");
    const tiktokB = await connectAccount(b.scope, "tiktok");
    const video = await uploadVideo(a.key);
    const accepted = await ok(a.client, "publish_post", {
      accountIds: [tiktokA.accountId],
      posts: ["mine"],
      video: { mediaId: video.mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    const jobId = accepted.results[0].jobId;

    // an explicit workspaceId must be the key's own (media tools, and the resource's for the others)
    const foreign = await toolError(b.client, "list_media", { workspaceId: a.workspace.id });
    expect(foreign).toEqual({ code: "NOT_FOUND", message: expect.stringContaining(a.workspace.id), details: { workspaceId: a.workspace.id } });
    expect(
      await toolError(b.client, "create_media_upload", { fileName: "a.mp4", contentType: "video/mp4", fileSize: 10, workspaceId: a.workspace.id }),
    ).toMatchObject({ code: "NOT_FOUND" });
    expect(await toolError(a.client, "get_publish_status", { jobId, workspaceId: b.workspace.id })).toMatchObject({ code: "NOT_FOUND" });
    expect(await ok(a.client, "get_publish_status", { jobId, workspaceId: a.workspace.id })).toMatchObject({ jobId });
    expect(
      await toolError(a.client, "publish_post", {
        workspaceId: b.workspace.id,
        accountIds: [tiktokA.accountId],
        posts: ["x"],
        video: { mediaId: video.mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
      }),
    ).toMatchObject({ code: "NOT_FOUND" });

    // another workspace's resources, named by id, are not found either
    expect(await toolError(b.client, "get_publish_status", { jobId })).toMatchObject({ code: "NOT_FOUND", message: "Publish job not found" });
    const borrowed = await toolError(b.client, "publish_post", {
      accountIds: [tiktokA.accountId],
      posts: ["theirs"],
      video: { mediaId: video.mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    expect(borrowed.code).toBe("NOT_FOUND");
    const otherMedia = await toolError(b.client, "publish_post", {
      accountIds: [tiktokB.accountId],
      posts: ["theirs"],
      video: { mediaId: video.mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    expect(otherMedia).toMatchObject({ code: "NOT_FOUND", details: { issues: [expect.objectContaining({ path: "video.mediaId" })] } });
    expect(await toolError(b.client, "list_posts", { accountId: tiktokA.accountId })).toMatchObject({ code: "NOT_FOUND" });
    expect((await ok(b.client, "list_accounts")).accounts.map((acc: { accountId: string }) => acc.accountId)).toEqual([tiktokB.accountId]);
    await a.client.close();
    await b.client.close();
  });

  it("answers invalid input with VALIDATION_ERROR naming each field, and an unknown tool with a protocol error", async () => {
    const t = await setup();
    const upload = await toolError(t.client, "create_media_upload", { fileName: "../clip.avi", contentType: "video/webm", fileSize: 0 });
    expect(upload.code).toBe("VALIDATION_ERROR");
    expect(upload.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(["contentType", "fileSize"]);
    const unknownField = await toolError(t.client, "list_accounts", { verbose: true });
    expect(unknownField).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "verbose", message: "Unknown field", code: "unrecognized_key" }] },
    });
    expect((await toolError(t.client, "get_publish_status", { jobId: "not-a-uuid" })).details.issues[0].path).toBe("jobId");
    expect((await toolError(t.client, "list_media", { workspaceId: "nope" })).details.issues[0].path).toBe("workspaceId");
    expect((await toolError(t.client, "list_posts", { limit: 500 })).details.issues[0]).toMatchObject({ path: "limit", code: "too_big" });
    const past = await toolError(t.client, "schedule_post", { accountIds: [crypto.randomUUID()], posts: ["hi"], scheduledAt: "yesterday" });
    expect(past.details.issues.map((i: { path: string }) => i.path)).toContain("scheduledAt");
    const modes = await toolError(t.client, "publish_post", { accountIds: [], video: { mediaId: "x", requestId: rid(), privacyLevel: "PRIVATE" } });
    expect(modes.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(["accountIds", "video.mediaId", "video.privacyLevel"]);

    const unknownTool = await t.client.callTool({ name: "delete_everything", arguments: {} }).catch((err: unknown) => err);
    expect(unknownTool).toBeInstanceOf(McpError);
    expect((unknownTool as McpError).code).toBe(ErrorCode.InvalidParams);
    await t.client.close();
  });
});

describe("one JSON-RPC message per POST", () => {
  const call = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_accounts", arguments: {} } });

  it("refuses every batch, empty or not, with the same 400 -32600 and runs none of its calls", async () => {
    const t = await createWorkspaceWithKey();
    const key = { Authorization: `Bearer ${t.key}` };
    const notification = { jsonrpc: "2.0", method: "notifications/initialized" };
    for (const batch of [[], [call(1)], [call(1), call(2)], [notification], Array.from({ length: 200 }, (_, i) => call(i))]) {
      const res = await rawPost(key, batch);
      expect({ size: batch.length, status: res.status }).toEqual({ size: batch.length, status: 400 });
      expect(await res.json()).toEqual({
        jsonrpc: "2.0",
        error: { code: -32600, message: expect.stringContaining("JSON-RPC batches are not supported") },
        id: null,
      });
    }
    // one message per POST still works, and none of the refused calls was counted against the key
    const single = await rawPost(key, call(7));
    expect(single.status).toBe(200);
    const rest = await fetch(new URL("/api/v1/workspaces", mcpUrl()), { headers: key });
    expect(Number(rest.headers.get("x-ratelimit-remaining"))).toBe(298);
  });

  it("answers a body that is not JSON with -32700, and one over 1 MiB with 413", async () => {
    const t = await createWorkspaceWithKey();
    const headers = { Authorization: `Bearer ${t.key}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const notJson = await fetch(mcpUrl(), { method: "POST", headers, body: "{nope" });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe(-32700);
    const huge = await fetch(mcpUrl(), { method: "POST", headers, body: JSON.stringify({ ...call(1), pad: "x".repeat(1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe(-32000);
  });
});

// Text publishing through POST /api/v1/posts against the sandbox platforms.
import { describe, expect, it } from "vitest";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { compareDryRunsWithRealCalls, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { fault, sandboxPosts } from "../../testing/platform-fixtures.ts";
import { publish } from "../../testing/publish-fixtures.ts";

// every publishing write below is also checked against its dry run (POST …/validate)
compareDryRunsWithRealCalls();

async function setup() {
  const t = await createWorkspaceWithKey();
  const scope = await scopeFromSession(t.user.id, t.workspace.id);
  return { ...t, scope };
}

describe("text publishing", () => {
  it("publishes a 3-post X thread with the first post's link removed, replies keeping theirs; Threads keeps the original", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const threads = await connectAccount(t.scope, "threads");
    const posts = ["Big news today https://acme.example/launch", "Details: https://acme.example/docs", "Thanks www.acme.example"];
    const res = await publish(t.key, { accountIds: [x.accountId, threads.accountId], posts });
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual({ succeeded: 2, failed: 0 });
    const xResult = res.json.results.find((r: { provider: string }) => r.provider === "x");
    expect(xResult).toMatchObject({ accountId: x.accountId, username: x.username, success: true });
    expect(xResult.postIds).toHaveLength(3);
    expect(xResult.permalinks[0]).toBe(`https://x.com/${x.username}/status/${xResult.postIds[0]}`);
    const onX = await sandboxPosts("x", x.username);
    expect(onX.map((p) => p.text)).toEqual(["Big news today", posts[1], posts[2]]);
    expect(onX.map((p) => p.id)).toEqual(xResult.postIds);
    expect(onX[1]!.replyTo).toBe(onX[0]!.id);
    expect(onX[2]!.replyTo).toBe(onX[1]!.id);
    const onThreads = await sandboxPosts("threads", threads.username);
    expect(onThreads.map((p) => p.text)).toEqual(posts);
  });

  it("fails the whole request with 422 when the first X post is only links, and nothing is published anywhere", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const threads = await connectAccount(t.scope, "threads");
    const res = await publish(t.key, { accountIds: [threads.accountId, x.accountId], posts: ["https://acme.example/launch  ", "second"] });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0]).toMatchObject({ path: "posts[0]" });
    expect(await sandboxPosts("x", x.username)).toEqual([]);
    expect(await sandboxPosts("threads", threads.username)).toEqual([]);
  });

  it("checks each platform's limit in its own unit (X weighted after link removal, Threads 500, LinkedIn 3,000 and one post)", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const threads = await connectAccount(t.scope, "threads");
    const linkedin = await connectAccount(t.scope, "linkedin");
    const tooLongForX = "👋".repeat(141);
    let res = await publish(t.key, { accountIds: [x.accountId], posts: [tooLongForX] });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0].message).toMatch(/282 weighted/);
    res = await publish(t.key, { accountIds: [x.accountId], posts: [`${"a".repeat(279)} https://example.com/a/long/link/removed/before/counting`] });
    expect(res.status).toBe(200);
    res = await publish(t.key, { accountIds: [threads.accountId], posts: ["ok", "b".repeat(501)] });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0].path).toBe("posts[1]");
    res = await publish(t.key, { accountIds: [linkedin.accountId], posts: ["c".repeat(3001)] });
    expect(res.status).toBe(422);
    res = await publish(t.key, { accountIds: [linkedin.accountId, threads.accountId], posts: ["one", "two"] });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0]).toMatchObject({ path: "posts", message: expect.stringMatching(/single post/) });
    expect(await sandboxPosts("threads", threads.username)).toEqual([]);
  });

  it("reports one account's failure in its result without stopping the others", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const linkedin = await connectAccount(t.scope, "linkedin");
    await fault("x", "reject_content", { operation: "tweets.create", username: x.username });
    const res = await publish(t.key, { accountIds: [x.accountId, linkedin.accountId], posts: ["Hello (world) #launch"] });
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual({ succeeded: 1, failed: 1 });
    const failed = res.json.results.find((r: { provider: string }) => r.provider === "x");
    expect(failed).toMatchObject({ success: false, postIds: [], error: { code: "PUBLISH_FAILED", message: expect.any(String) } });
    expect((await sandboxPosts("linkedin")).some((p) => p.text === "Hello (world) #launch")).toBe(true);
  });

  it("refuses foreign and unknown accounts (404), accounts without the capability (403), and media objects (422)", async () => {
    const t = await setup();
    const other = await setup();
    const x = await connectAccount(t.scope, "x");
    const foreign = await connectAccount(other.scope, "x");
    const readOnly = await connectAccount(t.scope, "x", { scopes: ["tweet.read", "users.read"] });
    let res = await publish(t.key, { accountIds: [x.accountId, foreign.accountId], posts: ["hi"] });
    expect(res.status).toBe(404);
    expect(res.json.error.details.issues[0].path).toBe("accountIds[1]");
    res = await publish(t.key, { accountIds: [crypto.randomUUID()], posts: ["hi"] });
    expect(res.status).toBe(404);
    res = await publish(t.key, { accountIds: [readOnly.accountId], posts: ["hi"] });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("FORBIDDEN");
    res = await publish(t.key, {
      accountIds: [x.accountId],
      posts: ["hi"],
      youtube: { requestId: crypto.randomUUID(), mediaId: crypto.randomUUID(), title: "t", privacyStatus: "public" },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0].path).toBe("youtube");
    expect(await sandboxPosts("x", foreign.username)).toEqual([]);
    expect(await sandboxPosts("x", x.username)).toEqual([]);
  });
});

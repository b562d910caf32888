// Dry runs (POST /api/v1/posts/validate, /scheduled-posts/validate, /post-groups/validate and the
// MCP tool validate_post): what each target would be sent, nothing written or sent. That every
// refusal equals the real call's is checked on every publishing write of the publishing tests
// (compareDryRunsWithRealCalls in server/testing/fixtures.ts).
import { describe, expect, it } from "vitest";
import { db } from "../db.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { scopeFromSession } from "../scope.ts";
import { httpClient, ok, toolError } from "../mcp/test-client.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";
import { sandboxPosts } from "../testing/platform-fixtures.ts";
import { uploadImage, uploadVideo } from "../testing/publish-fixtures.ts";

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id) };
}
const rid = () => crypto.randomUUID();
const rows = async (workspaceId: string) =>
  (await db.postGroup.count({ where: { workspaceId } })) +
  (await db.publishJob.count({ where: { workspaceId } })) +
  (await db.scheduledPost.count({ where: { workspaceId } }));

describe("dry runs", () => {
  it("answers each account's text as it would be sent, measured as its platform counts, and publishes nothing", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const threads = await connectAccount(t.scope, "threads");
    const text = `Launch day 👋 ${Date.now()} https://acme.example/launch`;
    const res = await api(t.key)("POST", "/api/v1/posts/validate", { body: { accountIds: [x.accountId, threads.accountId], posts: [text, "Thanks"] } });
    expect(res.status, res.text).toBe(200);
    const sent = text.replace(" https://acme.example/launch", "");
    expect(res.json).toEqual({
      valid: true,
      replay: false,
      targets: [
        {
          accountId: x.accountId,
          provider: "x",
          username: x.username,
          texts: [
            { field: "posts[0]", text: sent, length: [...sent].length + 1, limit: 280, unit: "weighted" }, // the emoji weighs 2
            { field: "posts[1]", text: "Thanks", length: 6, limit: 280, unit: "weighted" },
          ],
          warnings: [expect.stringContaining("https://acme.example/launch")],
        },
        {
          accountId: threads.accountId,
          provider: "threads",
          username: threads.username,
          texts: [
            { field: "posts[0]", text, length: [...text].length, limit: 500, unit: "characters" },
            { field: "posts[1]", text: "Thanks", length: 6, limit: 500, unit: "characters" },
          ],
          warnings: [],
        },
      ],
    });
    expect(await sandboxPosts("x", x.username)).toEqual([]);
    expect(await sandboxPosts("threads", threads.username)).toEqual([]);
    expect(await rows(t.workspace.id)).toBe(0);
  });

  it("checks a schedule and a post group as their real calls do, with the group's warnings, writing nothing", async () => {
    const t = await setup();
    const instagram = await connectAccount(t.scope, "instagram");
    const youtube = await connectAccount(t.scope, "youtube");
    const image = await uploadImage(t.key);
    const video = await uploadVideo(t.key);
    const scheduledAt = new Date(Date.now() + 3600_000).toISOString();
    let res = await api(t.key)("POST", "/api/v1/scheduled-posts/validate", {
      body: {
        accountIds: [instagram.accountId],
        instagram: { requestId: rid(), contentType: "FEED", caption: "Hello", items: [{ mediaId: image.mediaId }] },
        scheduledAt,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.targets[0].texts).toEqual([{ field: "caption", text: "Hello", length: 5, limit: 2200, unit: "characters" }]);
    res = await api(t.key)("POST", "/api/v1/scheduled-posts/validate", {
      body: {
        accountIds: [instagram.accountId],
        instagram: { requestId: rid(), contentType: "FEED", items: [{ mediaId: image.mediaId }] },
        scheduledAt: "2020-01-01T00:00:00Z",
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues[0]).toMatchObject({ path: "scheduledAt", code: "in_past" });

    const group = {
      requestId: rid(),
      content: { text: "Spring is here", media: [{ mediaId: image.mediaId }] },
      targets: [{ accountId: instagram.accountId, instagram: { contentType: "STORIES" } }],
    };
    res = await api(t.key)("POST", "/api/v1/post-groups/validate", { body: group });
    expect(res.status, res.text).toBe(200);
    expect(res.json.targets[0]).toMatchObject({ provider: "instagram", texts: [], warnings: ["instagram Stories take no caption: the text is not sent"] });
    res = await api(t.key)("POST", "/api/v1/post-groups/validate", {
      body: {
        ...group,
        targets: [
          ...group.targets,
          { accountId: youtube.accountId, content: { media: [{ mediaId: video.mediaId }] }, youtube: { title: "t".repeat(101), privacyStatus: "public" } },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.details.issues.map((i: { path: string }) => i.path)).toContain("targets[1].youtube.title");
    expect(await rows(t.workspace.id)).toBe(0);
  });

  it("answers a requestId already used: replay for the same body, 409 for another", async () => {
    const t = await setup();
    const threads = await connectAccount(t.scope, "threads");
    const body = { requestId: rid(), content: { text: `Once ${Date.now()}` }, targets: [{ accountId: threads.accountId }] };
    expect((await api(t.key)("POST", "/api/v1/post-groups", { body })).status).toBe(202);
    let res = await api(t.key)("POST", "/api/v1/post-groups/validate", { body });
    expect(res.json).toEqual({ valid: true, replay: true, targets: [] });
    res = await api(t.key)("POST", "/api/v1/post-groups/validate", { body: { ...body, content: { text: "Another" } } });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("REQUEST_CONFLICT");
  });

  it("needs posts:read (it changes nothing), and is the MCP tool validate_post", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const accountsOnly = (await createApiKey(t.scope, { name: "accounts", scopes: ["accounts:read"] })).key;
    let res = await api(accountsOnly)("POST", "/api/v1/posts/validate", { body: { accountIds: [x.accountId], posts: ["hi"] } });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toContain("posts:read");
    const readOnly = (await createApiKey(t.scope, { name: "read", scopes: ["posts:read"] })).key;
    res = await api(readOnly)("POST", "/api/v1/posts/validate", { body: { accountIds: [x.accountId], posts: ["hi"] } });
    expect(res.status, res.text).toBe(200);

    const client = await httpClient(t.key);
    try {
      const answer = await ok(client, "validate_post", { publish: { accountIds: [x.accountId], posts: ["Hello https://acme.example"] } });
      expect(answer.targets[0].texts[0]).toMatchObject({ field: "posts[0]", text: "Hello", unit: "weighted" });
      const group = await ok(client, "validate_post", { postGroup: { requestId: rid(), content: { text: "Hi" }, targets: [{ accountId: x.accountId }] } });
      expect(group.valid).toBe(true);
      expect((await toolError(client, "validate_post", { publish: { accountIds: [x.accountId], posts: ["a".repeat(281)] } })).code).toBe("VALIDATION_ERROR");
      expect((await toolError(client, "validate_post", {})).code).toBe("VALIDATION_ERROR");
    } finally {
      await client.close();
    }
    expect(await sandboxPosts("x", x.username)).toEqual([]);
  });
});

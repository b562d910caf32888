// Scoped API keys at the MCP door: tools/list offers only the tools a key's scopes allow, and
// any other tool is refused with the REST door's 403 FORBIDDEN naming the scope. The tools come
// from the tool table, so a new tool is covered the day it lands.
import { describe, expect, it } from "vitest";
import { db } from "../db.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { expectedToolNames } from "../testing/mcp-tool-names.ts";
import { sandboxPosts } from "../testing/platform-fixtures.ts";
import { httpClient, ok, toolError } from "./test-client.ts";
import { tools } from "./tools/index.ts";

describe("a key with only posts:read over MCP", () => {
  it("lists only the posts:read tools, in the usual order", async () => {
    const t = await createWorkspaceWithKey();
    const { key } = await createApiKey(t.scope, { name: "reader", scopes: ["posts:read"] });
    const { tools: listed } = await (await httpClient(key)).listTools();
    expect(listed.map((tool) => tool.name)).toEqual([
      "get_publish_status",
      "list_scheduled_posts",
      "list_posts",
      "get_post_group",
      "validate_post",
      "list_drafts",
      "get_draft",
      "get_posting_schedule",
      "get_next_slot",
      "get_queue",
      "get_import",
      "list_feeds",
      "get_feed",
      "list_approvals",
      "list_review_links",
      "list_comments",
    ]);
    // a key with every scope still sees every tool
    expect((await (await httpClient(t.key)).listTools()).tools.map((tool) => tool.name)).toEqual(expectedToolNames);
  });

  it("is refused on every tool outside posts:read, writes first, naming the scope and writing nothing", async () => {
    const t = await createWorkspaceWithKey();
    const x = await connectAccount(t.scope, "x");
    const { key } = await createApiKey(t.scope, { name: "reader", scopes: ["posts:read"] });
    const client = await httpClient(key);
    const refused = tools.filter((tool) => tool.scope !== "posts:read");
    expect(refused.filter((tool) => !tool.annotations.readOnlyHint).length).toBeGreaterThanOrEqual(6);
    for (const tool of refused) {
      // arguments that would be valid for publish_post, and none for the others: the scope is checked first
      const error = await toolError(client, tool.name, tool.name === "publish_post" ? { accountIds: [x.accountId], posts: ["Not from a reader"] } : {});
      expect(error, tool.name).toMatchObject({ code: "FORBIDDEN", details: { requiredScope: tool.scope, keyScopes: ["posts:read"] } });
      expect(error.message, tool.name).toContain(`lacks the scope ${tool.scope}`);
    }
    expect(await sandboxPosts("x", x.username)).toEqual([]);
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    // and its own tools answer
    expect(await ok(client, "list_posts")).toMatchObject({ posts: [] });
    expect(await ok(client, "list_scheduled_posts")).toMatchObject({ scheduledPosts: [] });
  });
});

// The tools publish_post_group and get_post_group: the same schemas and domain operation as
// POST/GET /api/v1/post-groups, called as an agent would.
import { describe, expect, it } from "vitest";
import { scopeFromSession } from "../scope.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { sandboxPosts } from "../testing/platform-fixtures.ts";
import { httpClient, ok, toolError } from "./test-client.ts";

const rid = () => crypto.randomUUID();

describe("post group tools", () => {
  it("is offered as the MCP tools publish_post_group and get_post_group", async () => {
    const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
    const scope = await scopeFromSession(t.user.id, t.workspace.id);
    const threads = await connectAccount(scope, "threads");
    const tiktok = await connectAccount(scope, "tiktok");
    const client = await httpClient(t.key);
    try {
      const text = `From an agent ${Date.now()}`;
      const accepted = await ok(client, "publish_post_group", { requestId: rid(), content: { text }, targets: [{ accountId: threads.accountId }] });
      expect(accepted).toMatchObject({
        outcome: "accepted",
        replay: false,
        targets: [{ accountId: threads.accountId, provider: "threads", status: "queued" }],
      });
      let group;
      for (let i = 0; i < 100; i++) {
        group = await ok(client, "get_post_group", { postGroupId: accepted.postGroupId });
        if (group.status !== "processing") break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(group).toMatchObject({ postGroupId: accepted.postGroupId, status: "published", targets: [{ provider: "threads", status: "published" }] });
      expect((await sandboxPosts("threads", threads.username)).map((p) => p.text)).toEqual([text]);
      const refused = await toolError(client, "publish_post_group", {
        requestId: rid(),
        content: { text: "x", firstComment: "no" },
        targets: [{ accountId: tiktok.accountId, tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE" } }],
      });
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.details.issues.map((i: { path: string }) => i.path)).toContain("targets[0].content.firstComment");
    } finally {
      await client.close();
    }
  });
});

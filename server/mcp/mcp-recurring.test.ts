// Recurring and evergreen post groups through the tool interface (issue 49): publish_post_group
// with repeat and evergreen, edit_post_group, and cancel_post_group ending a series. The rules
// themselves are tested through REST in ../domain/post-groups/recurring.test.ts.
import { describe, expect, it } from "vitest";
import { sql } from "../db.ts";
import { scopeFromSession } from "../scope.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { httpClient, ok, toolError } from "./test-client.ts";

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const scope = await scopeFromSession(t.user.id, t.workspace.id);
  return { ...t, threads: await connectAccount(scope, "threads") };
}

describe("recurring and evergreen groups through MCP", () => {
  it("publish_post_group takes repeat and evergreen; edit_post_group changes a series' words and an evergreen mark; cancel_post_group ends a series", async () => {
    const t = await setup();
    const client = await httpClient(t.key);
    const series = await ok(client, "publish_post_group", {
      requestId: crypto.randomUUID(),
      content: { text: "Friday recap" },
      targets: [{ accountId: t.threads.accountId }],
      timezone: "America/New_York",
      repeat: { rrule: "FREQ=WEEKLY;BYDAY=FR;BYHOUR=16;COUNT=3" },
    });
    expect(series.repeat.upcoming).toHaveLength(3);
    const edited = await ok(client, "edit_post_group", { postGroupId: series.postGroupId, text: "Friday recap, new words" });
    expect(edited.repeat.upcoming).toHaveLength(3);
    const [job] = await sql<{ text: string }>("test-mcp-text", `SELECT payload->'posts'->>0 AS text FROM "PublishJob" WHERE id = $1`, [
      series.targets[0].jobId,
    ]);
    expect(job!.text).toBe("Friday recap, new words");
    expect((await ok(client, "cancel_post_group", { postGroupId: series.postGroupId })).canceled).toBe(3);
    expect((await ok(client, "get_post_group", { postGroupId: series.postGroupId })).repeat.ended).toBe(true);

    const evergreen = await ok(client, "publish_post_group", {
      requestId: crypto.randomUUID(),
      content: { text: "Our guide" },
      targets: [{ accountId: t.threads.accountId }],
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      evergreen: true,
    });
    expect(evergreen.evergreen).toBe(true);
    expect((await ok(client, "edit_post_group", { postGroupId: evergreen.postGroupId, evergreen: false })).evergreen).toBeUndefined();
    await toolError(client, "edit_post_group", { postGroupId: evergreen.postGroupId, text: "New" });
    await client.close();
  });
});

// The tools that complete the REST table (docs/mcp-tools.md): each does what its REST twin does,
// through the official SDK's client as an agent calls it.
import { expect, it } from "vitest";
import { connectAccount } from "../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";
import { startReceiver } from "../testing/webhook-receiver.ts";
import { httpClient, ok, toolError } from "./test-client.ts";

it("workspaces, drafts, scheduled-post edits and reposts", async () => {
  const t = await createWorkspaceWithKey();
  const x = await connectAccount(t.scope, "x");
  const client = await httpClient(t.key);

  expect(await ok(client, "list_workspaces")).toEqual({ workspaces: [expect.objectContaining({ workspaceId: t.workspace.id, plan: "creator" })] });

  const composition = { content: { text: "Spring is coming" }, targets: [{ accountId: x.accountId }] };
  const draft = await ok(client, "save_draft", { composition });
  expect(draft).toMatchObject({ draftId: expect.any(String), composition });
  const changed = await ok(client, "save_draft", { draftId: draft.draftId, composition: { ...composition, content: { text: "Spring is here" } } });
  expect(changed).toMatchObject({ draftId: draft.draftId, composition: { content: { text: "Spring is here" } } });
  expect(await ok(client, "list_drafts")).toEqual({ drafts: [changed] });
  expect(await ok(client, "get_draft", { draftId: draft.draftId })).toEqual(changed);
  expect(await ok(client, "delete_draft", { draftId: draft.draftId })).toEqual({ deleted: 1 });
  expect(await toolError(client, "get_draft", { draftId: draft.draftId })).toMatchObject({ code: "NOT_FOUND" });

  const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
  const scheduled = await api(t.key)("POST", "/api/v1/scheduled-posts", { body: { accountIds: [x.accountId], posts: ["Later today"], scheduledAt } });
  const scheduledPostId = scheduled.json.results[0].scheduledPostIds[0];
  expect(await ok(client, "edit_scheduled_post", { scheduledPostId, text: "Later today, with a date" })).toMatchObject({
    scheduledPostId,
    provider: "x",
    status: "scheduled",
    text: "Later today, with a date",
  });
  expect(await toolError(client, "edit_scheduled_post", { scheduledPostId, text: "x".repeat(281) })).toMatchObject({
    code: "VALIDATION_ERROR",
    details: { issues: [expect.objectContaining({ path: "text" })] },
  });

  const published = await api(t.key)("POST", "/api/v1/posts", { body: { accountIds: [x.accountId], posts: ["Worth repeating"] } });
  const postId = published.json.results[0].postIds[0];
  expect(await ok(client, "repost", { accountId: x.accountId, postId })).toMatchObject({
    accountId: x.accountId,
    platform: "x",
    postId,
    repostId: expect.any(String),
  });
});

it("webhooks: create, read, change, test, deliveries, redeliver, delete", async () => {
  const t = await createWorkspaceWithKey();
  const receiver = await startReceiver();
  try {
    const client = await httpClient(t.key);
    const created = await ok(client, "create_webhook", { url: receiver.url, events: ["publish_job.published"] });
    expect(created).toMatchObject({ url: receiver.url, enabled: true, secret: expect.stringMatching(/^whsec_/) });
    receiver.useSecret(created.secret);
    const { webhookId } = created;
    expect(await ok(client, "list_webhooks")).toEqual({ webhooks: [expect.objectContaining({ webhookId })] });
    expect(await ok(client, "get_webhook", { webhookId })).toMatchObject({ webhookId, events: ["publish_job.published"] });
    expect(await ok(client, "update_webhook", { webhookId, events: ["*"], description: "all of it" })).toMatchObject({
      events: ["*"],
      description: "all of it",
    });

    const test = await ok(client, "test_webhook", { webhookId });
    expect(test).toMatchObject({ eventType: "webhook.test", status: "delivered", lastStatusCode: 200 });
    expect(receiver.received).toEqual([expect.objectContaining({ type: "webhook.test", verified: true })]);
    expect(await ok(client, "list_webhook_deliveries", { webhookId, status: "delivered" })).toMatchObject({
      deliveries: [expect.objectContaining({ deliveryId: test.deliveryId })],
      total: 1,
    });
    expect(await ok(client, "redeliver_webhook", { webhookId, deliveryId: test.deliveryId })).toMatchObject({ deliveryId: test.deliveryId, status: "pending" });

    expect(await ok(client, "delete_webhook", { webhookId })).toEqual({ deleted: 1 });
    expect(await toolError(client, "get_webhook", { webhookId })).toMatchObject({ code: "NOT_FOUND" });
  } finally {
    await receiver.close();
  }
});

// Webhooks through the REST API: endpoints, events signed as Standard Webhooks says and verified
// with that library by a real receiver, deliveries and their attempts, SSRF refusals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { until } from "../../testing/kill-drill.ts";
import { fault } from "../../testing/platform-fixtures.ts";
import { publish, uploadImage, uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";
import { startReceiver, type Receiver } from "../../testing/webhook-receiver.ts";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function setup() {
  const t = await createWorkspaceWithKey();
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id), call: api(t.key) };
}

const rid = () => crypto.randomUUID();

async function createHook(call: ReturnType<typeof api>, body: Record<string, unknown>) {
  const res = await call("POST", "/api/v1/webhooks", { body });
  expect(res.status).toBe(201);
  return res.json as { webhookId: string; secret: string };
}

describe("webhook endpoints", () => {
  it("creates with the secret shown once, lists, changes, rotates and deletes", async () => {
    const t = await setup();
    const created = await createHook(t.call, { url: receiver.url, events: ["publish_job.published"], description: "CRM" });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(created).toMatchObject({ url: receiver.url, events: ["publish_job.published"], enabled: true, disabledReason: null, description: "CRM" });
    const read = await t.call("GET", `/api/v1/webhooks/${created.webhookId}`);
    expect(read.status).toBe(200);
    expect(read.json.secret).toBeUndefined();
    expect((await t.call("GET", "/api/v1/webhooks")).json.webhooks.map((w: { webhookId: string }) => w.webhookId)).toEqual([created.webhookId]);

    const changed = await t.call("PATCH", `/api/v1/webhooks/${created.webhookId}`, { body: { events: ["*", "media.confirmed"], enabled: false } });
    expect(changed.json).toMatchObject({ events: ["*"], enabled: false });
    expect(changed.json.secret).toBeUndefined();
    const rotated = await t.call("PATCH", `/api/v1/webhooks/${created.webhookId}`, { body: { rotateSecret: true } });
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(created.secret);

    // another workspace sees none of it
    const other = await setup();
    expect((await other.call("GET", `/api/v1/webhooks/${created.webhookId}`)).status).toBe(404);
    expect((await other.call("DELETE", `/api/v1/webhooks/${created.webhookId}`)).status).toBe(404);

    expect((await t.call("DELETE", `/api/v1/webhooks/${created.webhookId}`)).json).toEqual({ deleted: 1 });
    expect((await t.call("GET", `/api/v1/webhooks/${created.webhookId}`)).status).toBe(404);
  });

  it.each([
    ["loopback", "http://127.0.0.1:8080/hook"],
    ["the metadata address", "http://169.254.169.254/latest/meta-data"],
    ["a name for loopback", "http://localhost:8080/hook"],
    ["IPv6 loopback", "http://[::1]/hook"],
    ["another scheme", "ftp://hooks.example/x"],
    ["not a URL", "hooks"],
  ])("refuses %s at creation with 422 naming the url, and creates nothing", async (_label, url) => {
    const t = await setup();
    const res = await t.call("POST", "/api/v1/webhooks", { body: { url, events: ["*"] } });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("VALIDATION_ERROR");
    expect(res.json.error.details.issues[0].path).toBe("url");
    expect(await db.webhook.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });

  it("refuses unknown events and an empty list", async () => {
    const t = await setup();
    for (const events of [["publish_job.exploded"], []]) {
      const res = await t.call("POST", "/api/v1/webhooks", { body: { url: receiver.url, events } });
      expect(res.status).toBe(422);
      expect(res.json.error.details.issues[0].path).toMatch(/^events/);
    }
  });

  it("sends a signed test event, and does not follow a redirect to a private address", async () => {
    const t = await setup();
    const hook = await createHook(t.call, { url: receiver.url, events: ["*"] });
    receiver.useSecret(hook.secret);
    const test = await t.call("POST", `/api/v1/webhooks/${hook.webhookId}/test`);
    expect(test.json).toMatchObject({ eventType: "webhook.test", status: "delivered", attempts: 1, lastStatusCode: 200 });
    const got = receiver.received.find((r) => r.webhookId === test.json.eventId)!;
    expect(got).toMatchObject({ type: "webhook.test", verified: true, data: { webhookId: hook.webhookId } });

    const loopback = await startReceiver();
    receiver.behave({ status: 302, location: loopback.url.replace("127.0.0.2", "127.0.0.1") });
    try {
      const redirected = await t.call("POST", `/api/v1/webhooks/${hook.webhookId}/test`);
      expect(redirected.json).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 302 });
      expect(redirected.json.lastError).toMatch(/redirect/);
      expect(redirected.json.attemptLog).toHaveLength(1);
      expect(loopback.received).toHaveLength(0);
    } finally {
      receiver.behave({});
      await loopback.close();
    }
  });
});

describe("events", () => {
  it("delivers queued, processing and published for a TikTok job, each the job as the API shows it, verified by the library", async () => {
    const t = await setup();
    const hook = await createHook(t.call, { url: receiver.url, events: ["publish_job.queued", "publish_job.processing", "publish_job.published"] });
    receiver.useSecret(hook.secret);
    const tiktok = await connectAccount(t.scope, "tiktok");
    const { mediaId } = await uploadVideo(t.key);
    const res = await publish(t.key, {
      accountIds: [tiktok.accountId],
      posts: ["Hooked"],
      video: { mediaId, requestId: rid(), privacyLevel: "PUBLIC_TO_EVERYONE" },
    });
    const jobId = res.json.results[0].jobId as string;
    const job = await waitForJob(t.key, jobId);
    const mine = () => receiver.received.filter((r) => r.data?.jobId === jobId);
    await until(async () => mine().length >= 3, 15_000);
    const events = mine();
    expect(events.map((e) => e.type).sort()).toEqual(["publish_job.processing", "publish_job.published", "publish_job.queued"]);
    expect(events.every((e) => e.verified)).toBe(true);
    expect(new Set(events.map((e) => e.webhookId)).size).toBe(3);
    // each event's data is the job as it was then, in the API's shape
    expect(events.find((e) => e.type === "publish_job.queued")!.data).toMatchObject({ jobId, status: "queued", postId: null, username: tiktok.username });
    expect(events.find((e) => e.type === "publish_job.processing")!.data.status).toBe("processing");
    expect(events.find((e) => e.type === "publish_job.published")!.data).toEqual(job);

    const deliveries = await t.call("GET", `/api/v1/webhooks/${hook.webhookId}/deliveries`);
    expect(deliveries.json.total).toBe(3);
    expect(deliveries.json.deliveries.every((d: { status: string; attemptLog: unknown[] }) => d.status === "delivered" && d.attemptLog.length === 1)).toBe(
      true,
    );
  });

  it("delivers publish_job.unknown for a job whose outcome is unknown, and nothing the webhook did not ask for", async () => {
    const t = await setup();
    const hook = await createHook(t.call, { url: receiver.url, events: ["publish_job.unknown"] });
    receiver.useSecret(hook.secret);
    const ig = await connectAccount(t.scope, "instagram");
    const image = await uploadImage(t.key);
    await fault("instagram", "response_lost", { operation: "media.publish", username: ig.username });
    const res = await publish(t.key, { accountIds: [ig.accountId], instagram: { requestId: rid(), contentType: "FEED", items: [{ mediaId: image.mediaId }] } });
    const jobId = res.json.results[0].jobId as string;
    expect((await waitForJob(t.key, jobId)).status).toBe("unknown");
    await until(async () => receiver.received.some((r) => r.data?.jobId === jobId), 15_000);
    const events = receiver.received.filter((r) => r.data?.jobId === jobId);
    expect(events.map((e) => e.type)).toEqual(["publish_job.unknown"]);
    expect(events[0]!.data).toMatchObject({ status: "unknown", error: { code: "PUBLISH_RESULT_UNKNOWN" } });
  });

  it("reports scheduled posts, accounts and media, and redelivers under the same webhook-id", async () => {
    const t = await setup();
    const hook = await createHook(t.call, { url: receiver.url, events: ["*"] });
    receiver.useSecret(hook.secret);
    const x = await connectAccount(t.scope, "x");
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await t.call("POST", "/api/v1/scheduled-posts", { body: { accountIds: [x.accountId], posts: ["Later"], scheduledAt } });
    const scheduledPostId = scheduled.json.results[0].scheduledPostIds[0] as string;
    expect((await t.call("DELETE", `/api/v1/scheduled-posts/${scheduledPostId}?platform=x`)).status).toBe(200);
    const image = await uploadImage(t.key);
    const ofThis = () =>
      receiver.received.filter(
        (r) =>
          (r.type.startsWith("account.") && r.data.accountId === x.accountId) ||
          r.data?.scheduledPostId === scheduledPostId ||
          r.data?.mediaId === image.mediaId,
      );
    await until(async () => ofThis().length >= 5, 15_000);
    const types = ofThis().map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["account.connected", "scheduled_post.created", "scheduled_post.canceled", "publish_job.canceled", "media.confirmed"]),
    );
    expect(ofThis().find((e) => e.type === "scheduled_post.created")!.data).toMatchObject({ scheduledPostId, status: "scheduled", summary: "Later" });
    expect(ofThis().find((e) => e.type === "media.confirmed")!.data).toMatchObject({ mediaId: image.mediaId, mediaType: "IMAGE", mimeType: "image/jpeg" });

    const list = await t.call("GET", `/api/v1/webhooks/${hook.webhookId}/deliveries?limit=100`);
    const created = list.json.deliveries.find((d: { eventType: string }) => d.eventType === "scheduled_post.created");
    const again = await t.call("POST", `/api/v1/webhooks/${hook.webhookId}/deliveries/${created.deliveryId}/redeliver`);
    expect(again.status).toBe(202);
    await until(async () => receiver.received.filter((r) => r.webhookId === created.eventId).length === 2, 15_000);
  });
});

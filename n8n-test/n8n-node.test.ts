// The n8n node inside n8n itself: n8n 2.41 (on Node 24 from npm) loads the built package as a
// custom extension, and runs its credential test, workflows with the Posteady node (media
// import, publish, an API error) and the Posteady Trigger (registered on activation, signed
// deliveries, a forged one refused, removed on deactivation) against the test stack's service.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../server/db.ts";
import { connectAccount } from "../server/testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../server/testing/fixtures.ts";
import { makeJpeg } from "../server/testing/media-fixtures.ts";
import { installN8nHost, type N8nHost, startN8n } from "./n8n-host.ts";
import { buildNodePackage, packageDir } from "./node-package.ts";

let host: N8nHost;
let t: Awaited<ReturnType<typeof setup>>;
let credential: { id: string; name: string };
let files: { url(name: string): string; close(): Promise<void> };

async function setup() {
  const workspace = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const accounts = [
    await connectAccount(workspace.scope, "x"),
    await connectAccount(workspace.scope, "threads"),
    await connectAccount(workspace.scope, "linkedin"),
  ];
  return { ...workspace, accounts };
}

/** Files the service imports from (on 127.0.0.2, the address the test stack lets it fetch). */
async function serveFiles(body: Buffer) {
  const server = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": body.length }).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: (name: string) => `http://127.0.0.2:${port}/${name}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  // both to the end, so a failure of one never leaves the other's npm writing into node_modules
  const prepared = await Promise.allSettled([installN8nHost(), buildNodePackage()]);
  for (const step of prepared) if (step.status === "rejected") throw step.reason;
  // the built package as a custom extension: its nodes are CUSTOM.posteady and CUSTOM.posteadyTrigger
  const customExtensions = path.join(packageDir, "dist");
  [host, t, files] = await Promise.all([
    startN8n({ databaseUrl: inject("databaseUrl"), customExtensions }),
    setup(),
    makeJpeg({ width: 800, height: 800 }).then(serveFiles),
  ]);
  credential = { id: await host.createCredential("posteadyApi", "Posteady", { baseUrl: `${inject("baseUrl")}/`, apiKey: t.key }), name: "Posteady" };
}, 15 * 60_000);

afterAll(async () => {
  await files?.close();
  await host?.stop();
});

const webhookNode = (path: string) => ({
  id: crypto.randomUUID(),
  name: "Webhook",
  type: "n8n-nodes-base.webhook",
  typeVersion: 2,
  position: [0, 0],
  webhookId: crypto.randomUUID(),
  // the answer: every item the last node output
  parameters: { httpMethod: "POST", path, responseMode: "lastNode", responseData: "allEntries", options: {} },
});

function posteadyNode(name: string, parameters: Record<string, unknown>, position: number) {
  return {
    id: crypto.randomUUID(),
    name,
    type: "CUSTOM.posteady",
    typeVersion: 1,
    position: [position * 220, 0],
    parameters,
    credentials: { posteadyApi: credential },
  };
}

/** A workflow started by POSTing to its Webhook node, running `nodes` one after another. */
async function webhookWorkflow(name: string, nodes: ReturnType<typeof posteadyNode>[]) {
  const path = `${name}-${crypto.randomUUID().slice(0, 8)}`;
  const all = [webhookNode(path), ...nodes];
  const connections = Object.fromEntries(all.slice(0, -1).map((node, i) => [node.name, { main: [[{ node: all[i + 1]!.name, type: "main", index: 0 }]] }]));
  const workflow = await host.createWorkflow({ name, nodes: all, connections });
  await host.activate(workflow.id);
  const run = async (body: unknown) => {
    const response = await fetch(host.webhookUrl(path), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const items = (await response.json()) as Array<Record<string, unknown>> | Record<string, unknown>;
    return { status: response.status, items: Array.isArray(items) ? items : [items], body: (Array.isArray(items) ? items[0] : items) ?? {} };
  };
  return { id: workflow.id, run };
}

describe("n8n-nodes-posteady inside n8n 2.41", () => {
  it("the credential is tested by GET /api/v1/workspaces: a good key passes (a trailing slash on the base URL too), a wrong one is refused", async () => {
    expect(await host.testCredential("posteadyApi", { baseUrl: `${inject("baseUrl")}/`, apiKey: t.key })).toMatchObject({ status: "OK" });
    const refused = await host.testCredential("posteadyApi", { baseUrl: inject("baseUrl"), apiKey: "pst_not_a_key" });
    expect(refused.status, JSON.stringify(refused)).toBe("Error");
  });

  it("imports an image from a URL and publishes it to three accounts as a post group, once per idempotency key", async () => {
    const { run } = await webhookWorkflow("publish", [
      posteadyNode(
        "Import image",
        { resource: "media", operation: "importFromUrl", url: "={{ $json.body.imageUrl }}", options: { idempotencyKey: "={{ $json.body.key }}" } },
        1,
      ),
      posteadyNode(
        "Publish",
        {
          resource: "postGroup",
          operation: "publish",
          accountIds: "={{ $('Webhook').item.json.body.accountIds }}",
          text: "={{ $('Webhook').item.json.body.text }}",
          options: { mediaIds: "={{ $json.mediaId }}", altText: "A blue square", idempotencyKey: "={{ $('Webhook').item.json.body.key }}", wait: true },
        },
        2,
      ),
    ]);
    const text = `From n8n ${Date.now()}`;
    const body = { imageUrl: files.url("square.jpg"), accountIds: t.accounts.map((a) => a.accountId), text, key: `row-${crypto.randomUUID()}` };
    const first = await run(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: "published" });
    const targets = first.body.targets as Array<{ status: string; permalink: string | null }>;
    expect(targets.map((target) => target.status)).toEqual(["published", "published", "published"]);
    expect(targets.every((target) => typeof target.permalink === "string")).toBe(true);

    // the same key in a later execution: the same post group, nothing published again
    const second = await run(body);
    expect(second.body.postGroupId).toBe(first.body.postGroupId);
    expect(await db.postGroup.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
  }, 180_000);

  it("schedules, adds to the queue, lists accounts and follows a publish job", async () => {
    const [x] = t.accounts;
    const text = (label: string) => `${label} from n8n ${Date.now()}`;
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    tomorrow.setUTCHours(9, 0, 0, 0);
    const schedule = await webhookWorkflow("schedule", [
      posteadyNode(
        "Schedule",
        {
          resource: "postGroup",
          operation: "schedule",
          accountIds: "={{ $json.body.accountIds }}",
          text: "={{ $json.body.text }}",
          scheduledAt: "={{ $json.body.at }}",
          options: { timezone: "Europe/Berlin" },
        },
        1,
      ),
    ]);
    const scheduled = await schedule.run({ accountIds: [x!.accountId], text: text("Scheduled"), at: tomorrow.toISOString() });
    expect(scheduled.body, JSON.stringify(scheduled.body)).toMatchObject({
      status: "scheduled",
      scheduledAt: tomorrow.toISOString(),
      targets: [{ status: "scheduled" }],
    });

    // the queue: the account's only slot is 17:00 UTC every day, so the post takes the next one
    const slots = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => ({ day, time: "17:00" }));
    expect((await api(t.key)("PUT", `/api/v1/accounts/${x!.accountId}/posting-schedule`, { body: { timezone: "UTC", slots } })).status).toBe(200);
    const queue = await webhookWorkflow("queue", [
      posteadyNode(
        "Queue",
        { resource: "postGroup", operation: "queue", accountIds: "={{ $json.body.accountIds }}", text: "={{ $json.body.text }}", options: {} },
        1,
      ),
    ]);
    const queued = await queue.run({ accountIds: [x!.accountId], text: text("Queued") });
    const slot = (queued.body.targets as Array<{ scheduledAt: string }>)[0]!.scheduledAt;
    expect(queued.body.status).toBe("scheduled");
    expect(new Date(slot).getUTCHours()).toBe(17);
    expect(new Date(slot).getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);

    const accounts = await webhookWorkflow("accounts", [posteadyNode("Accounts", { resource: "account", operation: "getAll", provider: "" }, 1)]);
    expect((await accounts.run({})).items.map((item) => item.accountId).sort()).toEqual(t.accounts.map((a) => a.accountId).sort());

    const published = await api(t.key)("POST", "/api/v1/post-groups", {
      body: { requestId: crypto.randomUUID(), content: { text: text("Job") }, targets: [{ accountId: x!.accountId }] },
    });
    const job = await webhookWorkflow("job", [
      posteadyNode("Job", { resource: "publishJob", operation: "get", jobId: "={{ $json.body.jobId }}", wait: true }, 1),
    ]);
    const followed = await job.run({ jobId: published.json.targets[0].jobId });
    expect(followed.body).toMatchObject({ jobId: published.json.targets[0].jobId, status: "published", permalink: expect.any(String) });
  }, 180_000);

  it("a refused request fails the execution with the service's code and the field at fault", async () => {
    const { id, run } = await webhookWorkflow("refused", [
      posteadyNode(
        "Publish",
        { resource: "postGroup", operation: "publish", accountIds: "={{ $json.body.accountIds }}", text: "x".repeat(400), options: {} },
        1,
      ),
    ]);
    const before = await db.postGroup.count({ where: { workspaceId: t.workspace.id } });
    const answer = await run({ accountIds: [t.accounts[0]!.accountId] });
    expect(answer.status).toBe(500);
    const [failed] = await host.waitForExecutions(id, 1);
    expect(failed!.status).toBe("error");
    const error = (await host.execution(failed!.id)).data.resultData.error as { message: string; description: string; httpCode: string };
    expect(error).toMatchObject({ httpCode: "422", message: expect.stringContaining("VALIDATION_ERROR") });
    expect(error.description).toContain("targets[0].content.text");
    expect(await db.postGroup.count({ where: { workspaceId: t.workspace.id } })).toBe(before);
  }, 120_000);

  it("the trigger registers its webhook on activation, runs on signed deliveries, refuses a forged one and removes the webhook on deactivation", async () => {
    const webhookId = crypto.randomUUID();
    const workflow = await host.createWorkflow({
      name: "trigger",
      nodes: [
        {
          id: crypto.randomUUID(),
          name: "Posteady Trigger",
          type: "CUSTOM.posteadyTrigger",
          typeVersion: 1,
          position: [0, 0],
          webhookId,
          parameters: { events: ["publish_job.published"] },
          credentials: { posteadyApi: credential },
        },
      ],
      connections: {},
    });
    await host.activate(workflow.id);
    const url = host.webhookUrl(`${webhookId}/webhook`);
    const listed = await api(t.key)("GET", "/api/v1/webhooks");
    expect(listed.json.webhooks).toEqual([expect.objectContaining({ url, events: ["publish_job.published"] })]);

    // a post published through the API reaches the workflow as a verified event
    const published = await api(t.key)("POST", "/api/v1/post-groups", {
      body: { requestId: crypto.randomUUID(), content: { text: `Trigger ${Date.now()}` }, targets: [{ accountId: t.accounts[0]!.accountId }] },
    });
    const group = published.json as { targets: Array<{ jobId: string }> };
    const [run] = await host.waitForExecutions(workflow.id, 1);
    const execution = await host.execution(run!.id);
    const output = execution.data.resultData.runData["Posteady Trigger"]![0]!.data as { main: Array<Array<{ json: unknown }>> };
    const event = output.main[0]![0]!.json as { type: string; data: { jobId: string; status: string } };
    expect(event).toMatchObject({ type: "publish_job.published", data: { jobId: group.targets[0]!.jobId, status: "published" } });

    // a delivery without Posteady's signature is refused and runs nothing
    const forged = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "webhook-id": "msg_forged",
        "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
        "webhook-signature": "v1,AAAA",
      },
      body: JSON.stringify(event),
    });
    expect(forged.status).toBe(401);
    expect((await host.executions(workflow.id)).length).toBe(1);

    await host.deactivate(workflow.id);
    expect((await api(t.key)("GET", "/api/v1/webhooks")).json.webhooks).toEqual([]);
  }, 180_000);
});

// The SDK against the running service (the test stack, its sandbox platforms): upload, publish a
// post group and follow it, a replay after a network error, typed errors, iterators, webhook
// signatures, and the examples/ script run as a reader would run it.
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createClient, PosteadyError, verifyWebhook, WebhookVerificationError } from "@posteady/sdk";
import { describe, expect, inject, it } from "vitest";
import { db } from "../../server/db.ts";
import { connectAccount } from "../../server/testing/account-fixtures.ts";
import { createWorkspaceWithKey } from "../../server/testing/fixtures.ts";
import { makeJpeg } from "../../server/testing/media-fixtures.ts";

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const accounts = [await connectAccount(t.scope, "x"), await connectAccount(t.scope, "threads"), await connectAccount(t.scope, "linkedin")];
  return { ...t, accounts };
}

describe("@posteady/sdk against the service", () => {
  it("uploads an image from a Buffer with progress, publishes a post group with it and follows it to published", async () => {
    const t = await setup();
    const posteady = createClient({ baseUrl: inject("baseUrl"), apiKey: t.key });
    const bytes = await makeJpeg({ width: 1080, height: 1350 });
    const progress: number[] = [];
    const image = await posteady.uploadMedia(bytes, { fileName: "photo.jpg", contentType: "image/jpeg", onProgress: (p) => progress.push(p.sentBytes) });
    expect(image).toMatchObject({ mediaType: "IMAGE", width: 1080, height: 1350 });
    expect(progress.at(-1)).toBe(bytes.length);

    const group = await posteady.POST("/api/v1/post-groups", {
      body: {
        content: { text: `From the SDK ${Date.now()}`, media: [{ mediaId: image.mediaId, altText: "Blue" }] },
        targets: t.accounts.map((a) => ({ accountId: a.accountId })),
      },
    });
    const done = await posteady.waitForPostGroup(group.postGroupId, { timeoutMs: 60_000, intervalMs: 250 });
    expect(done.status, JSON.stringify(done)).toBe("published");
    expect(done.requestId).toMatch(/^[0-9a-f-]{36}$/); // made by the SDK
    expect(done.targets.map((target) => target.permalink)).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    const job = await posteady.waitForJob(done.targets[0]!.jobId!);
    expect(job).toMatchObject({ status: "published", permalink: done.targets[0]!.permalink });

    // uploads from a file path and from a stream land in the library, which the iterator walks
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sdk-")), "second.jpg");
    fs.writeFileSync(file, await makeJpeg({ width: 400, height: 300, color: "#ff0000" }));
    const second = await posteady.uploadMedia(file, { contentType: "image/jpeg" });
    const third = await posteady.uploadMedia(fs.createReadStream(file), { fileName: "third.jpg", contentType: "image/jpeg", fileSize: fs.statSync(file).size });
    const seen: string[] = [];
    for await (const item of posteady.iterateMedia({ mediaType: "IMAGE", limit: 1 })) seen.push(item.mediaId);
    expect(seen.sort()).toEqual([image.mediaId, second.mediaId, third.mediaId].sort());
  }, 120_000);

  it("replays a post group after a network error with the same requestId: the same group, created once", async () => {
    const t = await setup();
    const sent: { requestId: string; answer?: unknown }[] = [];
    // the first POST reaches the server and is answered, but its answer is lost on the way back
    const flaky: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== "POST" || !request.url.endsWith("/api/v1/post-groups")) return fetch(request);
      const record: { requestId: string; answer?: unknown } = { requestId: (await request.clone().json()).requestId };
      sent.push(record);
      const response = await fetch(request);
      if (sent.length > 1) return response;
      record.answer = await response.json();
      throw new TypeError("fetch failed (answer dropped by the test)");
    };
    const posteady = createClient({ baseUrl: inject("baseUrl"), apiKey: t.key, fetch: flaky, baseDelayMs: 10 });
    const group = await posteady.POST("/api/v1/post-groups", {
      body: { content: { text: `Once ${Date.now()}` }, targets: [{ accountId: t.accounts[0]!.accountId }] },
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(group.postGroupId).toBe((sent[0]!.answer as { postGroupId: string }).postGroupId);
    expect(await db.postGroup.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
  }, 60_000);

  it("throws the error envelope as a typed PosteadyError: a 422 with its issues, a 404, a 401", async () => {
    const t = await setup();
    const posteady = createClient({ baseUrl: inject("baseUrl"), apiKey: t.key });
    // @ts-expect-error: a target without accountId is what the server must refuse
    const refused = await posteady.POST("/api/v1/post-groups", { body: { content: { text: "Hi" }, targets: [{}] } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PosteadyError);
    const error = refused as PosteadyError;
    expect(error).toMatchObject({ status: 422, code: "VALIDATION_ERROR" });
    expect(error.issues).toContainEqual(expect.objectContaining({ path: "targets[0].accountId", location: "body" }));

    const missing = await posteady.GET("/api/v1/post-groups/{id}", { params: { path: { id: crypto.randomUUID() } } }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: "PosteadyError", status: 404, code: "NOT_FOUND" });
    const unauthorized = await createClient({ baseUrl: inject("baseUrl"), apiKey: "pst_nope" })
      .GET("/api/v1/accounts")
      .catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });

  it("verifies the signature of a webhook the service sent, and refuses it once altered", async () => {
    const t = await createWorkspaceWithKey();
    const posteady = createClient({ baseUrl: inject("baseUrl"), apiKey: t.key });
    const deliveries: { body: string; headers: http.IncomingHttpHeaders }[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req
        .on("data", (c: Buffer) => chunks.push(c))
        .on("end", () => {
          deliveries.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
          res.end("ok");
        });
    });
    // 127.0.0.2: the private address the test stack's URL_FETCH_ALLOW_CIDRS opens
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
    try {
      const url = `http://127.0.0.2:${(server.address() as AddressInfo).port}/hooks`;
      const webhook = await posteady.POST("/api/v1/webhooks", { body: { url, events: ["*"] } });
      await posteady.POST("/api/v1/webhooks/{id}/test", { params: { path: { id: webhook.webhookId } } });
      const deadline = Date.now() + 20_000;
      while (!deliveries.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const [delivery] = deliveries;
      expect(delivery).toBeDefined();
      expect(verifyWebhook(webhook.secret, delivery!.body, delivery!.headers)).toMatchObject({ type: expect.any(String) });
      expect(() => verifyWebhook(webhook.secret, delivery!.body.replace("{", '{"x":1,'), delivery!.headers)).toThrow(WebhookVerificationError);
      const deliveriesListed = [];
      for await (const d of posteady.iterateWebhookDeliveries(webhook.webhookId)) deliveriesListed.push(d);
      expect(deliveriesListed.length).toBeGreaterThanOrEqual(1);
    } finally {
      server.close();
    }
  }, 60_000);

  it("runs examples/publish-with-image.ts: three sandbox accounts, three permalinks", async () => {
    const t = await setup();
    const image = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sdk-example-")), "photo.jpg");
    fs.writeFileSync(image, await makeJpeg({ width: 800, height: 800 }));
    const { stdout } = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["examples/publish-with-image.ts", image], {
      env: { ...process.env, POSTEADY_URL: inject("baseUrl"), POSTEADY_KEY: t.key, ACCOUNT_IDS: t.accounts.map((a) => a.accountId).join(",") },
    });
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toBe("published");
    expect(lines.slice(1).map((line) => line.split(":")[0])).toEqual(["x", "threads", "linkedin"]);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\w+: https?:\/\/\S+$/);
  }, 120_000);
});

// Media from a URL: POST /api/v1/media/imports → 202, the worker fetches the file (SSRF-safe,
// bounded), converts PNG to JPEG, verifies and measures it, and the result is a library item
// that publishes like any upload. Files are served by a server of this test on 127.0.0.2 (the
// tests' URL_FETCH_ALLOW_CIDRS); 127.0.0.1 and 169.254.169.254 stay refused.
import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../db.ts";
import { scopeFromSession } from "../scope.ts";
import { storage } from "../storage/index.ts";
import { httpClient, ok } from "../mcp/test-client.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { servePages } from "../testing/carousel-fixtures.ts";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";
import { makeMp4 } from "../testing/media-fixtures.ts";
import { sandboxPosts } from "../testing/platform-fixtures.ts";
import { publish, waitForJob } from "../testing/publish-fixtures.ts";
import { sha256 } from "../testing/upload-fixtures.ts";
import { runMediaImport } from "../domain/media/imports/run-media-import.ts";
import { sweepMediaImports } from "../domain/media/imports/sweep-media-imports.ts";

let png: Buffer;
const video = makeMp4({ durationSeconds: 12, width: 1080, height: 1920, payloadBytes: 30_000 });
let site: Awaited<ReturnType<typeof servePages>>;
const hits: Record<string, number> = {};

beforeAll(async () => {
  // a PNG with transparency: JPEG has none, so it is laid on white
  png = await sharp({ create: { width: 1080, height: 1350, channels: 4, background: { r: 47, g: 107, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
  const counted = (name: string, type: string, body: () => Buffer) => (res: import("node:http").ServerResponse) => {
    hits[name] = (hits[name] ?? 0) + 1;
    const bytes = body();
    res.writeHead(200, { "Content-Type": type, "Content-Length": bytes.length });
    res.end(bytes);
  };
  site = await servePages({
    "/cover.png": counted("cover.png", "image/png", () => png),
    "/clip.mp4": counted("clip.mp4", "video/mp4", () => video),
    "/page.html": { body: "<!doctype html><html><body><p>Not a picture</p></body></html>" },
    "/mislabeled.png": { type: "image/png", body: Buffer.from("GIF89a not really an image at all, just text") },
    "/to-loopback": { status: 302, location: "http://127.0.0.1:9/secret.png" },
    "/to-metadata": { status: 301, location: "http://169.254.169.254/latest/meta-data/" },
    "/missing.png": { status: 404 },
    // an image past 8 MiB, streamed without a Content-Length: the limit holds while streaming
    "/huge.png": (res) => {
      res.writeHead(200, { "Content-Type": "image/png" });
      const chunk = Buffer.alloc(256 * 1024, 0x41);
      let sent = 0;
      res.write(png.subarray(0, 16));
      const pump = () => {
        while (sent < 12 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    },
  });
});
afterAll(() => site.close());

async function waitForImport(key: string, importId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(key)("GET", `/api/v1/media/imports/${importId}`);
    expect(res.status, res.text).toBe(200);
    if (res.json.status === "completed" || res.json.status === "failed") return res.json;
    if (Date.now() > deadline) throw new Error(`import ${importId} still ${res.json.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const startImport = (key: string, body: Record<string, unknown>) => api(key)("POST", "/api/v1/media/imports", { body });

describe("importing media from a URL", () => {
  it("imports a PNG as a JPEG library item that publishes to Instagram as that JPEG", async () => {
    const t = await createWorkspaceWithKey();
    const started = await startImport(t.key, { url: site.url("/cover.png"), fileName: "cover.png" });
    expect(started.status, started.text).toBe(202);
    expect(started.json).toMatchObject({ status: "queued", url: site.url("/cover.png") });
    const done = await waitForImport(t.key, started.json.importId);
    expect(done).toMatchObject({ status: "completed", mediaId: expect.any(String) });

    const listed = await api(t.key)("GET", "/api/v1/media?mediaType=IMAGE");
    const item = listed.json.media.find((m: { mediaId: string }) => m.mediaId === done.mediaId);
    expect(item).toMatchObject({ mediaType: "IMAGE", mimeType: "image/jpeg", fileName: "cover.jpg", width: 1080, height: 1350 });
    const row = await db.mediaItem.findUniqueOrThrow({ where: { id: done.mediaId } });
    expect(row.status).toBe("CONFIRMED");
    const stored = await (await storage()).readRange(row.storageKey, 0, Number(row.fileSize));
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1080, height: 1350 });
    // the stored size counts against the organization's quota, as an upload's does
    expect((await db.organization.findUniqueOrThrow({ where: { id: t.organization.id } })).mediaUsedBytes).toBe(row.fileSize);

    const ig = await connectAccount(await scopeFromSession(t.user.id, t.workspace.id), "instagram", { accountType: "BUSINESS" });
    const res = await publish(t.key, {
      accountIds: [ig.accountId],
      instagram: { requestId: crypto.randomUUID(), contentType: "FEED", caption: "Imported", items: [{ mediaId: done.mediaId }] },
    });
    expect(res.status, res.text).toBe(202);
    expect((await waitForJob(t.key, res.json.results[0].jobId)).status).toBe("published");
    const [post] = await sandboxPosts("instagram", ig.username);
    expect(post!.media).toHaveLength(1);
    expect(post!.media[0]!.sha256).toBe(sha256(stored));
    expect(post!.media[0]!.sha256).not.toBe(sha256(png));
  });

  it("imports a video, measured like a confirmed upload, through the MCP tools", async () => {
    const t = await createWorkspaceWithKey();
    const client = await httpClient(t.key);
    const started = await ok(client, "import_media", { url: site.url("/clip.mp4"), mediaType: "VIDEO" });
    expect(started.status).toBe("queued");
    let state = started;
    for (const until = Date.now() + 30_000; !["completed", "failed"].includes(state.status) && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 200));
      state = await ok(client, "get_media_import", { importId: started.importId });
    }
    expect(state).toMatchObject({ status: "completed", mediaType: "VIDEO" });
    const item = await db.mediaItem.findUniqueOrThrow({ where: { id: state.mediaId } });
    expect(item).toMatchObject({ status: "CONFIRMED", mimeType: "video/mp4", fileName: "clip.mp4", durationSeconds: 12, width: 1080, height: 1920 });
    expect(Number(item.fileSize)).toBe(video.length);
  });

  it("is idempotent: a requestId answers the same import, and runs after it finished change nothing", async () => {
    const t = await createWorkspaceWithKey();
    const requestId = crypto.randomUUID();
    const body = { url: site.url("/cover.png"), requestId };
    const first = await startImport(t.key, body);
    expect(first.status).toBe(202);
    const done = await waitForImport(t.key, first.json.importId);
    const again = await startImport(t.key, body);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ importId: first.json.importId, status: "completed", mediaId: done.mediaId });
    const changed = await startImport(t.key, { ...body, mediaType: "VIDEO" });
    expect(changed.status).toBe(409);
    expect(changed.json.error.code).toBe("REQUEST_CONFLICT");
    await runMediaImport(first.json.importId);
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
  });

  it("survives a run that died mid-import: the lapsed lease is swept back to the queue and one item results", async () => {
    const t = await createWorkspaceWithKey();
    const before = hits["cover.png"] ?? 0;
    // the state a worker killed mid-fetch leaves: processing, its lease lapsed, its queue entry gone
    const row = await db.mediaImport.create({
      data: {
        workspaceId: t.workspace.id,
        organizationId: t.organization.id,
        createdById: t.user.id,
        url: site.url("/cover.png"),
        status: "processing",
        attempt: 1,
        leaseExpiresAt: new Date(Date.now() - 1000),
      },
    });
    expect(await sweepMediaImports()).toBeGreaterThanOrEqual(1);
    const done = await waitForImport(t.key, row.id);
    expect(done.status).toBe("completed");
    expect(hits["cover.png"]).toBeGreaterThan(before);
    // a late second run of the same import (the dead worker's queue entry, freed hours later) does nothing
    await runMediaImport(row.id);
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
    expect((await db.mediaImport.findUniqueOrThrow({ where: { id: row.id } })).attempt).toBe(2);
  });

  it("refuses loopback and metadata addresses at once, and private targets reached by name or redirect when fetching", async () => {
    const t = await createWorkspaceWithKey();
    for (const url of ["http://127.0.0.1:9/a.png", "http://169.254.169.254/latest/meta-data/", "http://[::1]/a.png", "file:///etc/passwd"]) {
      const res = await startImport(t.key, { url });
      expect(res.status, url).toBe(422);
      expect(res.json.error.details.issues[0].path, url).toBe("url");
    }
    for (const url of [site.url("/to-loopback"), site.url("/to-metadata"), "http://localhost:9/a.png"]) {
      const started = await startImport(t.key, { url });
      expect(started.status, url).toBe(202);
      const done = await waitForImport(t.key, started.json.importId);
      expect(done, url).toMatchObject({ status: "failed", error: { code: "URL_REFUSED" } });
      expect(done.error.message, url).toMatch(/private, loopback or link-local/);
    }
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });

  it("refuses what is too large, not an image or video, not the requested type, or not there, and keeps nothing", async () => {
    const t = await createWorkspaceWithKey();
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ["/huge.png", {}, "TOO_LARGE", /8 MiB/],
      ["/page.html", {}, "UNSUPPORTED_MEDIA", /not a JPEG, PNG or WebP image or an MP4 or QuickTime video/],
      ["/mislabeled.png", {}, "UNSUPPORTED_MEDIA", /not a JPEG, PNG or WebP image/],
      ["/cover.png", { mediaType: "VIDEO" }, "UNSUPPORTED_MEDIA", /not a video as mediaType says/],
      ["/missing.png", {}, "FETCH_FAILED", /HTTP 404/],
    ];
    for (const [path, extra, code, message] of cases) {
      const started = await startImport(t.key, { url: site.url(path), ...extra });
      expect(started.status, path).toBe(202);
      const done = await waitForImport(t.key, started.json.importId);
      expect(done, path).toMatchObject({ status: "failed", error: { code } });
      expect(done.error.message, path).toMatch(message);
      expect(done.mediaId, path).toBeUndefined();
    }
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    expect((await db.organization.findUniqueOrThrow({ where: { id: t.organization.id } })).mediaUsedBytes).toBe(0n);
    const staged: string[] = [];
    for await (const object of (await storage()).list(`staging/${t.workspace.id}/`)) staged.push(object.key);
    expect(staged).toEqual([]);
  });

  it("answers 422 naming the field for bad input, and 404 for another workspace's import", async () => {
    const t = await createWorkspaceWithKey();
    const other = await createWorkspaceWithKey();
    for (const [body, path] of [
      [{}, "url"],
      [{ url: "not a url" }, "url"],
      [{ url: site.url("/cover.png"), fileName: "a/b.png" }, "fileName"],
      [{ url: site.url("/cover.png"), mediaType: "GIF" }, "mediaType"],
      [{ url: site.url("/cover.png"), extra: 1 }, ""],
    ] as const) {
      const res = await startImport(t.key, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
      if (path) expect(res.json.error.details.issues[0].path, JSON.stringify(body)).toBe(path);
    }
    expect(await db.mediaImport.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    const theirs = await startImport(other.key, { url: site.url("/cover.png") });
    expect((await api(t.key)("GET", `/api/v1/media/imports/${theirs.json.importId}`)).status).toBe(404);
  });
});

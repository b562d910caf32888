// The media library through the API, as a client uses it: reserve, PUT, confirm, list.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { env } from "../../env.ts";
import { storage } from "../../storage/index.ts";
import { LocalStorage } from "../../storage/local-storage.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { makeJpeg, makeMp4 } from "../../testing/media-fixtures.ts";
import { put, reserve, sha256, upload } from "../../testing/upload-fixtures.ts";
import { createApiKey } from "../api-keys/create-api-key.ts";
import { scopeFromSession } from "../../scope.ts";
import { deleteMedia } from "./delete-media.ts";
import { expireUploads } from "./expire-uploads.ts";

const usedBytes = async (organizationId: string) => Number((await db.organization.findUniqueOrThrow({ where: { id: organizationId } })).mediaUsedBytes);

describe("uploading media", () => {
  it("reserves, takes the bytes, confirms with server-measured duration and dimensions, and lists the item", async () => {
    const t = await createWorkspaceWithKey();
    const bytes = makeMp4({ width: 1080, height: 1920, durationSeconds: 42.5, payloadBytes: 300_000 });
    const { reservation, confirmed } = await upload(t.key, { fileName: "launch.mp4", contentType: "video/mp4", bytes }, { duration: 9, width: 10, height: 10 });
    expect(reservation).toMatchObject({
      mediaType: "VIDEO",
      expiresInSeconds: 300,
      requiredHeaders: { "Content-Type": "video/mp4", "Content-Length": String(bytes.length) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({
      mediaId: reservation.mediaId,
      mediaType: "VIDEO",
      fileName: "launch.mp4",
      mimeType: "video/mp4",
      fileSize: bytes.length,
      durationSeconds: 42.5,
      width: 1080,
      height: 1920,
    });
    const list = await api(t.key)("GET", "/api/v1/media");
    expect(list.json).toMatchObject({ total: 1, hasMore: false, media: [{ mediaId: reservation.mediaId }] });
    const download = await fetch(list.json.media[0].url);
    expect(download.headers.get("content-type")).toBe("video/mp4");
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));
    expect(await usedBytes(t.organization.id)).toBe(bytes.length);
  });

  it("measures QuickTime files whose moov box comes last, and JPEG dimensions; images are listed under IMAGE", async () => {
    const t = await createWorkspaceWithKey();
    const mov = await upload(t.key, {
      fileName: "clip.MOV",
      contentType: "video/quicktime",
      bytes: makeMp4({ brand: "qt  ", moovAtEnd: true, durationSeconds: 7.25, width: 1920, height: 1080 }),
    });
    expect(mov.confirmed.json).toMatchObject({ mimeType: "video/quicktime", durationSeconds: 7.25, width: 1920, height: 1080 });
    const jpg = await upload(t.key, {
      fileName: "cover.jpg",
      contentType: "image/jpeg",
      mediaType: "IMAGE",
      bytes: await makeJpeg({ width: 1080, height: 1350 }),
    });
    expect(jpg.confirmed.json).toMatchObject({ mediaType: "IMAGE", width: 1080, height: 1350 });
    expect(jpg.confirmed.json).not.toHaveProperty("durationSeconds");
    const images = await api(t.key)("GET", "/api/v1/media?mediaType=IMAGE");
    expect(images.json.media.map((m: { mediaId: string }) => m.mediaId)).toEqual([jpg.reservation.mediaId]);
    expect((await api(t.key)("GET", "/api/v1/media")).json.total).toBe(1);
  });

  it("answers a repeated confirmation with the same item and counts the bytes once", async () => {
    const t = await createWorkspaceWithKey();
    const bytes = makeMp4();
    const { reservation, confirmed } = await upload(t.key, { fileName: "a.mp4", contentType: "video/mp4", bytes });
    const again = await api(t.key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: reservation.fileKey } });
    expect(again.status).toBe(200);
    expect(again.json.mediaId).toBe(confirmed.json.mediaId);
    expect(await usedBytes(t.organization.id)).toBe(bytes.length);
  });

  it("pages with limit and offset and refuses them out of range", async () => {
    const t = await createWorkspaceWithKey();
    for (let i = 0; i < 3; i++) await upload(t.key, { fileName: `v${i}.mp4`, contentType: "video/mp4", bytes: makeMp4({ payloadBytes: 1000 + i }) });
    const page = await api(t.key)("GET", "/api/v1/media?limit=2&offset=1");
    expect(page.json).toMatchObject({ total: 3, hasMore: false });
    expect(page.json.media.map((m: { fileName: string }) => m.fileName)).toEqual(["v1.mp4", "v0.mp4"]);
    expect((await api(t.key)("GET", "/api/v1/media?limit=2")).json.hasMore).toBe(true);
    for (const q of ["limit=0", "limit=101", "offset=-1", "offset=10001", "mediaType=AUDIO", "limit=abc"]) {
      const res = await api(t.key)("GET", `/api/v1/media?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.json.error.details.issues[0].path).toBe(q.split("=")[0]);
    }
  });
});

describe("reservation rules (nothing stored, quota unchanged)", () => {
  it.each([
    ["a path", { fileName: "../a.mp4" }, "fileName"],
    ["a directory", { fileName: "a/b.mp4" }, "fileName"],
    ["a backslash path", { fileName: "a\\b.mp4" }, "fileName"],
    ["a control character", { fileName: "bad\u0007.mp4" }, "fileName"],
    ["a 256-character name", { fileName: `${"a".repeat(252)}.mp4` }, "fileName"],
    ["an .avi video", { fileName: "clip.avi" }, "fileName"],
    ["an unsupported type", { contentType: "image/png", mediaType: "IMAGE", fileName: "a.png" }, "contentType"],
    ["a JPEG without mediaType IMAGE", { contentType: "image/jpeg", fileName: "a.jpg" }, "contentType"],
    ["a video over 2 GiB", { fileSize: 2 * 1024 ** 3 + 1 }, "fileSize"],
    ["a JPEG over 8 MiB", { contentType: "image/jpeg", mediaType: "IMAGE", fileName: "big.jpg", fileSize: 8 * 1024 ** 2 + 1 }, "fileSize"],
    ["an empty file", { fileSize: 0 }, "fileSize"],
    ["a fractional size", { fileSize: 10.5 }, "fileSize"],
  ])("refuses %s with 422 naming the field", async (_label, over, field) => {
    const t = await createWorkspaceWithKey();
    const res = await api(t.key)("POST", "/api/v1/media/uploads", { body: { fileName: "ok.mp4", contentType: "video/mp4", fileSize: 1000, ...over } });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("VALIDATION_ERROR");
    expect(res.json.error.details.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    expect(await usedBytes(t.organization.id)).toBe(0);
  });

  it("accepts a 255-character name and exactly 2 GiB", async () => {
    const t = await createWorkspaceWithKey();
    const res = await reserve(t.key, { fileName: `${"a".repeat(251)}.mp4`, contentType: "video/mp4", fileSize: 2 * 1024 ** 3 });
    expect(res.status).toBe(201);
  });

  it("refuses reservations past the quota with STORAGE_QUOTA_EXCEEDED; concurrent ones never exceed it", async () => {
    const t = await createWorkspaceWithKey();
    await db.organization.update({ where: { id: t.organization.id }, data: { mediaQuotaBytes: 10 * 1024 ** 2 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserve(t.key, { fileName: `v${i}.mp4`, contentType: "video/mp4", fileSize: 1024 ** 2 })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json.error).toMatchObject({ code: "STORAGE_QUOTA_EXCEEDED", details: { quotaBytes: 10 * 1024 ** 2, requestedBytes: 1024 ** 2 } });
    expect(await usedBytes(t.organization.id)).toBe(10 * 1024 ** 2);
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(10);
  });
});

describe("the upload URL", () => {
  async function reservation(t: Awaited<ReturnType<typeof createWorkspaceWithKey>>, bytes: Buffer) {
    return (await reserve(t.key, { fileName: "a.mp4", contentType: "video/mp4", fileSize: bytes.length })).json;
  }

  it("refuses a missing or different required header and stores nothing", async () => {
    const t = await createWorkspaceWithKey();
    const bytes = makeMp4();
    const r = await reservation(t, bytes);
    expect((await put(r.uploadUrl, bytes, { "Content-Type": "image/jpeg" })).status).toBe(403);
    expect((await put(r.uploadUrl, bytes, {})).status).toBe(403);
    const longer = Buffer.concat([bytes, Buffer.from("extra")]);
    const wrongLength = await put(r.uploadUrl, longer, { "Content-Type": "video/mp4" });
    expect(wrongLength.status).toBe(403);
    expect(wrongLength.json.error.message).toMatch(/Content-Length/);
    const confirm = await api(t.key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } });
    expect(confirm.status).toBe(409);
    expect(confirm.json.error.code).toBe("UPLOAD_INCOMPLETE");
  });

  it("stores nothing when the body stops short of Content-Length", async () => {
    const t = await createWorkspaceWithKey();
    const bytes = makeMp4({ payloadBytes: 200_000 });
    const r = await reservation(t, bytes);
    const url = new URL(r.uploadUrl);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(`PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: video/mp4\r\nContent-Length: ${bytes.length}\r\n\r\n`);
        socket.write(bytes.subarray(0, 1000));
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on("close", () => resolve());
      socket.on("error", () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));
    const store = (await storage()) as LocalStorage;
    expect(await store.head(`staging/${t.workspace.id}/${r.mediaId}`)).toBeNull();
    const confirm = await api(t.key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } });
    expect(confirm.json.error.code).toBe("UPLOAD_INCOMPLETE");
  });

  it("refuses an expired URL, a forged one, and a replay after confirmation", async () => {
    const t = await createWorkspaceWithKey();
    const bytes = makeMp4();
    const r = await reservation(t, bytes);
    const store = new LocalStorage("/nonexistent", env().publicUrl, env().storageSigningKey);
    const stale = await store.presignUpload(`staging/${t.workspace.id}/${r.mediaId}`, {
      contentType: "video/mp4",
      contentLength: bytes.length,
      expiresInSeconds: -1,
    });
    const expired = await put(stale.url, bytes, stale.headers);
    expect(expired.status).toBe(403);
    expect(expired.json.error.message).toMatch(/expired/);
    const forged = r.uploadUrl.replace(/signature=[^&]+/, "signature=AAAA");
    expect((await put(forged, bytes, r.requiredHeaders)).status).toBe(403);
    expect((await put(r.uploadUrl, bytes, r.requiredHeaders)).status).toBe(200);
    expect((await api(t.key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } })).status).toBe(200);
    const replay = await put(r.uploadUrl, bytes, r.requiredHeaders);
    expect(replay.status).toBe(409);
  });

  it("refuses bytes after the reservation's upload window, even with a valid signature", async () => {
    const t = await createWorkspaceWithKey();
    const bytes = makeMp4();
    const r = await reservation(t, bytes);
    await db.mediaItem.update({ where: { id: r.mediaId }, data: { uploadExpiresAt: new Date(Date.now() - 1000) } });
    const late = await put(r.uploadUrl, bytes, r.requiredHeaders);
    expect(late.status).toBe(410);
    expect(late.json.error.code).toBe("UPLOAD_EXPIRED");
  });
});

describe("confirmation rules", () => {
  it("refuses confirmation after 24 hours, by another user, and from another workspace", async () => {
    const t = await createWorkspaceWithKey();
    const other = await createWorkspaceWithKey();
    const bytes = makeMp4();
    const r = (await reserve(t.key, { fileName: "a.mp4", contentType: "video/mp4", fileSize: bytes.length })).json;
    expect((await put(r.uploadUrl, bytes, r.requiredHeaders)).status).toBe(200);
    const foreign = await api(other.key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } });
    expect(foreign.status).toBe(404);
    const colleague = await db.user.create({ data: { email: `colleague-${r.mediaId}@example.test`, passwordHash: "x" } });
    await db.membership.create({ data: { workspaceId: t.workspace.id, userId: colleague.id, role: "ADMIN" } });
    const colleagueKey = (await createApiKey(await scopeFromSession(colleague.id, t.workspace.id), { name: "colleague" })).key;
    const byColleague = await api(colleagueKey)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } });
    expect(byColleague.status).toBe(403);
    const sameUserOtherKey = (await createApiKey(t.scope, { name: "second" })).key;
    await db.mediaItem.update({ where: { id: r.mediaId }, data: { confirmExpiresAt: new Date(Date.now() - 1000) } });
    const late = await api(sameUserOtherKey)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } });
    expect(late.status).toBe(410);
    expect(late.json.error.code).toBe("UPLOAD_EXPIRED");
  });

  it.each([
    ["a PNG declared as JPEG", "image/jpeg", "IMAGE", "p.jpg", async () => Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")],
    ["a JPEG whose bytes are an MP4", "image/jpeg", "IMAGE", "v.jpg", async () => makeMp4()],
    ["an MP4 whose bytes are a JPEG", "video/mp4", "VIDEO", "v.mp4", async () => makeJpeg({ width: 10, height: 10 })],
  ] as const)("refuses %s at confirmation, ends the reservation and releases its quota", async (_label, contentType, mediaType, fileName, make) => {
    const t = await createWorkspaceWithKey();
    const bytes = await make();
    const r = (await reserve(t.key, { fileName, contentType, mediaType, fileSize: bytes.length })).json;
    expect((await put(r.uploadUrl, bytes, r.requiredHeaders)).status).toBe(200);
    expect(await usedBytes(t.organization.id)).toBe(bytes.length);
    const res = await api(t.key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({ code: "VALIDATION_ERROR", details: { reason: "signature" } });
    expect(await usedBytes(t.organization.id)).toBe(0);
    expect((await db.mediaItem.findUniqueOrThrow({ where: { id: r.mediaId } })).status).toBe("EXPIRED");
    expect((await api(t.key)("GET", `/api/v1/media?mediaType=${mediaType}`)).json.total).toBe(0);
  });
});

describe("expiry and deletion", () => {
  it("expires unconfirmed reservations after 24 hours: object deleted, quota released, never listed or confirmable", async () => {
    const t = await createWorkspaceWithKey();
    const bytes = makeMp4();
    const r = (await reserve(t.key, { fileName: "a.mp4", contentType: "video/mp4", fileSize: bytes.length })).json;
    await put(r.uploadUrl, bytes, r.requiredHeaders);
    await db.mediaItem.update({ where: { id: r.mediaId }, data: { confirmExpiresAt: new Date(Date.now() - 1000) } });
    const result = await expireUploads();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await db.mediaItem.findUniqueOrThrow({ where: { id: r.mediaId } })).status).toBe("EXPIRED");
    expect(await usedBytes(t.organization.id)).toBe(0);
    expect(await (await storage()).head(`staging/${t.workspace.id}/${r.mediaId}`)).toBeNull();
    expect((await api(t.key)("POST", "/api/v1/media/uploads/confirm", { body: { fileKey: r.fileKey } })).status).toBe(410);
  });

  it("deletes a confirmed item: gone from the library and the store, quota released; never across workspaces", async () => {
    const t = await createWorkspaceWithKey();
    const other = await createWorkspaceWithKey();
    const { confirmed } = await upload(t.key, { fileName: "a.mp4", contentType: "video/mp4", bytes: makeMp4() });
    await expect(deleteMedia(other.scope, confirmed.json.mediaId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await deleteMedia(t.scope, confirmed.json.mediaId);
    expect((await api(t.key)("GET", "/api/v1/media")).json.total).toBe(0);
    expect(await usedBytes(t.organization.id)).toBe(0);
    expect((await fetch(confirmed.json.url)).status).toBe(404);
  });
});

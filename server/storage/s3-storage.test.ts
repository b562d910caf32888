// The S3 driver against a local S3-compatible server (s3rver), and the media flow on it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmUpload } from "../domain/media/confirm-upload.ts";
import { resetEnv } from "../env.ts";
import { createUpload } from "../domain/media/create-upload.ts";
import { listMedia } from "../domain/media/list-media.ts";
import { freePort } from "../runtime/embedded-postgres.ts";
import { scopeFromSession } from "../scope.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { makeMp4 } from "../testing/media-fixtures.ts";
import { sha256 } from "../testing/upload-fixtures.ts";
import { resetStorage, storage } from "./index.ts";
import { S3Storage } from "./s3-storage.ts";
import { ObjectChangedError } from "./storage.ts";

let server: S3rver;
let driver: S3Storage;

beforeAll(async () => {
  const port = await freePort();
  server = new S3rver({ port, address: "127.0.0.1", silent: true, directory: fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-")) });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    STORAGE_DRIVER: "s3",
    S3_BUCKET: "media",
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  await client.send(new CreateBucketCommand({ Bucket: "media" }));
  resetEnv();
  resetStorage();
  driver = (await storage()) as S3Storage;
});

afterAll(async () => {
  for (const k of ["STORAGE_DRIVER", "S3_BUCKET", "S3_ENDPOINT", "S3_FORCE_PATH_STYLE", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) delete process.env[k];
  resetEnv();
  resetStorage();
  await server.close();
});

describe("S3 storage driver", () => {
  it("presigns uploads with Content-Type and Content-Length signed", async () => {
    const signed = await driver.presignUpload("staging/w/m", { contentType: "video/mp4", contentLength: 1234, expiresInSeconds: 300 });
    const url = new URL(signed.url);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(signed.headers).toEqual({ "Content-Type": "video/mp4", "Content-Length": "1234" });
  });

  it("stores, reads ranges, moves only the verified version, serves presigned downloads, lists and deletes", async () => {
    const bytes = makeMp4({ payloadBytes: 10_000 });
    const signed = await driver.presignUpload("staging/w/one", { contentType: "video/mp4", contentLength: bytes.length, expiresInSeconds: 300 });
    expect((await fetch(signed.url, { method: "PUT", headers: signed.headers, body: new Uint8Array(bytes) })).status).toBe(200);
    const info = (await driver.head("staging/w/one"))!;
    expect(info).toMatchObject({ size: bytes.length, contentType: "video/mp4" });
    expect(Buffer.from(await driver.readRange("staging/w/one", 4, 8)).toString()).toBe("ftyp");
    await expect(driver.move("staging/w/one", "media/w/one.mp4", "stale-version")).rejects.toBeInstanceOf(ObjectChangedError);
    const moved = await driver.move("staging/w/one", "media/w/one.mp4", info.version);
    expect(moved.size).toBe(bytes.length);
    expect(await driver.head("staging/w/one")).toBeNull();
    expect([await driver.exists("staging/w/one"), await driver.exists("media/w/one.mp4")]).toEqual([false, true]);
    const url = await driver.presignDownload("media/w/one.mp4", { expiresInSeconds: 60 });
    expect(sha256(Buffer.from(await (await fetch(url)).arrayBuffer()))).toBe(sha256(bytes));
    const keys: string[] = [];
    for await (const o of driver.list("media/w/")) keys.push(o.key);
    expect(keys).toEqual(["media/w/one.mp4"]);
    await driver.delete("media/w/one.mp4");
    expect(await driver.head("media/w/one.mp4")).toBeNull();
    expect(await driver.exists("media/w/one.mp4")).toBe(false);
  });

  it("carries the whole media flow: reserve, presigned PUT, confirm with probing, list", async () => {
    const t = await createWorkspaceWithKey();
    const scope = await scopeFromSession(t.user.id, t.workspace.id);
    const bytes = makeMp4({ durationSeconds: 15, width: 720, height: 1280, moovAtEnd: true });
    const reservation = await createUpload(scope, { fileName: "s3.mp4", contentType: "video/mp4", fileSize: bytes.length });
    expect(reservation.uploadUrl).toContain("X-Amz-Signature=");
    expect((await fetch(reservation.uploadUrl, { method: "PUT", headers: reservation.requiredHeaders, body: new Uint8Array(bytes) })).status).toBe(200);
    const item = await confirmUpload(scope, { fileKey: reservation.fileKey });
    expect(item).toMatchObject({ durationSeconds: 15, width: 720, height: 1280 });
    const listed = await listMedia(scope, {});
    expect(listed.media.map((m) => m.mediaId)).toEqual([item.mediaId]);
    expect(sha256(Buffer.from(await (await fetch(listed.media[0]!.url)).arrayBuffer()))).toBe(sha256(bytes));
  });
});

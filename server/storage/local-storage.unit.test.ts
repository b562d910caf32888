// SPEC.md: the bytes of an upload must arrive within 300 s of the reservation. An upload that
// started in time but is still arriving when the window closes stores nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, expect, it } from "vitest";
import { LocalStorage, UploadRejected } from "./local-storage.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "local-storage-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const storage = new LocalStorage(root, "http://127.0.0.1", "k".repeat(32));

it("refuses a body still arriving when the upload window closes, and keeps nothing", async () => {
  const body = new PassThrough();
  body.write(Buffer.alloc(10));
  const receiving = storage.receive("uploads/late", body, { contentType: "image/jpeg", contentLength: 20, deadline: Date.now() + 200 });
  await expect(receiving).rejects.toThrow(UploadRejected);
  await expect(receiving).rejects.toMatchObject({ status: 408 });
  expect(fs.readdirSync(path.join(root, "uploads"))).toEqual([]);
});

it("stores a body that completes within the window", async () => {
  const body = new PassThrough();
  const receiving = storage.receive("uploads/on-time", body, { contentType: "image/jpeg", contentLength: 20, deadline: Date.now() + 5_000 });
  body.end(Buffer.alloc(20));
  await expect(receiving).resolves.toMatchObject({ size: 20, contentType: "image/jpeg" });
});

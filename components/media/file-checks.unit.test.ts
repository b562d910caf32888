import { expect, test } from "vitest";
import { checkConverted, checkFile } from "./file-checks";

const MiB = 1024 * 1024;

test("videos and JPEG pass; PNG, WebP and HEIC are converted", () => {
  expect(checkFile({ name: "a.mp4", type: "video/mp4", size: 10 })).toEqual({ ok: true, kind: "video" });
  expect(checkFile({ name: "a.MOV", type: "", size: 10 })).toEqual({ ok: true, kind: "video" });
  expect(checkFile({ name: "a.jpg", type: "image/jpeg", size: 10 })).toEqual({ ok: true, kind: "jpeg" });
  expect(checkFile({ name: "a.png", type: "image/png", size: 10 })).toEqual({ ok: true, kind: "convert", from: "png" });
  expect(checkFile({ name: "a.webp", type: "image/webp", size: 10 })).toEqual({ ok: true, kind: "convert", from: "webp" });
  // browsers other than Safari give HEIC no MIME type: the extension decides
  expect(checkFile({ name: "IMG_0001.HEIC", type: "", size: 10 })).toEqual({ ok: true, kind: "convert", from: "heic" });
});

test("each refused file says what it is, what is accepted and why", () => {
  const txt = checkFile({ name: "notes.txt", type: "text/plain", size: 12 });
  expect(txt).toMatchObject({ ok: false });
  expect(!txt.ok && txt.reason).toMatch(
    /“notes.txt” is a text file\. The library takes MP4 or QuickTime .* JPEG is the one image format every platform accepts/,
  );
  const empty = checkFile({ name: "blank.jpg", type: "image/jpeg", size: 0 });
  expect(!empty.ok && empty.reason).toBe("“blank.jpg” is empty (0 bytes). Choose the original file: it may not have finished downloading or syncing.");
  const big = checkFile({ name: "huge.jpg", type: "image/jpeg", size: 9 * MiB });
  expect(!big.ok && big.reason).toMatch(/“huge.jpg” is 9.0 MB; images can be up to 8 MB/);
  const gif = checkFile({ name: "a.gif", type: "image/gif", size: 5 });
  expect(!gif.ok && gif.reason).toMatch(/is a GIF animation\./);
});

test("a converted photo must still fit the image limit", () => {
  expect(checkConverted("big.png", { size: 9 * MiB })).toMatch(/even as a JPEG; images can be up to 8 MB/);
  expect(checkConverted("ok.png", { size: 2 * MiB })).toBeNull();
});

// The media dropzone explains every file it refuses (what it is, what is accepted and why) and
// converts PNG, WebP and HEIC photos to JPEG in the browser before the upload (the API stores JPEG).
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { makeJpeg } from "../server/testing/media-fixtures.ts";
import { signUp } from "./support/dashboard";

test("a text file, an empty file and a too-large JPEG each get a plain reason; nothing is uploaded", async ({ page }) => {
  await signUp(page, "refused");
  await page.goto("/media");
  await page.getByRole("tab", { name: "Images" }).click();
  await page.getByTestId("media-file-input").setInputFiles([
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("ideas for next week") },
    { name: "blank.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(0) },
    { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(9 * 1024 * 1024, 1) },
  ]);
  const row = (name: string) => page.getByTestId("upload-row").filter({ hasText: name });
  for (const name of ["notes.txt", "blank.jpg", "huge.jpg"]) await expect(row(name)).toContainText("Not uploaded");
  await expect(row("notes.txt").getByRole("alert")).toHaveText(
    "“notes.txt” is a text file. The library takes MP4 or QuickTime (.mov) videos and JPEG images; PNG, WebP and HEIC photos are converted to JPEG in your browser, because JPEG is the one image format every platform accepts.",
  );
  await expect(row("blank.jpg").getByRole("alert")).toHaveText(
    "“blank.jpg” is empty (0 bytes). Choose the original file: it may not have finished downloading or syncing.",
  );
  await expect(row("huge.jpg").getByRole("alert")).toContainText("“huge.jpg” is 9.0 MB; images can be up to 8 MB");
  await expect(page.getByText(/Too small|expected number/)).toHaveCount(0);
  await expect(page.getByText("No images yet")).toBeVisible();
});

test("PNG, WebP and HEIC photos are converted to JPEG before upload and land in the library as JPEG", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUp(page, "convert");
  await page.goto("/media");
  const transparent = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
  const webp = await sharp(await makeJpeg({ width: 500, height: 500, color: "#22aa66" }))
    .webp()
    .toBuffer();
  // a real HEVC-coded HEIC of 320×240 (made with libheif's heif-enc from a JPEG)
  const heic = fs.readFileSync(path.join(import.meta.dirname, "fixtures", "photo.heic"));
  await page.getByTestId("media-file-input").setInputFiles([
    { name: "logo.png", mimeType: "image/png", buffer: transparent },
    { name: "leaf.webp", mimeType: "image/webp", buffer: webp },
    { name: "IMG_0042.HEIC", mimeType: "", buffer: heic },
  ]);
  for (const [original, converted] of [
    ["logo.png", "logo.jpg"],
    ["leaf.webp", "leaf.jpg"],
    ["IMG_0042.HEIC", "IMG_0042.jpg"],
  ] as const) {
    const row = page.getByTestId("upload-row").filter({ hasText: `converted from ${original}` });
    await expect(row).toContainText(converted);
    await expect(row).toContainText("Added to the library", { timeout: 30_000 });
  }
  await page.getByRole("tab", { name: "Images" }).click();
  const cards = page.getByTestId("media-card");
  await expect(cards.filter({ hasText: "logo.jpg" })).toContainText("400×300");
  await expect(cards.filter({ hasText: "leaf.jpg" })).toContainText("500×500");
  await expect(cards.filter({ hasText: "IMG_0042.jpg" })).toContainText("320×240");

  // The stored bytes are JPEG, and the PNG's transparency became white, not black.
  const src = await cards.filter({ hasText: "logo.jpg" }).getByRole("img").getAttribute("src");
  const stored = await (await request.get(src!)).body();
  expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const { dominant } = await sharp(stored).stats();
  expect(Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(240);
});

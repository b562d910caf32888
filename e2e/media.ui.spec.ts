// The media library in the dashboard: drop several files, watch each upload's progress, see
// them verified and measured in the grid, filter by type, delete.
import { expect, test } from "@playwright/test";
import { makeJpeg, makeMp4 } from "../server/testing/media-fixtures.ts";

test("upload a video and an image through the dashboard with progress, then filter and delete", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-media-${Date.now()}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await page.goto("/media");
  await expect(page.getByText("No videos yet")).toBeVisible();

  await page.getByTestId("media-file-input").setInputFiles([
    { name: "launch.mp4", mimeType: "video/mp4", buffer: makeMp4({ width: 1080, height: 1920, durationSeconds: 65, payloadBytes: 8_000_000 }) },
    { name: "cover.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 1080, height: 1350 }) },
  ]);
  const rows = page.getByTestId("upload-row");
  await expect(rows).toHaveCount(2);
  for (const name of ["launch.mp4", "cover.jpg"]) {
    const row = rows.filter({ hasText: name });
    await expect(row.getByRole("progressbar")).toBeVisible();
    await expect(row).toContainText("Added to the library", { timeout: 20_000 });
    await expect(row.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  }

  const video = page.getByTestId("media-card").filter({ hasText: "launch.mp4" });
  await expect(video).toContainText("1080×1920");
  await expect(video).toContainText("1:05");
  await expect(page.getByRole("meter", { name: "Storage used" })).toBeVisible();

  await page.getByRole("tab", { name: "Images" }).click();
  await expect(page.getByTestId("media-card").filter({ hasText: "cover.jpg" })).toContainText("1080×1350");
  await expect(page.getByTestId("media-card").filter({ hasText: "cover.jpg" }).getByRole("img")).toBeVisible();

  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Delete cover.jpg" }).click();
  await expect(page.getByText("No images yet")).toBeVisible();
});

test("a file that is not what it claims is refused with a clear error in its row", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-media-bad-${Date.now()}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await page.goto("/media");
  await page.getByTestId("media-file-input").setInputFiles([{ name: "fake.mp4", mimeType: "video/mp4", buffer: Buffer.from("definitely not a video file") }]);
  const row = page.getByTestId("upload-row").filter({ hasText: "fake.mp4" });
  await expect(row).toContainText("Failed");
  await expect(row.getByRole("alert")).toContainText("not an MP4 or QuickTime video");
});

// The dashboard on a phone (390 px) and in the dark: Jobs keeps each job's account and status in
// sight and shortens long captions with an ellipsis, Posts keeps its metrics, video thumbnails
// stay dark, Escape closes the menu, and the carousel editor's fields are labelled.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { makeMp4 } from "../server/testing/media-fixtures.ts";
import { connect, signUp } from "./support/dashboard.ts";

const phone = { width: 390, height: 844 };

/** Wholly inside the screen's width: not hidden behind a sideways scroll. */
async function expectOnScreen(page: Page, element: Locator) {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test("Jobs, Posts, thumbnails and the menu on a phone", async ({ page }) => {
  test.setTimeout(180_000);
  const s = Date.now().toString(36);
  await signUp(page, "phone");
  await connect(page, "TikTok", `tt_${s}`);
  await connect(page, "X", `x_${s}`);
  await page.goto("/media");
  await page
    .getByTestId("media-file-input")
    .setInputFiles([{ name: "clip.mp4", mimeType: "video/mp4", buffer: makeMp4({ width: 1080, height: 1920, durationSeconds: 8, payloadBytes: 200_000 }) }]);
  await expect(page.getByTestId("upload-row").filter({ hasText: "clip.mp4" })).toContainText("Added to the library", { timeout: 20_000 });

  // a TikTok video with a long caption: a job; an X post: a synced post with metrics
  await page.goto("/compose");
  await page.getByRole("checkbox", { name: `TikTok @tt_${s}` }).check();
  const caption = "An unusually long caption that goes on about the making of this clip, the light, the music and everyone who helped";
  await page.getByLabel("Post", { exact: true }).fill(caption);
  await page.getByRole("tab", { name: "Videos" }).click();
  await page
    .getByRole("listbox", { name: "Library" })
    .getByRole("option", { name: /^clip\.mp4/ })
    .click();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("publish-result")).toContainText("published", { timeout: 60_000 });
  await page.getByRole("checkbox", { name: `TikTok @tt_${s}` }).uncheck();
  await page.getByRole("checkbox", { name: `X @x_${s}` }).check();
  await page.getByLabel("Post", { exact: true }).fill("Metrics on a phone");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("publish-result").filter({ hasText: `@x_${s}` })).toContainText("published", { timeout: 30_000 });
  await page.goto("/posts");
  await page.getByRole("button", { name: `Sync now @x_${s}` }).click();
  await expect(page.getByTestId("post-row").filter({ hasText: "Metrics on a phone" })).toBeVisible({ timeout: 20_000 });

  await page.setViewportSize(phone);
  await page.goto("/jobs");
  const job = page.getByTestId("job-row").filter({ hasText: `@tt_${s}` });
  await expectOnScreen(page, job.getByTestId("job-account"));
  await expect(job.getByTestId("job-account")).toHaveText(`TikTok · @tt_${s}`);
  await expectOnScreen(page, job.getByTestId("job-status"));
  // the caption is shortened with an ellipsis, not cut off mid-word at the screen's edge
  const summary = job.getByTestId("job-summary");
  await expectOnScreen(page, summary);
  const cut = await summary.evaluate((el) => ({ overflow: getComputedStyle(el).textOverflow, clipped: el.scrollWidth > el.clientWidth }));
  expect(cut).toEqual({ overflow: "ellipsis", clipped: true });

  await page.goto("/posts");
  const post = page.getByTestId("post-row").filter({ hasText: "Metrics on a phone" });
  for (const metric of ["views", "likes", "replies", "reposts", "shares"]) await expectOnScreen(page, post.locator(`[data-metric="${metric}"]`));
  await expect(post.locator('[data-metric="views"]')).toHaveText(/^\d[\d,.]*$/);

  // Escape closes the phone menu and gives the focus back to its button
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" }).focus();
  await page.keyboard.press("Escape");
  await expect(page.locator("#mobile-nav")).toHaveCount(0);
  await expect(menu).toBeFocused();

  // dark theme: a video's thumbnail sits on black, not on the mirrored (near-white) slate
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/media");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const thumb = page.getByTestId("media-card").filter({ hasText: "clip.mp4" }).getByTestId("media-thumb");
  expect(await thumb.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(0, 0, 0)");
  await page.goto("/compose");
  await page.getByRole("tab", { name: "Videos" }).click();
  const option = page.getByRole("listbox", { name: "Library" }).getByRole("option", { name: /^clip\.mp4/ });
  expect(
    await option
      .locator("span")
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe("rgb(0, 0, 0)");
});

test("the carousel editor's Title and Caption have visible labels", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, "carousel-labels");
  await page.goto("/carousels");
  const form = page.getByRole("form", { name: "New carousel" });
  await form.getByLabel("Source text").fill("Good habits compound. Write every day. Share what you learn. Ask for feedback early.");
  await form.getByLabel("Slides").fill("3");
  await form.getByRole("button", { name: "Generate" }).click();
  const card = page.getByTestId("carousel-card").first();
  await expect(card.getByTestId("carousel-status")).toHaveText("Completed", { timeout: 30_000 });
  await card.getByRole("link", { name: "Open editor" }).click();
  const post = page.getByRole("region", { name: "Post" });
  for (const name of ["Title", "Caption"]) {
    const label = post.locator("label").filter({ hasText: name });
    await expect(label).toBeVisible();
    await expect(post.getByLabel(name)).toBeVisible();
    expect(await label.evaluate((el) => (el as HTMLLabelElement).control !== null)).toBe(true);
  }
});

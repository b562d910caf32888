// The composer in Chromium, as a new user would: one composition (a thread with a link, an image
// with alt text, a first comment) to X, Threads, Instagram, LinkedIn and TikTok in one post
// group, with per-account overrides in tabs (Instagram's caption, TikTok's video), previews per
// platform (X without its links, counted), a problem shown before sending, every target followed
// to published; then a carousel posted from its editor (Instagram slides, LinkedIn document) and
// a post scheduled from the calendar's ?at= link, and a draft saved, reopened and published.
import { expect, test, type Page } from "@playwright/test";
import { makeJpeg, makeMp4 } from "../server/testing/media-fixtures.ts";
import { connect, connectFiveAccounts, signUp } from "./support/dashboard.ts";
import { sandboxPosts } from "./support/sandbox.ts";
import { expectNoSeriousAxeViolations } from "./support/axe";

/** LinkedIn shares a member name, not a handle: read the username the dashboard made of it. */
async function linkedinUsername(page: Page): Promise<string> {
  const label = await page.getByRole("checkbox", { name: /^LinkedIn @/ }).getAttribute("aria-label");
  return label!.replace(/^LinkedIn @/, "");
}

/** The filled composer (tabs, previews, problems) passes axe, and fits a phone's width. */
async function auditComposer(page: Page) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousAxeViolations(page, `compose at ${width} px`);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, `the page is wider than the screen at ${width} px`).toBeLessThanOrEqual(innerWidth);
    if (process.env.COMPOSE_SCREENSHOTS) await page.screenshot({ path: `test-results/compose-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const preview = (page: Page, provider: string) => page.locator(`[data-testid="preview"][data-provider="${provider}"]`);

test("one composition to X, Threads, Instagram, LinkedIn and TikTok with overrides, previews and a first comment", async ({ page }) => {
  test.setTimeout(240_000);
  const s = Date.now().toString(36);
  await signUp(page, "compose");
  await expect(page.getByText("Nothing to publish to yet")).toBeVisible();
  await connectFiveAccounts(page, s);
  await page.goto("/media");
  await page.getByTestId("media-file-input").setInputFiles([
    { name: "photo.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 1080, height: 1080 }) },
    { name: "launch.mp4", mimeType: "video/mp4", buffer: makeMp4({ width: 1080, height: 1920, durationSeconds: 12, payloadBytes: 300_000 }) },
  ]);
  for (const name of ["photo.jpg", "launch.mp4"])
    await expect(page.getByTestId("upload-row").filter({ hasText: name })).toContainText("Added to the library", { timeout: 20_000 });

  await page.goto("/compose");
  const li = await linkedinUsername(page);
  for (const label of [`X @x_${s}`, `Threads @th_${s}`, `Instagram @ig_${s}`, `LinkedIn @${li}`, `TikTok @tt_${s}`])
    await page.getByRole("checkbox", { name: label }).check();

  // the shared content: a thread with a link in its first post, an image with alt text, a first comment
  await page.getByLabel("Post", { exact: true }).fill("We launched today! Read more at https://example.com/launch?ref=x");
  await page.getByRole("button", { name: "Add a post to the thread" }).click();
  await page.getByLabel("Post 2 of 2").fill("Docs: https://example.com/docs");
  await page.getByRole("listbox", { name: "Library" }).getByRole("option", { name: "photo.jpg" }).click();
  await page.getByLabel("Alt text for photo.jpg").fill("Our team cheering at the launch");
  await page.getByRole("textbox", { name: /^First comment/ }).fill("Questions welcome below 👇");

  // previews: X without its link, counted as X counts; Threads keeps it; Instagram's square frame
  const x = preview(page, "x");
  await expect(x.getByTestId("preview-post-x").first()).toContainText("We launched today! Read more at");
  await expect(x.getByTestId("preview-post-x").first()).not.toContainText("https://example.com/launch?ref=x Docs");
  await expect(x).toContainText("Links removed: https://example.com/launch?ref=x");
  await expect(x.getByTestId("counter-X post 1")).toHaveText("X post 1 31/280");
  await expect(x.getByTestId("preview-first-comment")).toContainText("Questions welcome below");
  await expect(preview(page, "threads").getByTestId("preview-post-threads").first()).toContainText("https://example.com/launch?ref=x");
  await expect(preview(page, "instagram").getByTestId("preview-frame").getByRole("img")).toHaveAttribute("alt", "Our team cheering at the launch");
  await expect(preview(page, "linkedin")).toContainText("Only the first post is sent");
  // TikTok needs a video: refused before sending
  await expect(preview(page, "tiktok").getByTestId("target-problems")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish now" })).toBeDisabled();

  // TikTok's tab: its own video, its options; no first comment offered
  await page.getByRole("tab", { name: new RegExp(`TikTok @tt_${s}`) }).click();
  await expect(page.getByText("TikTok takes no first comment.")).toBeVisible();
  await page.getByLabel("Different media for this account").check();
  await page.getByRole("button", { name: "Remove photo.jpg" }).click();
  await page.getByRole("tab", { name: "Videos" }).click();
  await page
    .getByRole("listbox", { name: "Library" })
    .getByRole("option", { name: /^launch\.mp4/ })
    .click();
  await page.getByLabel("Turn off duets").check();
  await expect(preview(page, "tiktok").getByTestId("target-problems")).toHaveCount(0);

  // Instagram's tab: its own caption
  await page.getByRole("tab", { name: new RegExp(`Instagram @ig_${s}`) }).click();
  await page.getByLabel("Different text for this account").check();
  await page.getByLabel("Post", { exact: true }).fill("Launch day ✨ #launch");
  await expect(preview(page, "instagram")).toContainText("Launch day ✨ #launch");

  // X's tab: a text over X's limit is shown before sending, under the tab and in the preview
  await page.getByRole("tab", { name: new RegExp(`X @x_${s}`) }).click();
  await page.getByLabel("Different text for this account").check();
  // the override starts as a copy of the shared thread
  await page.getByLabel("Post 1 of 2").fill("y".repeat(300));
  await expect(page.getByTestId("tab-problems")).toContainText("300 weighted characters");
  await expect(x.getByTestId("target-problems")).toBeVisible();
  await expect(page.getByRole("tab", { name: new RegExp(`X @x_${s}.*needs changes`) })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish now" })).toBeDisabled();
  await page.getByLabel("Different text for this account").uncheck();
  await expect(page.getByTestId("tab-problems")).toHaveCount(0);
  await page.getByRole("tab", { name: "All accounts" }).click();
  await auditComposer(page);

  await page.getByRole("button", { name: "Publish now" }).click();
  const results = page.getByTestId("publish-result");
  await expect(results).toHaveCount(5);
  for (const provider of ["x", "threads", "instagram", "linkedin", "tiktok"])
    await expect(results.and(page.locator(`[data-provider="${provider}"]`)).getByTestId("job-status")).toHaveText("published", { timeout: 90_000 });
  await expect(results.and(page.locator('[data-provider="x"]')).getByTestId("first-comment-status")).toContainText("posted", { timeout: 30_000 });

  // what each platform received
  const onX = await sandboxPosts("x", `x_${s}`);
  expect(onX.map((p) => p.text)).toEqual(["We launched today! Read more at", "Docs: https://example.com/docs", "Questions welcome below 👇"]);
  expect(onX[0]!.media).toHaveLength(1);
  const onThreads = await sandboxPosts("threads", `th_${s}`);
  expect(onThreads[0]!.text).toBe("We launched today! Read more at https://example.com/launch?ref=x");
  expect((await sandboxPosts("instagram", `ig_${s}`))[0]!.text).toBe("Launch day ✨ #launch");
  const onLinkedIn = await sandboxPosts("linkedin", `li_${s}`); // the sandbox keeps the name given at consent
  expect(onLinkedIn[0]!.text).toBe("We launched today! Read more at https://example.com/launch?ref=x");
  const onTiktok = await sandboxPosts("tiktok", `tt_${s}`);
  expect(onTiktok.map((p) => p.text)).toEqual(["We launched today! Read more at https://example.com/launch?ref=x"]);

  // the Jobs page lists every target's job
  await page.goto("/jobs");
  await page.getByLabel("Platform").selectOption("tiktok");
  await expect(page.getByTestId("job-row")).toHaveCount(1);
  await expect(page.getByTestId("job-row").getByTestId("job-status")).toHaveText("published");
});

test("a carousel posted from its editor, a post scheduled from the calendar's link, a draft reopened and published", async ({ page }) => {
  test.setTimeout(240_000);
  const s = Date.now().toString(36);
  await signUp(page, "compose-carousel");
  await connect(page, "Instagram", `ig_${s}`);
  await connect(page, "LinkedIn", `li_${s}`);
  await page.goto("/compose");
  const li = await linkedinUsername(page);

  await page.goto("/carousels");
  const form = page.getByRole("form", { name: "New carousel" });
  await expect(form).toContainText("50 left"); // the form is ready: typing before would be lost
  await form.getByLabel("Source text").fill("Writing well is a habit. Write every day. Cut every word you can. Read your draft aloud before you post it.");
  await form.getByLabel("Slides").fill("3");
  await form.getByRole("button", { name: "Generate" }).click();
  const card = page.getByTestId("carousel-card").first();
  await expect(card.getByTestId("carousel-status")).toHaveText("Completed", { timeout: 60_000 });
  await card.getByRole("link", { name: "Open editor" }).click();
  await expect(page).toHaveURL(/\/carousels\/[0-9a-f-]+\/edit$/);
  const editor = page.url();

  // Instagram: the slides attached in order, a FEED carousel
  await page.getByRole("link", { name: "Post as Instagram carousel" }).click();
  await expect(page).toHaveURL(/\/compose\?carousel=[0-9a-f-]+&as=instagram$/);
  await expect(page.getByRole("checkbox", { name: `Instagram @ig_${s}` })).toBeChecked();
  await expect(page.getByRole("list", { name: "Attached media" }).getByRole("listitem")).toHaveText([/Slide 1/, /Slide 2/, /Slide 3/]);
  await expect(preview(page, "instagram").getByRole("img", { name: "Carousel of 3" })).toBeVisible();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("publish-result").getByTestId("job-status")).toHaveText("published", { timeout: 60_000 });
  expect((await sandboxPosts("instagram", `ig_${s}`))[0]!.media).toHaveLength(3);

  // LinkedIn: the carousel as a document
  await page.goto(editor);
  await page.getByRole("link", { name: "Post as LinkedIn document" }).click();
  await expect(page).toHaveURL(/\/compose\?carousel=[0-9a-f-]+&as=linkedin$/);
  await expect(page.getByRole("checkbox", { name: `LinkedIn @${li}` })).toBeChecked();
  await expect(preview(page, "linkedin").getByTestId("preview-document")).toContainText("Document (PDF) of 3 slides");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("publish-result").getByTestId("job-status")).toHaveText("published", { timeout: 60_000 });

  // ?at= from the calendar: "Schedule" at that time
  const at = new Date(Date.now() + 2 * 86_400_000);
  at.setUTCHours(12, 0, 0, 0);
  await page.goto(`/compose?at=${encodeURIComponent(at.toISOString())}`);
  await expect(page.getByLabel("Schedule", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Schedule date")).toHaveValue(at.toISOString().slice(0, 10));
  await page.getByRole("checkbox", { name: `LinkedIn @${li}` }).check();
  await page.getByLabel("Post", { exact: true }).fill("Scheduled from the calendar");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByTestId("schedule-result").getByTestId("job-status")).toHaveText("scheduled");
  await expect(page.getByTestId("group-results")).toContainText("Scheduled for");

  // a draft: saved with its accounts and overrides, reopened, published, then gone from the list
  await page.goto("/compose");
  await page.getByRole("checkbox", { name: `LinkedIn @${li}` }).check();
  await page.getByRole("checkbox", { name: `Instagram @ig_${s}` }).check();
  await page.getByLabel("Post", { exact: true }).fill("A thought to finish later");
  await page.getByRole("tab", { name: new RegExp(`Instagram @ig_${s}`) }).click();
  await page.getByLabel("Different text for this account").check();
  await page.getByLabel("Post", { exact: true }).fill("The Instagram version");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();
  const drafts = page.getByRole("region", { name: "Drafts" });
  await expect(drafts.getByTestId("draft-row")).toHaveCount(1);
  await page.goto("/compose");
  await drafts.getByRole("link", { name: /Open draft/ }).click();
  await expect(page).toHaveURL(/\/compose\?draft=[0-9a-f-]+$/);
  await expect(page.getByLabel("Post", { exact: true })).toHaveValue("A thought to finish later");
  await expect(page.getByRole("checkbox", { name: `LinkedIn @${li}` })).toBeChecked();
  await page.getByRole("tab", { name: new RegExp(`Instagram @ig_${s}`) }).click();
  await expect(page.getByLabel("Different text for this account")).toBeChecked();
  await expect(page.getByLabel("Post", { exact: true })).toHaveValue("The Instagram version");
  await page.getByRole("checkbox", { name: `Instagram @ig_${s}` }).uncheck();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("publish-result").getByTestId("job-status")).toHaveText("published", { timeout: 60_000 });
  await expect(drafts.getByTestId("draft-row")).toHaveCount(0);
});

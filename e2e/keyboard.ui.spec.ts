// The dashboard by keyboard: tab lists follow the WAI-ARIA tabs pattern (arrow keys, Home/End,
// one Tab stop), the compose library is one Tab stop with arrow keys inside, attaching and
// publishing never drop the focus to the page, and account tabs that do not fit say how many are
// out of sight and how many of those need changes.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { makeJpeg } from "../server/testing/media-fixtures.ts";
import { connectFiveAccounts, signUp } from "./support/dashboard.ts";
import { expectNoSeriousAxeViolations } from "./support/axe";

/** The focused element as a short description, "BODY" when focus fell to the page. */
const focused = (page: Page) =>
  page.evaluate(() => (document.activeElement === document.body ? "BODY" : (document.activeElement?.outerHTML.slice(0, 80) ?? "none")));

async function expectTabsPattern(tabs: Locator[]) {
  await tabs[0]!.focus();
  await tabs[0]!.press("ArrowRight");
  await expect(tabs[1]!).toBeFocused();
  await expect(tabs[1]!).toHaveAttribute("aria-selected", "true");
  await tabs[1]!.press("Home");
  await expect(tabs[0]!).toBeFocused();
  await expect(tabs[0]!).toHaveAttribute("aria-selected", "true");
  await tabs[0]!.press("End");
  await expect(tabs.at(-1)!).toBeFocused();
  await tabs.at(-1)!.press("ArrowRight"); // wraps around
  await expect(tabs[0]!).toBeFocused();
  await tabs[0]!.press("ArrowLeft");
  await expect(tabs.at(-1)!).toBeFocused();
  // roving tabindex: only the selected tab is a Tab stop
  for (const [i, tab] of tabs.entries()) await expect(tab).toHaveAttribute("tabindex", i === tabs.length - 1 ? "0" : "-1");
}

test("tabs, the compose library, attaching and publishing by keyboard; overflowing account tabs say what is out of sight", async ({ page }) => {
  test.setTimeout(240_000);
  const s = Date.now().toString(36);
  await signUp(page, "keys");
  await connectFiveAccounts(page, s);

  await page.goto("/media");
  const mediaTabs = page.getByRole("tablist", { name: "Media type" });
  await expect(page.getByText("0 videos", { exact: true })).toBeVisible();
  await page.getByTestId("media-file-input").setInputFiles([
    { name: "one.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 1080, height: 1080, color: "#d04020" }) },
    { name: "two.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 1080, height: 1080, color: "#2040d0" }) },
    { name: "three.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 1080, height: 1080, color: "#20d040" }) },
  ]);
  for (const name of ["one.jpg", "two.jpg", "three.jpg"])
    await expect(page.getByTestId("upload-row").filter({ hasText: name })).toContainText("Added to the library", { timeout: 20_000 });
  await expectTabsPattern([mediaTabs.getByRole("tab", { name: "Videos" }), mediaTabs.getByRole("tab", { name: "Images" })]);
  await expect(page.getByText("3 images", { exact: true })).toBeVisible();

  await page.goto("/compose");
  for (const label of [`X @x_${s}`, `Threads @th_${s}`, `Instagram @ig_${s}`, `LinkedIn @li_${s}`, `TikTok @tt_${s}`])
    await page.getByRole("checkbox", { name: label }).check();

  // the account tabs
  const contentFor = page.getByRole("tablist", { name: "Content for" });
  await expectTabsPattern(await contentFor.getByRole("tab").all());
  await contentFor.getByRole("tab", { name: "All accounts" }).click();

  // the library: one Tab stop; arrow keys move inside; Enter attaches and keeps the focus there
  await page.getByLabel("Post", { exact: true }).fill("Three colours, by keyboard");
  const library = page.getByRole("listbox", { name: "Library" });
  const libraryTabs = page.getByRole("tablist", { name: "Library media type" });
  await libraryTabs.getByRole("tab", { name: "Images" }).focus();
  await page.keyboard.press("Tab"); // past the "Upload to the library" link
  await page.keyboard.press("Tab");
  const first = library.getByRole("option").first();
  await expect(first).toBeFocused();
  await page.keyboard.press("ArrowRight");
  const second = library.getByRole("option").nth(1);
  await expect(second).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(second).toBeFocused();
  await expect(page.getByRole("list", { name: "Attached media" }).getByRole("listitem")).toHaveCount(1);
  await page.keyboard.press("End");
  await page.keyboard.press(" ");
  await expect(library.getByRole("option").last()).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("list", { name: "Attached media" }).getByRole("listitem")).toHaveCount(2);
  // Tab leaves the library at once: the next stop is not another image
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).not.toBe("option");
  // removing an attached item sends focus back to the library, not to the page
  const attachedName = await page.getByRole("list", { name: "Attached media" }).getByRole("listitem").first().locator("p").textContent();
  await page.getByRole("button", { name: `Remove ${attachedName}` }).focus();
  await page.keyboard.press("Enter");
  expect(await focused(page)).not.toBe("BODY");
  await expect(page.locator('[role="option"]:focus')).toHaveCount(1);

  // with more accounts than fit on a phone, the row says how many are out of sight and which need changes
  await page.setViewportSize({ width: 390, height: 844 });
  const more = page.getByTestId("tabs-more-after");
  await expect(more).toBeVisible();
  await expect(more).toContainText(/\d more, \d needs? changes/); // TikTok refuses images: its tab needs changes
  const lastTab = contentFor.getByRole("tab").last();
  while (await more.isVisible()) {
    await more.click();
    await page.waitForTimeout(400); // the smooth scroll
  }
  await expect(lastTab).toBeInViewport({ ratio: 0.95 }); // wholly, but for subpixels
  await expect(page.getByTestId("tabs-more-before")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // TikTok's problem in words: a human sentence
  await expect(page.locator('[data-testid="preview"][data-provider="tiktok"]').getByTestId("target-problems")).toContainText(
    "TikTok needs a video: choose a video instead of this image.",
  );
  for (const label of [`TikTok @tt_${s}`, `Instagram @ig_${s}`]) await page.getByRole("checkbox", { name: label }).uncheck();

  // publishing by keyboard: the focus follows to the results, never the page
  const publish = page.getByRole("button", { name: "Publish now" });
  await publish.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Results" })).toBeFocused({ timeout: 20_000 });
  await expect(page.getByTestId("publish-result")).toHaveCount(3);
});

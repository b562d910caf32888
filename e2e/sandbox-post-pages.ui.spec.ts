// In sandbox mode a post exists only in the platform sandbox: its link in the dashboard opens the
// sandbox's page of it (what the platform received: text, media as sent with alt text, thread
// replies and comments, metrics), the real platform's link shown beside it, labelled. And an
// account whose posts cannot be read says why and what to do instead of "Never synced".
import { expect, test, type Page } from "@playwright/test";
import { makeJpeg } from "../server/testing/media-fixtures.ts";
import { connect, signUp } from "./support/dashboard.ts";
import { axeResults } from "./support/axe";

async function axeClean(page: Page) {
  const results = await axeResults(page);
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, found.join("\n")).toEqual([]);
}

test("a published post's link opens the sandbox's page of it: text, media, alt text, replies, metrics, and the real link beside it", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const s = Date.now().toString(36);
  await signUp(page, "sandbox-pages");
  await connect(page, "X", `x_${s}`);
  await connect(page, "Instagram", `ig_${s}`);
  await page.goto("/media");
  await page
    .getByTestId("media-file-input")
    .setInputFiles([{ name: "photo.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 1080, height: 1080 }) }]);
  await expect(page.getByTestId("upload-row").filter({ hasText: "photo.jpg" })).toContainText("Added to the library", { timeout: 20_000 });

  await page.goto("/compose");
  for (const label of [`X @x_${s}`, `Instagram @ig_${s}`]) await page.getByRole("checkbox", { name: label }).check();
  await page.getByLabel("Post", { exact: true }).fill(`Golden hour on the pier ${s}`);
  await page.getByRole("button", { name: "Add a post to the thread" }).click();
  await page.getByLabel("Post 2 of 2").fill("Shot on a phone, no filter");
  await page.getByRole("listbox", { name: "Library" }).getByRole("option", { name: "photo.jpg" }).click();
  await page.getByLabel("Alt text for photo.jpg").fill("The pier at sunset, people fishing");
  await page.getByRole("textbox", { name: /^First comment/ }).fill("Which one is your favourite?");
  await page.getByRole("button", { name: "Publish now" }).click();
  const result = (provider: string) => page.getByTestId("publish-result").and(page.locator(`[data-provider="${provider}"]`));
  for (const provider of ["x", "instagram"]) await expect(result(provider).getByTestId("job-status")).toHaveText("published", { timeout: 90_000 });
  await expect(result("x").getByTestId("first-comment-status")).toContainText("posted", { timeout: 30_000 });
  await expect(result("instagram").getByTestId("first-comment-status")).toContainText("posted", { timeout: 30_000 });

  // the link opens the sandbox; the real link is beside it, saying it leads nowhere
  const onX = result("x").getByTestId("post-link");
  await expect(onX.getByTestId("post-link-real")).toHaveAttribute("href", new RegExp(`^https://x\\.com/x_${s}/status/\\d+$`));
  await expect(onX).toContainText("Real X link (the post is only in the sandbox)");
  const sandboxLink = onX.getByRole("link", { name: /View in the platform sandbox/ });
  await expect(sandboxLink).toHaveAttribute("href", new RegExp(`^${process.env.E2E_SANDBOX_URL}/_sandbox/open\\?permalink=`));
  const [xPage] = await Promise.all([context.waitForEvent("page"), sandboxLink.click()]);
  await xPage.waitForLoadState();

  await expect(xPage.getByRole("heading", { level: 1 })).toHaveText(`X post by @x_${s}`);
  await expect(xPage.getByRole("note")).toContainText("exists only in the Posteady platform sandbox");
  await expect(xPage.getByRole("note").getByRole("link")).toHaveAttribute("href", new RegExp(`^https://x\\.com/x_${s}/status/\\d+$`));
  await expect(xPage.getByTestId("sandbox-text")).toHaveText(`Golden hour on the pier ${s}`);
  const image = xPage.getByRole("img", { name: "The pier at sunset, people fishing" });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
  await expect(xPage.getByTestId("sandbox-alt")).toHaveText("Alt text: The pier at sunset, people fishing");
  const replies = xPage.getByTestId("sandbox-reply");
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(0)).toContainText("Shot on a phone, no filter");
  await expect(replies.nth(1)).toContainText("Which one is your favourite?");
  await expect(xPage.getByTestId("sandbox-metrics")).toContainText(/views\s*[\d,]+/);
  await axeClean(xPage);
  await xPage.emulateMedia({ colorScheme: "dark" });
  await axeClean(xPage);
  // a reply's page leads back to the post it answers
  await replies.nth(0).getByRole("link").click();
  await expect(xPage.getByTestId("sandbox-text")).toHaveText("Shot on a phone, no filter");
  await expect(xPage.getByRole("link", { name: /^@x_.*Golden hour/ })).toBeVisible();
  await xPage.close();

  // Instagram fetched the image by URL: the page shows it, with its alt text and the first comment
  const igHref = await result("instagram").getByTestId("post-link-sandbox").getAttribute("href");
  const igPage = await context.newPage();
  await igPage.goto(igHref!);
  await expect(igPage.getByRole("heading", { level: 1 })).toHaveText(`Instagram post by @ig_${s}`);
  const igImage = igPage.getByRole("img", { name: "The pier at sunset, people fishing" });
  expect(await igImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
  await expect(igPage.getByTestId("sandbox-reply")).toContainText("Which one is your favourite?");
  await axeClean(igPage);
  await igPage.close();

  // the Jobs page's link is the same
  await page.goto("/jobs");
  await page
    .getByTestId("job-row")
    .filter({ hasText: `@x_${s}` })
    .getByRole("button")
    .click();
  const detail = page.getByRole("region", { name: "Job detail" });
  await expect(detail.getByTestId("post-link-sandbox")).toHaveAttribute("href", /\/_sandbox\/open\?permalink=/);
  await expect(detail.getByTestId("post-link-real")).toHaveAttribute("href", /^https:\/\/x\.com\//);
});

test("an account whose posts cannot be read says why and what to do, instead of syncing to 'Never synced'", async ({ page }) => {
  const s = Date.now().toString(36);
  await signUp(page, "sync-blocked");
  await connect(page, "LinkedIn", `li_${s}`);
  const row = page.getByTestId("account-row").and(page.locator('[data-provider="linkedin"]'));
  await expect(row.getByTestId("read-blocked")).toContainText(
    "Posts are not synced: this installation does not ask LinkedIn for the Read posts permission (r_member_social or r_organization_social)",
  );
  await expect(row.getByTestId("read-blocked")).toContainText("add r_member_social to LINKEDIN_SCOPES and reconnect the account granting it");

  await page.goto("/posts");
  const sync = page.getByTestId("sync-row").filter({ hasText: "LinkedIn" });
  await expect(sync.getByTestId("sync-blocked")).toContainText("Posts are not synced: this installation does not ask LinkedIn");
  await expect(sync.getByRole("button", { name: /^Sync now/ })).toBeDisabled();
});

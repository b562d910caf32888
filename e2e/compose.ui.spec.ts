// The composer in Chromium, as a new user would: connect X, Threads and TikTok through the
// sandbox's consent pages, publish a 3-post thread with a link in the first post (X drops it,
// Threads keeps it), then a TikTok video from the library, followed live to its permalink, and
// find it on the Jobs page.
import { expect, test, type Page } from "@playwright/test";
import { makeMp4 } from "../server/testing/media-fixtures.ts";

async function connect(page: Page, label: string, username: string) {
  await page.goto("/accounts");
  await page.getByRole("region", { name: "Connect an account" }).getByRole("button", { name: label, exact: true }).click();
  await page.getByLabel("New profile username").fill(username);
  await page.getByLabel("New profile display name").fill(`${label} Composer`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
}

async function sandboxPosts(provider: string, username: string): Promise<{ text: string; replyTo: string | null }[]> {
  const res = await fetch(`${process.env.E2E_SANDBOX_URL}/_sandbox/posts?provider=${provider}&username=${username}`);
  return (await res.json()).posts;
}

test("compose an X and Threads thread, then a TikTok video followed to its permalink", async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-compose-${suffix}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await expect(page.getByText("Nothing to publish to yet")).toBeVisible();
  await connect(page, "X", `x_${suffix}`);
  await connect(page, "Threads", `th_${suffix}`);
  await connect(page, "TikTok", `tt_${suffix}`);
  await page.goto("/media");
  await page
    .getByTestId("media-file-input")
    .setInputFiles([{ name: "launch.mp4", mimeType: "video/mp4", buffer: makeMp4({ width: 1080, height: 1920, durationSeconds: 12, payloadBytes: 300_000 }) }]);
  await expect(page.getByTestId("upload-row").filter({ hasText: "launch.mp4" })).toContainText("Added to the library", { timeout: 20_000 });

  // A thread to X and Threads
  await page.goto("/compose");
  await page.getByLabel(`X @x_${suffix}`).check();
  await page.getByLabel(`Threads @th_${suffix}`).check();
  await page.getByLabel("Post", { exact: true }).fill("We launched today! Read more at https://example.com/launch?ref=x");
  await expect(page.getByTestId("x-link-preview")).toContainText("https://example.com/launch?ref=x");
  await expect(page.getByTestId("x-link-preview")).toContainText("We launched today! Read more at");
  await expect(page.getByTestId("counter-X").first()).toContainText("/280");
  await page.getByRole("button", { name: "Add a post to the thread" }).click();
  await page.getByLabel("Post 2 of 2").fill("Docs: https://example.com/docs");
  await page.getByRole("button", { name: "Add a post to the thread" }).click();
  await page.getByLabel("Post 3 of 3").fill("Thanks for reading 🙏");
  // a post that is too long for X is flagged before sending
  await page.getByLabel("Post 3 of 3").fill("x".repeat(281));
  await expect(page.getByRole("button", { name: "Publish now" })).toBeDisabled();
  await expect(page.getByText("A post is too long for X.")).toBeVisible();
  await page.getByLabel("Post 3 of 3").fill("Thanks for reading 🙏");
  await page.getByRole("button", { name: "Publish now" }).click();
  const results = page.getByTestId("publish-result");
  await expect(results).toHaveCount(2);
  await expect(results.filter({ hasText: `@x_${suffix}` }).getByRole("link")).toHaveCount(3);
  await expect(results.filter({ hasText: `@th_${suffix}` }).getByRole("link")).toHaveCount(3);
  const x = await sandboxPosts("x", `x_${suffix}`);
  expect(x.map((p) => p.text)).toEqual(["We launched today! Read more at", "Docs: https://example.com/docs", "Thanks for reading 🙏"]);
  const threads = await sandboxPosts("threads", `th_${suffix}`);
  expect(threads[0]!.text).toBe("We launched today! Read more at https://example.com/launch?ref=x");

  // A TikTok video: picking TikTok replaces the text accounts
  await page.getByLabel(`TikTok @tt_${suffix}`).check();
  await expect(page.getByLabel(`X @x_${suffix}`)).not.toBeChecked();
  await page.getByRole("button", { name: "Attach launch.mp4" }).click();
  await expect(page.getByRole("list", { name: "Attached media" })).toContainText("launch.mp4");
  await page.getByLabel("Caption").fill("Launch day 🚀 #launch");
  await expect(page.getByTestId("counter-Caption")).toContainText("21/2200");
  await page.getByLabel("Turn off duets").check();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const tiktok = page.getByTestId("publish-result").filter({ hasText: `@tt_${suffix}` });
  await expect(tiktok.getByTestId("job-status")).toHaveText("published", { timeout: 30_000 });
  await expect(tiktok.getByTestId("job-permalink")).toHaveAttribute("href", new RegExp(`^https://www\\.tiktok\\.com/@tt_${suffix}/video/\\d+$`));
  expect((await sandboxPosts("tiktok", `tt_${suffix}`)).map((p) => p.text)).toEqual(["Launch day 🚀 #launch"]);

  // The Jobs page: the job, its detail, and the filters
  await page.goto("/jobs");
  const row = page.getByTestId("job-row").filter({ hasText: "Launch day" });
  await expect(row.getByTestId("job-status")).toHaveText("published");
  await row.getByRole("button").click();
  await expect(page.getByTestId("job-detail-permalink")).toHaveAttribute("href", /tiktok\.com/);
  await page.getByLabel("Status").selectOption("failed");
  await expect(page.getByText("No job matches these filters.")).toBeVisible();
  await page.getByLabel("Status").selectOption("published");
  await page.getByLabel("Platform").selectOption("tiktok");
  await expect(page.getByTestId("job-row")).toHaveCount(1);
});

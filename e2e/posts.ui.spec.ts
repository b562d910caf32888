// The posts page in Chromium: publish, "Sync now", the post with its metrics, and its chart.
import { expect, test } from "@playwright/test";

test("sync an account from the dashboard and see its posts with a metrics chart", async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-posts-${suffix}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await page.goto("/accounts");
  await page.getByRole("region", { name: "Connect an account" }).getByRole("button", { name: "X", exact: true }).click();
  await page.getByLabel("New profile username").fill(`x_${suffix}`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();

  await page.goto("/compose");
  await page.getByLabel(`X @x_${suffix}`).check();
  await page.getByLabel("Post", { exact: true }).fill("Numbers, please");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("publish-result")).toContainText(`@x_${suffix}`);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Posts" }).click();
  await expect(page.getByText("No posts in this range")).toBeVisible();
  const row = page.getByTestId("sync-row").filter({ hasText: `@x_${suffix}` });
  await expect(row).toContainText("Never synced");
  await page.getByRole("button", { name: `Sync now @x_${suffix}` }).click();
  await expect(row).toContainText("Synced", { timeout: 20_000 });
  const post = page.getByTestId("post-row").filter({ hasText: "Numbers, please" });
  await expect(post).toBeVisible();
  await expect(post.locator('[data-metric="views"]')).toHaveText(/^\d[\d,.]*$/);
  await expect(post.locator('[data-metric="shares"]')).toHaveText("–"); // X has no share count: unavailable, not zero
  await post.getByRole("button").click();
  const chart = page.getByTestId("metrics-chart");
  await expect(chart).toContainText("1 snapshot");
  await expect(chart.getByRole("img")).toHaveAttribute("aria-label", /views/);
  await page.getByLabel("Sort").selectOption("top");
  await expect(page.getByTestId("post-row")).toHaveCount(1);
});

// Connecting a Mastodon account through the dashboard (issue 48): the button asks for the
// instance address (suggesting the configured default), then the real redirect to that
// instance's consent page on the sandbox, Allow, and back; a refused address says why.
import { expect, test } from "@playwright/test";

test("connects a Mastodon account on the instance typed in the form", async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-mastodon-${suffix}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await page.goto("/accounts");

  const panel = page.getByRole("region", { name: "Connect an account" });
  await panel.getByRole("button", { name: "Mastodon", exact: true }).click();
  const address = page.getByLabel("Instance address");
  // the default suggestion: the sandbox's mastodon.social in sandbox mode
  await expect(address).toHaveValue(/\/mastodon\/mastodon\.social$/);
  const sandbox = (await address.inputValue()).replace(/\/mastodon\/.*$/, "");

  await address.fill("http://10.0.0.1");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /instance/i })).toBeVisible();

  await address.fill(`${sandbox}/mastodon/fosstodon.example`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: /wants to access your/ })).toBeVisible();
  await page.getByLabel("New profile username").fill(`masto_${suffix}`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/accounts\?/);
  const row = page.locator('[data-testid="account-row"][data-provider="mastodon"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`masto_${suffix}@fosstodon.example`);
});

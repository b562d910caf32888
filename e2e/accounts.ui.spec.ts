// Connecting one account of each platform through the dashboard: the real redirect to the
// sandbox's consent page, Allow, and back to the accounts page.
import { expect, test } from "@playwright/test";

const platforms = [
  { provider: "threads", label: "Threads" },
  { provider: "x", label: "X" },
  { provider: "linkedin", label: "LinkedIn" },
  { provider: "tiktok", label: "TikTok" },
  { provider: "instagram", label: "Instagram" },
  { provider: "youtube", label: "YouTube" },
  { provider: "facebook", label: "Facebook" },
];

test("connect one account of each provider through the dashboard", async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-accounts-${suffix}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await page.goto("/accounts");
  await expect(page.getByText("No connected accounts")).toBeVisible();

  for (const { provider, label } of platforms) {
    const username = `${provider}_${suffix}`;
    await page.getByRole("region", { name: "Connect an account" }).getByRole("button", { name: label, exact: true }).click();
    await expect(page.getByRole("heading", { name: /wants to access your/ })).toBeVisible();
    await page.getByLabel("New profile username").fill(username);
    await page.getByLabel("New profile display name").fill(`${label} Tester`);
    if (provider === "facebook") await page.getByLabel("Page name").fill(`Page ${suffix}`);
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page).toHaveURL(/\/accounts\?/);
    await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
    // (LinkedIn and Facebook derive the username from the name, so the row is found by platform)
    const row = page.locator(`[data-testid="account-row"][data-provider="${provider}"]`);
    await expect(row).toHaveCount(1);
    await expect(row.getByLabel("Publish: yes")).toBeVisible();
  }
  await expect(page.getByTestId("account-row")).toHaveCount(7);

  // A denied consent stores nothing and says so.
  await page.getByRole("region", { name: "Connect an account" }).getByRole("button", { name: "X", exact: true }).click();
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "denied" })).toBeVisible();
  await expect(page.getByTestId("account-row")).toHaveCount(7);
});

// Sign in with Bluesky from the dashboard: the Bluesky panel's "Sign in with Bluesky", the
// sandbox PDS's own sign-in page (password, Authorize), and back to Accounts with the account.
import { expect, test } from "@playwright/test";

test("connects a Bluesky account with Sign in with Bluesky", async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const created = await request.post(`${process.env.E2E_SANDBOX_URL}/_sandbox/bluesky/accounts`, { data: { handle: `oauth${suffix}` } });
  expect(created.status()).toBe(201);
  const bsky = (await created.json()) as { handle: string; password: string };

  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-bsky-oauth-${suffix}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await page.goto("/accounts");
  await page.getByRole("region", { name: "Connect an account" }).getByRole("button", { name: "Bluesky", exact: true }).click();

  const signIn = page.getByRole("form", { name: "Sign in with Bluesky" });
  await signIn.getByLabel("Handle or server").fill(bsky.handle);
  await signIn.getByRole("button", { name: "Sign in with Bluesky" }).click();
  // the PDS's own page
  await page.locator('input[name="password"]').fill(bsky.password, { timeout: 30_000 });
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Authorize" }).click({ timeout: 30_000 });

  await expect(page).toHaveURL(/\/accounts\?/, { timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
  await expect(page.locator(`[data-testid="account-row"][data-provider="bluesky"]`)).toHaveCount(1);
});

// A newcomer's first minutes: sign up, create an API key, use it once, revoke it.
import { expect, test } from "@playwright/test";

test("sign up, create an API key shown once, call the API with it, revoke it, see 401", async ({ page, request }) => {
  const email = `e2e-${Date.now()}@example.test`;
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill("Ada Creator");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await expect(page.getByRole("heading", { name: "Compose" })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByText("No API keys")).toBeVisible();

  await page.getByLabel("Key name").fill("My automation");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("It will not be shown again")).toBeVisible();
  const key = await page.getByTestId("new-api-key").inputValue();
  expect(key).toMatch(/^pst_[A-Za-z0-9_-]{40}$/);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  await page.getByRole("button", { name: "Done" }).click();

  // The full key is gone from the page; the list shows only its prefix and last 4 characters.
  const row = page.getByTestId("api-key-row").filter({ hasText: "My automation" });
  await expect(row).toContainText(`${key.slice(0, 8)}…${key.slice(-4)}`);
  expect(await page.content()).not.toContain(key);

  const ok = await request.get("/api/v1/workspaces", { headers: { Authorization: `Bearer ${key}` } });
  expect(ok.status()).toBe(200);
  expect((await ok.json()).workspaces[0]).toMatchObject({ name: "My workspace", plan: "creator" });

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: /Revoke/ }).click();
  await expect(row).toContainText("revoked");

  await expect
    .poll(async () => (await request.get("/api/v1/workspaces", { headers: { Authorization: `Bearer ${key}` } })).status(), { timeout: 5_000 })
    .toBe(401);
  const refused = await request.get("/api/v1/workspaces", { headers: { Authorization: `Bearer ${key}` } });
  expect(await refused.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "This API key has been revoked" } });
});

test("the dashboard shell reaches every area by keyboard", async ({ page }) => {
  const email = `e2e-nav-${Date.now()}@example.test`;
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/compose$/);
  for (const area of ["Calendar", "Media", "Accounts", "Carousels", "Jobs", "Settings", "Compose"]) {
    const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: area, exact: true });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: area })).toBeVisible();
    await expect(link).toHaveAttribute("aria-current", "page");
  }
});

// A client connect link, end to end in Chromium: the owner creates it on the Accounts page and
// copies it; a person never signed in to Posteady (a separate browser context, no cookies) opens
// it, picks a sandbox platform, consents on the platform's page and lands on "Connected"; the
// account is in the owner's workspace; the link, opened again, says it was used (410).
import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { signUp } from "./support/dashboard";

test("a signed-out person connects an account through a client connect link, once", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await signUp(page, "connect-links");
  await page.goto("/accounts");
  const section = page.getByRole("region", { name: "Client connect link" });
  await expect(section).toBeVisible();
  // offer X and LinkedIn only
  for (const label of ["Threads", "TikTok", "Instagram", "YouTube", "Facebook"]) await section.getByLabel(label, { exact: true }).uncheck();
  await section.getByRole("button", { name: "Create link" }).click();
  const url = await section.getByTestId("new-connect-link").inputValue();
  expect(url).toMatch(/\/connect\/[A-Za-z0-9_-]{43}$/);
  await section.getByRole("button", { name: "Done" }).click();
  await expect(section.getByTestId("new-connect-link")).toHaveCount(0);
  await expect(section.getByTestId("connect-link-row")).toHaveCount(1);
  await expect(section.getByTestId("connect-link-row")).toHaveAttribute("data-status", "active");

  // the client: a fresh context, never signed in
  const client = await browser.newContext({ baseURL });
  const visitor = await client.newPage();
  const opened = await visitor.goto(new URL(url).pathname);
  expect(opened?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: /^Connect an account to / })).toBeVisible();
  await expect(visitor.getByRole("button", { name: "X", exact: true })).toBeVisible();
  await expect(visitor.getByRole("button", { name: "LinkedIn", exact: true })).toBeVisible();
  await expect(visitor.getByRole("button", { name: "YouTube", exact: true })).toHaveCount(0);
  await expectNoSeriousAxeViolations(visitor, "connect link page");

  await visitor.getByRole("button", { name: "X", exact: true }).click();
  await expect(visitor.getByRole("heading", { name: /wants to access your/ })).toBeVisible();
  await visitor.getByLabel("New profile username").fill(`client_${suffix}`);
  await visitor.getByRole("button", { name: "Allow" }).click();
  await expect(visitor).toHaveURL(/\/connect\/done\?/);
  await expect(visitor.getByRole("heading", { level: 1, name: "Connected" })).toBeVisible();
  await expect(visitor.getByTestId("connect-link-connected")).toContainText(`@client_${suffix}`);
  await expectNoSeriousAxeViolations(visitor, "connected page");

  // the account is in the owner's workspace, and the link shows as used
  await page.reload();
  await expect(page.locator('[data-testid="account-row"][data-provider="x"]')).toContainText(`@client_${suffix}`);
  await expect(section.getByTestId("connect-link-row")).toHaveAttribute("data-status", "used");

  // opened again: used, in plain words, 410
  const again = await visitor.goto(new URL(url).pathname);
  expect(again?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { level: 1, name: "This link has already been used" })).toBeVisible();
  await expect(visitor.getByRole("button", { name: "X", exact: true })).toHaveCount(0);
  await client.close();
});

test("a signed-out person connects a Mastodon account through a link, naming their server first", async ({ page, browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  await signUp(page, "connect-links-mastodon");
  await page.goto("/accounts");
  const section = page.getByRole("region", { name: "Client connect link" });
  for (const label of ["Threads", "X", "LinkedIn", "TikTok", "Instagram", "YouTube", "Facebook", "Bluesky"])
    await section.getByLabel(label, { exact: true }).uncheck();
  await section.getByRole("button", { name: "Create link" }).click();
  const url = await section.getByTestId("new-connect-link").inputValue();

  const client = await browser.newContext({ baseURL });
  const visitor = await client.newPage();
  await visitor.goto(new URL(url).pathname);
  await visitor.getByRole("button", { name: "Mastodon", exact: true }).click();
  await visitor.getByLabel("Your Mastodon server").fill(`${process.env.E2E_SANDBOX_URL}/mastodon/client.example`);
  await expectNoSeriousAxeViolations(visitor, "connect link page asking for a Mastodon server");
  await visitor.getByRole("button", { name: "Continue to Mastodon" }).click();
  await expect(visitor.getByRole("heading", { name: /wants to access your/ })).toBeVisible();
  await visitor.getByLabel("New profile username").fill(`masto_${suffix}`);
  await visitor.getByRole("button", { name: "Allow" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Connected" })).toBeVisible();
  await expect(visitor.getByTestId("connect-link-connected")).toContainText(`masto_${suffix}`);
  await page.goto("/accounts");
  await expect(page.locator('[data-testid="account-row"][data-provider="mastodon"]')).toContainText(`masto_${suffix}@client.example`);
  await client.close();
});

test("a revoked link and an unknown one say so in plain words (410, 404)", async ({ page, browser, baseURL }) => {
  await signUp(page, "connect-links-revoke");
  await page.goto("/accounts");
  const section = page.getByRole("region", { name: "Client connect link" });
  await section.getByRole("button", { name: "Create link" }).click();
  const url = await section.getByTestId("new-connect-link").inputValue();
  await section.getByRole("button", { name: "Done" }).click();
  await section.getByRole("button", { name: "Revoke" }).click();
  await expect(section.getByTestId("connect-link-row")).toHaveAttribute("data-status", "revoked");
  const client = await browser.newContext({ baseURL });
  const visitor = await client.newPage();
  const opened = await visitor.goto(new URL(url).pathname);
  expect(opened?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { level: 1, name: "This link was withdrawn" })).toBeVisible();
  const unknown = await visitor.goto("/connect/" + "A".repeat(43));
  expect(unknown?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
  await client.close();
});

// Shared steps of the dashboard's browser tests: a new user, a sandbox account connected through
// the platform's consent page, and the list of the dashboard's pages.
import { expect, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery";

export async function signUp(page: Page, prefix: string): Promise<string> {
  const email = `e2e-${prefix}-${Date.now().toString(36)}@example.test`;
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  return email;
}

export async function connect(page: Page, label: string, username: string) {
  await page.goto("/accounts");
  await page.getByRole("region", { name: "Connect an account" }).getByRole("button", { name: label, exact: true }).click();
  await page.getByLabel("New profile username").fill(username);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
}

/** One account each of X, Threads, Instagram, LinkedIn and TikTok: `x_<suffix>`, `th_`, `ig_`, `li_` and `tt_<suffix>`. */
export async function connectFiveAccounts(page: Page, suffix: string) {
  for (const [label, prefix] of [
    ["X", "x"],
    ["Threads", "th"],
    ["Instagram", "ig"],
    ["LinkedIn", "li"],
    ["TikTok", "tt"],
  ] as const)
    await connect(page, label, `${prefix}_${suffix}`);
}

/** Every page of the dashboard a signed-in person reaches from the navigation. */
export const dashboardPages = [
  { path: "/compose", heading: "Compose" },
  { path: "/calendar", heading: "Calendar" },
  { path: "/import", heading: "Import" },
  { path: "/queue", heading: "Queue" },
  { path: "/approvals", heading: "Approvals" },
  { path: "/posts", heading: "Posts" },
  { path: "/media", heading: "Media" },
  { path: "/accounts", heading: "Accounts" },
  { path: "/carousels", heading: "Carousels" },
  { path: "/jobs", heading: "Jobs" },
  { path: "/audit", heading: "Audit log" },
  { path: "/settings/general", heading: "Settings" },
  { path: "/settings/api-keys", heading: "Settings" },
  { path: "/settings/feeds", heading: "Settings" },
  { path: "/settings/account", heading: "Settings" },
  { path: "/settings/members", heading: "Settings" },
  { path: "/api-reference", heading: "API reference" },
  { path: "/connect-agent", heading: "Connect an agent" },
] as const;

export const signedOutPages = [
  { path: "/sign-in", heading: "Sign in" },
  { path: "/sign-up", heading: "Create your account" },
  { path: "/forgot-password", heading: "Forgot password" },
] as const;

/** Waits until a page shows its content: its heading, and no "Loading…" placeholder left. */
export async function pageReady(page: Page, heading: string) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  // The API reference's widget fetches the OpenAPI document after it mounts: wait for what it renders.
  if (await page.locator('[data-third-party="scalar"]').count())
    await expect(page.getByRole("heading", { name: "Posteady API" })).toBeVisible({ timeout: 30_000 });
}

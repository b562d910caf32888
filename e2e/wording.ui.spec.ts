// Small words a new user meets on the first day: each says what is true, in plain language.
import { expect, test } from "@playwright/test";
import { signUp } from "./support/dashboard.ts";

test("a short password is refused with the minimum the hint gives", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-words-${Date.now().toString(36)}@example.test`);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("The password is too short: use at least 8 characters.")).toBeVisible();
  await expect(page.getByText("At least 8 characters")).toBeVisible();
});

test("connecting: the two TikTok buttons explained, no Meta App-roles advice in sandbox mode, consent fields that show no fake defaults, LinkedIn's recognisable username", async ({
  page,
}) => {
  const s = Date.now().toString(36);
  await signUp(page, "words");
  await page.goto("/accounts");
  const panel = page.getByRole("region", { name: "Connect an account" });
  await expect(panel.getByRole("button", { name: "TikTok (Login Kit)" })).toHaveAccessibleDescription(/for reading only: such an account cannot publish/);
  await expect(panel).toContainText("publishes videos");
  // the sandbox's Meta apps need no App roles: the advice for live Meta apps is not shown
  await expect(panel).not.toContainText("Development mode");

  await panel.getByRole("button", { name: "LinkedIn", exact: true }).click();
  const username = page.getByLabel("New profile username");
  await expect(username).toHaveValue("");
  await expect(username).toHaveAttribute("placeholder", /^e\.g\. .*\(empty: a random username\)$/);
  await expect(page.getByLabel("New profile display name")).toHaveAttribute("placeholder", "empty: the username");
  await username.fill(`maya_${s}`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
  // LinkedIn shares the member's name, not a handle: the username is that name, not name plus member id
  await page.goto("/compose");
  await expect(page.getByRole("checkbox", { name: `LinkedIn @maya_${s}`, exact: true })).toBeVisible();
});

// A person's own account in Chromium: a forgotten password reset through the emailed link (the
// old password and the link stop working), then two-factor turned on, asked for at sign-in, and a
// recovery code that works once.
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { linkIn, waitForEmail } from "../server/testing/smtp-inbox";
import { pageReady, PASSWORD, signUp } from "./support/dashboard";

const NEW_PASSWORD = "a fresh password 42";

/** The link in the email of `subject` sent to `to`, as the stack's SMTP inbox received it. */
async function emailedLink(page: Page, to: string, subject: RegExp): Promise<string> {
  const email = await waitForEmail(process.env.E2E_MAIL_DIR!, to, subject);
  return linkIn(email, new URL(page.url()).origin);
}

async function signOut(page: Page) {
  await page.goto("/compose");
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("forgot password: the emailed link sets a new password; the old password and the link then fail", async ({ page }) => {
  const email = await signUp(page, "reset");
  await signOut(page);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await pageReady(page, "Forgot password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toHaveText(/If an account exists for that address, we sent a link/);

  const link = await emailedLink(page, email, /^Reset your Posteady password$/);
  await page.goto(link);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed");

  await signInWithPassword(page, email, PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
  await signInWithPassword(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/compose$/);

  await signOut(page);
  await page.goto(link);
  await page.getByLabel("New password").fill("yet another password");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This reset link has expired or was already used; ask for a new one" })).toBeVisible();
});

test("two-factor: turned on with the app's code, asked for at sign-in; a recovery code works once", async ({ page }) => {
  const email = await signUp(page, "twofactor");
  await page.goto("/settings/account");
  await pageReady(page, "Settings");
  await expect(page.getByRole("list", { name: "Signed-in sessions" }).getByText("This session")).toBeVisible();
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  const shown = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(shown).toHaveCount(10);
  const codes = await shown.allTextContents();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("10 recovery codes left.")).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, email, PASSWORD);
  await page.getByLabel("Two-factor code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/compose$/);

  await signOut(page);
  await signInWithPassword(page, email, PASSWORD);
  await page.getByLabel("Two-factor code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This code does not work" })).toBeVisible();
  // the app's next code (the current one was spent turning it on) signs in
  await page.getByLabel("Two-factor code").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/compose$/);
});

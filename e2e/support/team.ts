// A person invited by email joins: the invitation arrives on the stack's SMTP server and its link
// is opened signed out, in a browser context of their own.
import { expect, type Browser } from "@playwright/test";
import { linkIn, waitForEmail } from "../../server/testing/smtp-inbox";

export async function join(browser: Browser, baseURL: string, email: string, name: string) {
  const mail = await waitForEmail(process.env.E2E_MAIL_DIR!, email, /invited you to/);
  const context = await browser.newContext({ baseURL }); // signed out
  const page = await context.newPage();
  await page.goto(linkIn(mail, baseURL));
  await expect(page.getByRole("heading", { name: /^Join / })).toBeVisible();
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Choose a password").fill(`${name} password 1`);
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  return page;
}

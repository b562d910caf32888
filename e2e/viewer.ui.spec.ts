// Issue 50 point 2 in Chromium: "the dashboard hides what a role cannot do". An owner schedules a
// post and invites a viewer by email; the viewer joins and reads every page the owner filled, with
// no write control on it (each page says why instead).
import { expect, test } from "@playwright/test";
import { linkIn, waitForEmail } from "../server/testing/smtp-inbox";
import { connect, pageReady, signUp } from "./support/dashboard";

test("a viewer reads the workspace's pages and is offered nothing to change", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const username = `x_${stamp}`;
  await page.addInitScript(() => window.localStorage.setItem("posteady.timezone", "UTC"));
  await signUp(page, "viewer-owner");
  await connect(page, "X", username);
  const at = new Date(Date.now() + 2 * 3600_000);
  await page.goto("/compose");
  await page.getByLabel(`X @${username}`).check();
  await page.getByLabel("Post", { exact: true }).fill(`Read but not touched ${stamp}`);
  await page.getByLabel("Schedule", { exact: true }).check();
  await page.getByLabel("Schedule date").fill(at.toISOString().slice(0, 10));
  await page.getByLabel("Schedule time").fill(`${at.toISOString().slice(11, 13)}:00`);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByTestId("schedule-result")).toBeVisible();

  const email = `viewer-${stamp}@example.test`;
  await page.goto("/settings/members");
  await pageReady(page, "Settings");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Send invitation" }).click();
  const mail = await waitForEmail(process.env.E2E_MAIL_DIR!, email, /invited you to/);
  const context = await browser.newContext({ baseURL }); // signed out
  const viewer = await context.newPage();
  await viewer.addInitScript(() => window.localStorage.setItem("posteady.timezone", "UTC"));
  await viewer.goto(linkIn(mail, baseURL!));
  await viewer.getByLabel("Your name").fill("Vera");
  await viewer.getByLabel("Choose a password").fill("Vera password 1");
  await viewer.getByRole("button", { name: "Create account and join" }).click();
  await expect(viewer).toHaveURL(/\/calendar$/);
  const note = viewer.getByText("Viewers can read this workspace but not change it.");

  // the calendar shows the post; it cannot be dragged, and its panel offers no change
  await pageReady(viewer, "Calendar");
  if (at.toISOString().slice(0, 7) !== new Date().toISOString().slice(0, 7)) await viewer.getByRole("button", { name: "Next month" }).click();
  const entry = viewer.getByTestId("calendar-entry").filter({ hasText: `Read but not touched ${stamp}` });
  await expect(entry).toHaveAttribute("draggable", "false");
  await expect(viewer.getByTestId("compose-on-day")).toHaveCount(0);
  await entry.click();
  const panel = viewer.getByRole("region", { name: "Post", exact: true });
  await expect(panel.getByTestId("entry-text")).toHaveText(`Read but not touched ${stamp}`);
  await expect(panel.getByRole("button")).toHaveText(["×"]);

  await viewer.goto("/compose");
  await pageReady(viewer, "Compose");
  await expect(viewer.getByText("Viewers can read this workspace but not compose")).toBeVisible();
  await expect(viewer.getByRole("button", { name: /Publish now|Schedule|Save draft/ })).toHaveCount(0);

  await viewer.goto("/accounts");
  await pageReady(viewer, "Accounts");
  await expect(viewer.getByTestId("account-row")).toContainText(`@${username}`);
  await expect(note).toBeVisible();
  await expect(viewer.getByRole("region", { name: "Connect an account" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /Reconnect|Disconnect/ })).toHaveCount(0);

  await viewer.goto("/queue");
  await pageReady(viewer, "Queue");
  await expect(note).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Add slot" })).toBeDisabled();
  await expect(viewer.getByRole("button", { name: /Pause the queue|Resume the queue/ })).toBeDisabled();

  await viewer.goto("/media");
  await pageReady(viewer, "Media");
  await expect(note).toBeVisible();
  await expect(viewer.getByTestId("media-file-input")).toHaveCount(0);

  for (const [path, hidden] of [
    ["/carousels", "New carousel"],
    ["/settings/webhooks", "Add a webhook"],
    ["/settings/api-keys", "Create an API key"],
  ] as const) {
    await viewer.goto(path);
    await expect(note).toBeVisible();
    await expect(viewer.getByRole("heading", { name: hidden })).toHaveCount(0);
  }
  await context.close();
});

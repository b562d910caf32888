// Issue 50's team acceptance in Chromium: an owner invites an editor and a contributor; both get
// the email on the stack's SMTP server and join through its link, signed out; the contributor's
// post waits for approval with nothing scheduled, the editor sees it in the calendar and approves
// it in the dashboard.
import { expect, test } from "@playwright/test";
import { pageReady, signUp } from "./support/dashboard";
import { join } from "./support/team";

test("an owner invites an editor and a contributor by email; the contributor's post waits until the editor approves it", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, "owner");
  const username = `x_${Date.now().toString(36)}`;
  await page.goto("/accounts");
  await page.getByRole("region", { name: "Connect an account" }).getByRole("button", { name: "X", exact: true }).click();
  await page.getByLabel("New profile username").fill(username);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.getByRole("status").filter({ hasText: "Connected" }).waitFor();

  const stamp = Date.now().toString(36);
  const invited = { editor: `editor-${stamp}@example.test`, contributor: `contributor-${stamp}@example.test` };
  await page.goto("/settings/members");
  await pageReady(page, "Settings");
  for (const [role, email] of Object.entries(invited)) {
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption(role);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Invitation emailed to ${email}` })).toBeVisible();
    await page.getByRole("button", { name: "Done" }).click();
  }
  await expect(page.getByTestId("invitation-row")).toHaveCount(2);

  const editor = await join(browser, baseURL!, invited.editor, "Edith");
  const contributor = await join(browser, baseURL!, invited.contributor, "Conrad");
  await page.reload();
  await expect(page.getByTestId("member-row")).toHaveCount(3);
  await expect(page.getByLabel(`Role of ${invited.contributor}`)).toHaveValue("contributor");
  await expect(page.getByLabel(`Role of ${invited.editor}`)).toHaveValue("editor");

  const text = `For the editor's eyes ${stamp}`;
  await contributor.goto("/compose");
  await contributor.getByLabel(`X @${username}`).check();
  await contributor.getByLabel("Post", { exact: true }).fill(text);
  await expect(contributor.getByText("Your posts wait for an editor’s approval")).toBeVisible();
  await contributor.getByRole("button", { name: "Submit for approval" }).click();
  await expect(contributor.getByTestId("approval-result")).toContainText("Nothing is scheduled or published until an editor approves it");

  // the request is in the editor's calendar too (a "publish now" request: on the day it was sent),
  // marked in words, with the approver's choices and never draggable
  await editor.goto("/calendar");
  await pageReady(editor, "Calendar");
  const request = editor.locator('[data-testid="calendar-entry"][data-kind="pending_approval"]').filter({ hasText: text });
  await expect(request.getByTestId("entry-kind")).toHaveText("Awaiting approval");
  await expect(request).toHaveAttribute("draggable", "false");
  await request.click();
  const detail = editor.getByRole("region", { name: "Approval request" });
  await expect(detail).toContainText(`Submitted by ${invited.contributor}`);
  await expect(detail).toContainText("To publish as soon as approved");
  await expect(detail.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
  await expect(detail.getByRole("link", { name: "Open the Approvals page" })).toBeVisible();

  await editor.goto("/approvals");
  await pageReady(editor, "Approvals");
  const item = editor.getByTestId("approval-item").filter({ hasText: text });
  await expect(item).toContainText("by " + invited.contributor);
  await item.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(editor.getByText("Nothing waits for approval")).toBeVisible();

  // a viewer's view of the same: the contributor cannot approve (no buttons) and sees it gone
  await contributor.goto("/approvals");
  await pageReady(contributor, "Approvals");
  await expect(contributor.getByText("Nothing waits for approval")).toBeVisible();
});

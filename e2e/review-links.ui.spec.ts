// Issue 50's client review link in Chromium: the owner's post waits for approval, is shared from
// the Approvals page, and a client who never signed in (a separate browser context) sees each
// network's preview (on a desktop, on a phone and in the dark) and asks for changes with a comment,
// which the owner reads in the post's thread; after the owner revokes the link, it answers 410 in
// plain words.
import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { connect, pageReady, signUp } from "./support/dashboard";

test("a client reviews a post through a link without signing in, asks for changes, and the revoked link says so", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, "review-links");
  const stamp = Date.now().toString(36);
  await connect(page, "X", `x_${stamp}`);
  await connect(page, "LinkedIn", `li_${stamp}`);
  await page.goto("/settings/general");
  await page.getByLabel("Every post needs approval").click(); // saved at once; checked when the server answered
  await expect(page.getByLabel("Every post needs approval")).toBeChecked();

  const text = `For the client's eyes ${stamp}`;
  await page.goto("/compose");
  await page.getByLabel(`X @x_${stamp}`).check();
  await page.getByLabel(`LinkedIn @li_${stamp}`).check();
  await page.getByLabel("Post", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByTestId("approval-result")).toBeVisible();

  await page.goto("/approvals");
  await pageReady(page, "Approvals");
  await page.getByTestId("approval-item").filter({ hasText: text }).getByRole("button", { name: "Share for client review" }).click();
  const url = await page.getByTestId("new-review-link").inputValue();
  expect(url).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole("button", { name: "Done" }).click();

  // the client: a fresh context, never signed in
  const client = await browser.newContext({ baseURL });
  const visitor = await client.newPage();
  const opened = await visitor.goto(new URL(url).pathname);
  expect(opened?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: /^A post to review for / })).toBeVisible();
  await expect(visitor.getByRole("article", { name: `X preview of @x_${stamp}` })).toContainText(text);
  await expect(visitor.getByRole("article", { name: `LinkedIn preview of @li_${stamp}` })).toContainText(text);
  await expect(visitor.getByTestId("review-status")).toHaveText("Waiting for approval");
  await expectNoSeriousAxeViolations(visitor, "review page");
  await visitor.setViewportSize({ width: 390, height: 844 });
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeViolations(visitor, "review page on a phone");
  const dark = await browser.newContext({ baseURL, colorScheme: "dark" });
  const night = await dark.newPage();
  await night.goto(new URL(url).pathname);
  await expect(night.locator("html")).toHaveClass(/\bdark\b/);
  await expectNoSeriousAxeViolations(night, "review page in the dark");
  await dark.close();

  await visitor.getByLabel("Your name").fill("Dana at Client Co");
  await visitor.getByRole("button", { name: "Request changes" }).click();
  await expect(visitor.getByRole("alert").filter({ hasText: "The comment: say what should change" })).toBeVisible();
  await visitor.getByLabel(/^Comment/).fill("Please say Monday, not Tuesday.");
  await visitor.getByRole("button", { name: "Request changes" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "your request was sent to the team" })).toBeVisible();
  await expect(visitor.getByTestId("review-response")).toContainText("Dana at Client Co asked for changes");
  await expect(visitor.getByTestId("review-response")).toContainText("Please say Monday, not Tuesday.");

  // the answer is on the post group: in the thread of the request's panel in the owner's calendar, marked as a client's
  await page.goto("/calendar");
  await pageReady(page, "Calendar");
  await page.locator('[data-testid="calendar-entry"][data-kind="pending_approval"]').filter({ hasText: text }).click();
  const comment = page.getByRole("region", { name: "Approval request" }).getByTestId("comment-thread").getByTestId("comment");
  await expect(comment).toContainText("Dana at Client Co");
  await expect(comment).toContainText("Client");
  await expect(comment).toContainText("Please say Monday, not Tuesday.");

  // the owner sees the answer counted, and revokes the link
  await page.goto("/approvals");
  await pageReady(page, "Approvals");
  const row = page.getByTestId("review-link-row");
  await expect(row).toContainText("1 answer");
  await row.getByRole("button", { name: /^Revoke/ }).click();
  await expect(row).toHaveAttribute("data-status", "revoked");

  const again = await visitor.goto(new URL(url).pathname);
  expect(again?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { level: 1, name: "This review link was withdrawn" })).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Request changes" })).toHaveCount(0);
  await client.close();
});

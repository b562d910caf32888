// Issue 50 point 5 in Chromium: an owner comments on a post in the calendar's detail panel and
// mentions an editor, who gets the email and opens the post from its link on a phone; a draft's
// thread is beside it in Compose. axe finds nothing serious in either (light and dark), and nothing scrolls
// sideways at 390 px.
import { expect, test, type Page } from "@playwright/test";
import { linkIn, waitForEmail } from "../server/testing/smtp-inbox";
import { createKeyInSettings, restWith } from "./support/api-key";
import { expectNoSeriousAxeViolations as audit } from "./support/axe";
import { connect, pageReady, signUp } from "./support/dashboard";
import { join } from "./support/team";

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, "the page is wider than the screen").toBeLessThanOrEqual(innerWidth);
}

test("a comment in the calendar's panel mentions an editor, who opens the post from the email; a draft's thread in Compose", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUp(page, "comments");
  const stamp = Date.now().toString(36);
  await connect(page, "X", `x_${stamp}`);
  const rest = restWith(page.request, await createKeyInSettings(page));
  const editorEmail = `editor-${stamp}@example.test`;
  await page.goto("/settings/members");
  await pageReady(page, "Settings");
  await page.getByLabel("Email", { exact: true }).fill(editorEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation emailed to ${editorEmail}` })).toBeVisible();
  await page.getByRole("button", { name: "Done" }).click();
  const editor = await join(browser, baseURL!, editorEmail, "Edith");

  const { accounts } = (await rest.get("/api/v1/accounts")).json;
  const group = await rest.post("/api/v1/post-groups", {
    requestId: crypto.randomUUID(),
    content: { text: `Spring sale ${stamp}` },
    targets: [{ accountId: accounts[0].accountId }],
    scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });

  // the link a mention email carries opens the post in the detail panel, with its thread
  await page.goto(`/calendar?postGroup=${group.postGroupId}`);
  const panel = page.getByRole("region", { name: "Post" });
  await expect(panel.getByTestId("entry-text")).toHaveText(`Spring sale ${stamp}`);
  const thread = panel.getByTestId("comment-thread");
  await expect(thread.getByText("No comments yet.")).toBeVisible();
  await thread.getByLabel("Add a comment").pressSequentially("@");
  await thread.getByLabel("Edith (" + editorEmail + ")").check();
  await thread.getByLabel("Add a comment").fill("Edith, is the price right?");
  await audit(page);
  await thread.getByRole("button", { name: "Comment", exact: true }).click();
  const comment = thread.getByTestId("comment");
  await expect(comment).toHaveCount(1);
  await expect(comment).toContainText("Edith, is the price right?");
  await expect(comment).toContainText(`Mentioned: ${editorEmail}`);
  await expect(thread.getByLabel("Add a comment")).toHaveValue("");

  const mail = await waitForEmail(process.env.E2E_MAIL_DIR!, editorEmail, /mentioned you on a post/);
  await editor.setViewportSize({ width: 390, height: 844 });
  await editor.goto(linkIn(mail, baseURL!));
  const editorThread = editor.getByRole("region", { name: "Post" }).getByTestId("comment-thread");
  await expect(editorThread.getByTestId("comment")).toContainText("Edith, is the price right?");
  await noSidewaysScroll(editor);
  await audit(editor);

  // a draft's thread is beside the composer while the draft is open
  const draft = await rest.post("/api/v1/drafts", { composition: { content: { text: `Later ${stamp}` }, targets: [] } });
  await page.goto(`/compose?draft=${draft.draftId}`);
  const draftThread = page.getByTestId("comment-thread");
  await draftThread.getByLabel("Add a comment").fill("Needs a picture");
  await draftThread.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(draftThread.getByTestId("comment")).toContainText("Needs a picture");
  await audit(page);
  // and in the dark theme (it follows the system)
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html.dark")).toHaveCount(1);
  await expect(draftThread.getByTestId("comment")).toContainText("Needs a picture");
  await audit(page, "compose with a draft's thread, dark");
});

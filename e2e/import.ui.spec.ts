// The Import page as a person uses it: upload a CSV with one bad row, read its problem in plain
// words in the preview, fix the row in the text box, check again, import, and see each row's post
// group linked.
import { expect, test } from "@playwright/test";
import { connect, signUp } from "./support/dashboard";
import { expectNoSeriousAxeViolations as audit } from "./support/axe";

test("a CSV with one bad row: the problem in plain words, fixed, imported, each row's post group shown", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, "import");
  const username = `x_imp_${Date.now().toString(36)}`;
  await connect(page, "X", username);

  await page.goto("/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download template CSV" })).toHaveAttribute("href", "/import-template.csv");
  // the time zone defaults to the browser's
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByLabel("Time zone")).toHaveValue(zone);

  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const csv = [
    "accounts,text,thread,media,firstComment,scheduledAt,queue,evergreen",
    `x:${username},"Spring is here","Part two\n---\nPart three",,,${day} 09:00,,`,
    `x:nobody_at_all,Second post,,,,${day} 10:00,,`,
  ].join("\n");
  await page.getByLabel("CSV file").setInputFiles({ name: "posts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByLabel(/CSV text/)).toHaveValue(csv);
  await page.getByRole("button", { name: "Check rows" }).click();

  const rows = page.getByTestId("import-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Ready");
  await expect(rows.nth(1)).toContainText("Accounts: x:nobody_at_all is not a connected account of this workspace.");
  // the problem is the row header's description
  await expect(rows.nth(1).getByRole("rowheader")).toHaveAccessibleDescription(/x:nobody_at_all is not a connected account/);
  await expect(page.getByText("1 of 2 rows need fixing")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled();
  await audit(page);

  await page.getByLabel(/CSV text/).fill(csv.replace("x:nobody_at_all", `x:${username}`));
  await expect(page.getByRole("button", { name: "Import" })).toBeDisabled(); // the edited text is not checked yet
  await page.getByRole("button", { name: "Check rows" }).click();
  await expect(page.getByText("All 2 rows are ready to import.")).toBeVisible();
  await page.getByRole("button", { name: "Import" }).click();

  await expect(page.getByText("Imported: 2 post groups created.")).toBeVisible({ timeout: 30_000 });
  const results = page.getByTestId("import-result-row");
  await expect(results).toHaveCount(2);
  await audit(page);
  for (const n of [0, 1]) await expect(results.nth(n).getByRole("link", { name: `X @${username}` })).toHaveAttribute("href", /^\/jobs\?job=/);
  await results
    .nth(0)
    .getByRole("link", { name: `X @${username}` })
    .click();
  await expect(page).toHaveURL(/\/jobs\?job=/);
});

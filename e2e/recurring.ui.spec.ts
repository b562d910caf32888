// Recurring and evergreen posts in Chromium (issue 49): a daily post made in the composer's Repeat
// field shows in the calendar as repeating; one occurrence is skipped alone, then the series'
// words change and the series ends, from the calendar's side panel. The Queue page turns an
// account's evergreen refills on, with an interval, and keeps it after a reload.
import { expect, test } from "@playwright/test";
import { connect, pageReady, signUp } from "./support/dashboard";

test("a repeating post from the composer: shown as repeating, one occurrence skipped, the series edited and ended; evergreen set on the Queue page", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const username = `th_${suffix}`;
  const text = `Daily tip ${suffix}`;
  await signUp(page, "recurring");
  await connect(page, "Threads", username);

  await page.goto("/compose");
  await page.getByLabel(`Threads @${username}`).check();
  await page.getByLabel("Post", { exact: true }).fill(text);
  await page.getByLabel("Schedule", { exact: true }).check(); // tomorrow 09:00 by default
  await page.getByRole("combobox", { name: "Repeat", exact: true }).selectOption({ label: "Every day at this time" });
  await page.getByLabel("Times (empty: until you end it)").fill("3");
  // evergreen is for posts that do not repeat
  await expect(page.getByLabel(/Evergreen: publish it again/)).toBeDisabled();
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText(/Scheduled for/)).toBeVisible();

  // the calendar: the occurrences are marked as repeating
  await page.goto("/calendar");
  const lastDayOfMonth = await page.evaluate(() => {
    const d = new Date();
    return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getMonth() !== d.getMonth();
  });
  if (lastDayOfMonth) await page.getByRole("button", { name: "Next month" }).click();
  const occurrence = page.getByTestId("calendar-entry").filter({ hasText: text }).first();
  await expect(occurrence.getByTestId("entry-recurring")).toHaveText("Repeats");
  await occurrence.click();
  await expect(page.getByTestId("series-note")).toContainText("3 occurrences wait");

  // skip this one: the series goes on
  await page.getByRole("button", { name: "Skip this occurrence" }).click();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText("Post canceled")).toBeVisible();
  await page.getByTestId("calendar-entry").filter({ hasText: text }).filter({ hasNotText: "Canceled" }).first().click();
  await expect(page.getByTestId("series-note")).toContainText("2 occurrences wait");

  // new words for the series, then the end of it
  await page.getByLabel(/Words of every later occurrence/).fill(`${text}, new words`);
  await page.getByRole("button", { name: "Edit the series" }).click();
  await expect(page.getByText("The later posts will publish the new words")).toBeVisible();
  await page.getByRole("button", { name: "End the series" }).click();
  await expect(page.getByText(/End the series\? Its 2 waiting occurrences/)).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel them" }).click();
  await expect(page.getByText(/Canceled 2 posts/)).toBeVisible();

  // evergreen on for the account, kept after a reload
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Queue" }).click();
  await pageReady(page, "Queue");
  await page.getByLabel(/Fill free slots of the next 24 hours with evergreen posts/).check();
  await page.getByLabel("Days before one evergreen post goes out again").fill("14");
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.reload();
  await pageReady(page, "Queue");
  await expect(page.getByLabel(/Fill free slots of the next 24 hours with evergreen posts/)).toBeChecked();
  await expect(page.getByLabel("Days before one evergreen post goes out again")).toHaveValue("14");
});

// Scheduling in Chromium: the composer's "Schedule" in a chosen time zone (with the clocks'
// daylight-saving jumps explained), the calendar's month and week views, changing a time,
// dragging a post to another day, and canceling.
import { expect, test, type Page } from "@playwright/test";
import { DateTime } from "luxon";
import { makeMp4 } from "../server/testing/media-fixtures.ts";

const zone = "America/New_York";

async function connect(page: Page, label: string, username: string) {
  await page.goto("/accounts");
  await page.getByRole("region", { name: "Connect an account" }).getByRole("button", { name: label, exact: true }).click();
  await page.getByLabel("New profile username").fill(username);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
}

async function scheduleFor(page: Page, date: string, time: string) {
  await page.getByLabel("Schedule", { exact: true }).check();
  await page.getByLabel("Schedule date").fill(date);
  await page.getByLabel("Schedule time").fill(time);
}

test("schedule from the composer, then see, move, drag and cancel on the calendar", async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  await page.addInitScript((z) => window.localStorage.setItem("posteady.timezone", z), zone);
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-schedule-${suffix}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);
  await connect(page, "YouTube", `yt_${suffix}`);
  await connect(page, "X", `x_${suffix}`);
  await page.goto("/media");
  await page
    .getByTestId("media-file-input")
    .setInputFiles([{ name: "weekly.mp4", mimeType: "video/mp4", buffer: makeMp4({ width: 1920, height: 1080, durationSeconds: 20, payloadBytes: 200_000 }) }]);
  await expect(page.getByTestId("upload-row").filter({ hasText: "weekly.mp4" })).toContainText("Added to the library", { timeout: 20_000 });

  const nextMonth = DateTime.now().setZone(zone).plus({ months: 1 });
  const day = (n: number) => nextMonth.set({ day: n }).toFormat("yyyy-MM-dd");

  // A YouTube video, scheduled in New York time; a time the spring jump skips is explained first.
  await page.goto("/compose");
  await page.getByLabel(`YouTube @yt_${suffix}`).check();
  await page.getByRole("tab", { name: "Videos" }).click();
  await page
    .getByRole("listbox", { name: "Library" })
    .getByRole("option", { name: /^weekly\.mp4/ })
    .click();
  await page.getByRole("tab", { name: new RegExp(`YouTube @yt_${suffix}`) }).click();
  await page.getByLabel("Title").fill("Weekly update");
  await scheduleFor(page, "2027-03-14", "02:30");
  await expect(page.getByLabel("Time zone")).toHaveValue(zone);
  await expect(page.getByText("02:30 does not exist on 2027-03-14 in America/New_York")).toBeVisible();
  await expect(page.getByText("it will go out at 03:30")).toBeVisible();
  await scheduleFor(page, day(10), "09:00");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const ytResult = page.getByTestId("schedule-result").filter({ hasText: `@yt_${suffix}` });
  await expect(ytResult.getByTestId("job-status")).toHaveText("scheduled");

  // A text post to X, the same day an hour later (the composer starts clean after a schedule).
  await page.getByLabel(`X @x_${suffix}`).check();
  await page.getByLabel("Post", { exact: true }).fill("Scheduled thought");
  await scheduleFor(page, day(10), "10:00");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByTestId("schedule-result").filter({ hasText: `@x_${suffix}` })).toBeVisible();

  // The calendar, next month: both posts on the 10th at their New York times.
  await page.goto("/calendar");
  await page.getByRole("button", { name: "Next month" }).click();
  const tenth = page.locator(`[data-day="${day(10)}"]`);
  await expect(tenth.getByTestId("calendar-entry").filter({ hasText: "Weekly update" })).toContainText("09:00");
  await expect(tenth.getByTestId("calendar-entry").filter({ hasText: "Scheduled thought" })).toContainText("10:00");

  // Open the video and change its time.
  await tenth.getByTestId("calendar-entry").filter({ hasText: "Weekly update" }).click();
  await page.getByLabel("New time").fill("11:30");
  await page.getByRole("button", { name: "Change time" }).click();
  await expect(tenth.getByTestId("calendar-entry").filter({ hasText: "Weekly update" })).toContainText("11:30");

  // Drag the X post to the 12th: same wall-clock time.
  await tenth
    .getByTestId("calendar-entry")
    .filter({ hasText: "Scheduled thought" })
    .dragTo(page.locator(`[data-day="${day(12)}"]`));
  await expect(
    page
      .locator(`[data-day="${day(12)}"]`)
      .getByTestId("calendar-entry")
      .filter({ hasText: "Scheduled thought" }),
  ).toContainText("10:00");

  // Cancel the video: it stays on its day as canceled, and says only that.
  await tenth.getByTestId("calendar-entry").filter({ hasText: "Weekly update" }).click();
  await page.getByRole("button", { name: "Cancel post" }).click();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(tenth.getByTestId("calendar-entry").filter({ hasText: "Weekly update" }).getByTestId("entry-kind")).toHaveText("Canceled");
  await expect(page.getByRole("button", { name: "Cancel post" })).toHaveCount(0);

  // The week view of the 12th shows seven days with the X post.
  await page
    .locator(`[data-day="${day(12)}"]`)
    .getByTestId("calendar-entry")
    .click();
  await page.getByRole("button", { name: "week", exact: true }).click();
  await expect(page.locator("[data-day]")).toHaveCount(7);
  await expect(page.locator(`[data-day="${day(12)}"]`).getByTestId("calendar-entry")).toContainText("Scheduled thought");
});

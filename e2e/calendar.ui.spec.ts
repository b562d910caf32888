// The calendar in Chromium (issue 33): a post published now, a scheduled post and drafts each on
// their day with their kind in words; the week's hour grid in the chosen zone; composing at a day
// or an hour; past days offering nothing; editing a scheduled post's text; the agenda as the
// phone's default, with no sideways scroll.
import { expect, test } from "@playwright/test";
import { DateTime } from "luxon";
import { accountIds, createKeyInSettings, publishNow, restWith } from "./support/api-key";
import { connect, signUp } from "./support/dashboard";

const zone = "Europe/Berlin";

test("every kind of post on its day, week hours, compose at a time, edit a scheduled post, agenda on a phone", async ({ page, request }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  await page.addInitScript((z) => window.localStorage.setItem("posteady.timezone", z), zone);
  // an error thrown in the page (a crashed view shows "This page couldn't load") fails the test
  const pageErrors: string[] = [];
  page.on("pageerror", (err) => pageErrors.push(err.message));
  await signUp(page, "calendar");
  await connect(page, "X", `x_${suffix}`);
  await connect(page, "Threads", `th_${suffix}`);
  const rest = restWith(request, await createKeyInSettings(page));
  const ids = await accountIds(rest);

  const now = DateTime.now().setZone(zone);
  const tomorrow = now.plus({ days: 1 });
  const day = (d: DateTime) => d.toFormat("yyyy-MM-dd");
  const at = (d: DateTime, hour: number) => d.set({ hour, minute: 0, second: 0, millisecond: 0 });

  await publishNow(rest, ids[`x_${suffix}`]!, `Published right now ${suffix}`);
  await rest.post("/api/v1/scheduled-posts", {
    accountIds: [ids[`th_${suffix}`]],
    posts: [`Scheduled for later ${suffix}`],
    scheduledAt: at(tomorrow, 10).toISO(),
    timezone: zone,
  });
  const draft = await rest.post("/api/v1/drafts", {
    composition: {
      content: { text: `Draft idea ${suffix}` },
      targets: [{ accountId: ids[`x_${suffix}`] }],
      scheduledAt: at(tomorrow, 15).toISO(),
      timezone: zone,
    },
  });
  await rest.post("/api/v1/drafts", { composition: { content: { text: `Someday draft ${suffix}` }, targets: [] } });

  // Month view (the desktop default): each kind on its day, labelled in words.
  await page.goto("/calendar");
  await expect(page.getByRole("button", { name: "month", exact: true })).toHaveAttribute("aria-pressed", "true");
  const todayCell = page.locator(`[data-day="${day(now)}"]`);
  const published = todayCell.getByTestId("calendar-entry").filter({ hasText: `Published right now ${suffix}` });
  await expect(published.getByTestId("entry-kind")).toHaveText("Published");
  // (yesterday is in the month grid unless today is the 1st)
  if (now.day > 1) await expect(page.locator(`[data-day="${day(now.minus({ days: 1 }))}"]`)).toHaveAttribute("data-past", "true");
  await expect(todayCell).not.toHaveAttribute("data-past");
  if (tomorrow.month !== now.month) await page.getByRole("button", { name: "Next month" }).click();
  const tomorrowCell = page.locator(`[data-day="${day(tomorrow)}"]`);
  await expect(
    tomorrowCell
      .getByTestId("calendar-entry")
      .filter({ hasText: `Scheduled for later ${suffix}` })
      .getByTestId("entry-kind"),
  ).toHaveText("Scheduled");
  await expect(
    tomorrowCell
      .getByTestId("calendar-entry")
      .filter({ hasText: `Draft idea ${suffix}` })
      .getByTestId("entry-kind"),
  ).toHaveText("Draft");
  await expect(page.getByTestId("unscheduled-draft").filter({ hasText: `Someday draft ${suffix}` })).toBeVisible();

  // Days gone by are marked and offer nothing to compose; a day to come composes at 09:00 there.
  await expect(page.locator('[data-past] [data-testid="compose-on-day"]')).toHaveCount(0);
  await expect(tomorrowCell).not.toHaveAttribute("data-past");
  await tomorrowCell.getByTestId("compose-on-day").click();
  await expect(page).toHaveURL(/\/compose\?at=/);
  expect(Date.parse(new URL(page.url()).searchParams.get("at")!)).toBe(at(tomorrow, 9).toMillis());

  // A draft opens in the composer.
  await page.goto("/calendar");
  if (tomorrow.month !== now.month) await page.getByRole("button", { name: "Next month" }).click();
  await page
    .locator(`[data-day="${day(tomorrow)}"]`)
    .getByTestId("calendar-entry")
    .filter({ hasText: `Draft idea ${suffix}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/compose\\?draft=${draft.draftId}$`));

  // Week view: an hour grid 00–23, each entry in its Berlin hour; an hour slot composes at that hour.
  await page.goto("/calendar");
  await page.getByRole("button", { name: "week", exact: true }).click();
  if (tomorrow.weekNumber !== now.weekNumber) await page.getByRole("button", { name: "Next week" }).click();
  const labels = page.getByTestId("hour-label");
  await expect(labels).toHaveCount(24);
  await expect(labels.first()).toHaveText("00:00");
  await expect(labels.last()).toHaveText("23:00");
  await expect(page.locator(`[data-slot="${day(tomorrow)}T10:00"]`).getByTestId("calendar-entry")).toContainText(`Scheduled for later ${suffix}`);
  await expect(page.locator(`[data-slot="${day(tomorrow)}T15:00"]`).getByTestId("calendar-entry")).toContainText(`Draft idea ${suffix}`);
  await page
    .locator(`[data-slot="${day(tomorrow)}T13:00"]`)
    .getByTestId("compose-at-hour")
    .click();
  await expect(page).toHaveURL(/\/compose\?at=/);
  expect(Date.parse(new URL(page.url()).searchParams.get("at")!)).toBe(at(tomorrow, 13).toMillis());

  // Edit the scheduled post's text: too long is explained, a good one is saved with a toast.
  await page.goto("/calendar");
  if (tomorrow.month !== now.month) await page.getByRole("button", { name: "Next month" }).click();
  await page
    .locator(`[data-day="${day(tomorrow)}"]`)
    .getByTestId("calendar-entry")
    .filter({ hasText: `Scheduled for later ${suffix}` })
    .click();
  await page.getByRole("button", { name: "Edit text" }).click();
  await page.getByLabel("Post text").fill("y".repeat(501));
  await page.getByRole("button", { name: "Save text" }).click();
  await expect(page.getByRole("region", { name: "Post", exact: true }).getByRole("alert")).toContainText("threads allows 500");
  await page.getByLabel("Post text").fill(`Edited before it starts ${suffix}`);
  await page.getByRole("button", { name: "Save text" }).click();
  await expect(page.getByText("Post updated")).toBeVisible();
  await expect(
    page
      .locator(`[data-day="${day(tomorrow)}"]`)
      .getByTestId("calendar-entry")
      .filter({ hasText: `Edited before it starts ${suffix}` }),
  ).toBeVisible();
  const listed = await rest.get("/api/v1/scheduled-posts?provider=threads");
  expect(listed.json.scheduledPosts[0].summary).toBe(`Edited before it starts ${suffix}`);

  // A phone opens on the agenda, which fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/calendar");
  await expect(page.getByRole("button", { name: "agenda", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(
    page
      .getByTestId("agenda")
      .getByTestId("calendar-entry")
      .filter({ hasText: `Published right now ${suffix}` }),
  ).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  for (const view of ["month", "week"]) {
    await page.getByRole("button", { name: view, exact: true }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${view} view at 390 px`).toBeLessThanOrEqual(innerWidth);
  }
  expect(pageErrors).toEqual([]);
});

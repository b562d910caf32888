// Issue 47 in Chromium: the calendar tells the truth about compositions sent to several accounts
// (four posts in one hour all visible in the week, one status per entry, a busy day's "+N more",
// a whole composition moved and canceled as well as one of its posts), and Compose is clean again
// after a successful publish.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DateTime } from "luxon";
import { accountIds, createKeyInSettings, restWith } from "./support/api-key";
import { expectNoSeriousAxeViolations as audit } from "./support/axe";
import { connect, PASSWORD } from "./support/dashboard";

const zone = "Europe/Berlin";
const day = (d: DateTime) => d.toFormat("yyyy-MM-dd");

/** The element at the middle of the locator's box (in view) is the locator's own: nothing covers it. */
async function uncovered(entry: Locator) {
  expect(
    await entry.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && el.contains(hit);
    }),
    `${await entry.textContent()} is covered`,
  ).toBe(true);
}

/** support/dashboard's signUp, patient with a stack that has just started on a loaded machine. */
async function signUp(page: Page, prefix: string) {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-${prefix}-${Date.now().toString(36)}@example.test`);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/, { timeout: 60_000 });
}

/** Goes to the month of `d` from the current month. */
/** Shows the month of `d`: the month view opens on the month of the date last shown (a week view's may be the next). */
async function monthOf(page: Page, d: DateTime) {
  const heading = page.getByRole("heading", { level: 2, name: /^\w+ \d{4}$/ });
  const wanted = d.setLocale("en-US").toFormat("LLLL yyyy");
  for (let i = 0; i < 3; i++) {
    const shown = DateTime.fromFormat((await heading.textContent()) ?? "", "LLLL yyyy", { zone, locale: "en-US" });
    if (shown.hasSame(d, "month")) break;
    await page.getByRole("button", { name: shown < d ? "Next month" : "Previous month" }).click();
    await expect(heading).not.toHaveText(shown.toFormat("LLLL yyyy"));
  }
  await expect(heading).toHaveText(wanted);
}

test("four posts of one hour all visible, one status each, +N more, a composition moved and canceled whole", async ({ page, request }) => {
  test.setTimeout(300_000);
  const s = Date.now().toString(36);
  await page.addInitScript((z) => window.localStorage.setItem("posteady.timezone", z), zone);
  const pageErrors: string[] = [];
  page.on("pageerror", (err) => pageErrors.push(err.message));
  await signUp(page, "cal-groups");
  for (const [label, name] of [
    ["X", `x_${s}`],
    ["X", `x2_${s}`],
    ["Threads", `th_${s}`],
    ["LinkedIn", `li_${s}`],
  ] as const)
    await connect(page, label, name);
  const rest = restWith(request, await createKeyInSettings(page));
  const accounts = Object.values(await accountIds(rest));
  expect(accounts).toHaveLength(4);
  const targets = accounts.map((accountId) => ({ accountId }));

  const now = DateTime.now().setZone(zone);
  const tomorrow = now.plus({ days: 1 }).startOf("day");
  // one composition to four accounts at 10:30, another at 15:00: eight posts on one day
  const morning = await rest.post("/api/v1/post-groups", {
    requestId: crypto.randomUUID(),
    content: { text: `Morning news ${s}` },
    targets,
    scheduledAt: tomorrow.set({ hour: 10, minute: 30 }).toISO(),
    timezone: zone,
  });
  await rest.post("/api/v1/post-groups", {
    requestId: crypto.randomUUID(),
    content: { text: `Afternoon news ${s}` },
    targets,
    scheduledAt: tomorrow.set({ hour: 15 }).toISO(),
    timezone: zone,
  });
  // a scheduled post whose time comes now: once published it is one entry, "Published"
  const soon = await rest.post("/api/v1/post-groups", {
    requestId: crypto.randomUUID(),
    content: { text: `Out soon ${s}`, thread: ["And a reply"], firstComment: "A first comment" },
    targets: [{ accountId: accounts[0] }],
    scheduledAt: DateTime.now().plus({ seconds: 3 }).toISO(),
    timezone: zone,
  });
  await expect.poll(async () => (await rest.get(`/api/v1/post-groups/${soon.postGroupId}`)).json.status, { timeout: 60_000 }).toBe("published");

  // Week view: the four 10:30 posts share the 10:00 row, every one visible and none under the 11:00 row.
  await page.goto("/calendar");
  await page.getByRole("button", { name: "week", exact: true }).click();
  if (tomorrow.weekNumber !== now.weekNumber) await page.getByRole("button", { name: "Next week" }).click();
  const slot = page.locator(`[data-slot="${day(tomorrow)}T10:00"]`);
  const morningEntries = slot.getByTestId("calendar-entry");
  await expect(morningEntries).toHaveCount(4);
  // measured with the hour in view, without scrolling in between
  await slot.scrollIntoViewIfNeeded();
  const next = await page.locator(`[data-slot="${day(tomorrow)}T11:00"]`).boundingBox();
  // the same hour of another day of the week grows with it: the rows stay aligned
  const other = tomorrow.plus({ days: tomorrow.weekday === 7 ? -1 : 1 });
  const neighbour = await page.locator(`[data-slot="${day(other)}T11:00"]`).boundingBox();
  expect(Math.abs(neighbour!.y - next!.y)).toBeLessThan(2);
  const boxes = [];
  for (const entry of await morningEntries.all()) {
    await expect(entry).toBeVisible();
    await uncovered(entry);
    boxes.push((await entry.boundingBox())!);
  }
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.y, "entries overlap").toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
  expect(boxes.at(-1)!.y + boxes.at(-1)!.height, "the last entry reaches into the next hour").toBeLessThanOrEqual(next!.y);
  await audit(page);

  // Month view: the published schedule is one entry with one word; a busy day shows three and "+5 more".
  await page.getByRole("button", { name: "month", exact: true }).click();
  await monthOf(page, now);
  const todayCell = page.locator(`[data-day="${day(now)}"]`);
  const out = page.getByTestId("calendar-entry").filter({ hasText: `Out soon ${s}` });
  await expect(out).toHaveCount(1);
  await expect(out.getByTestId("entry-kind")).toHaveText("Published");
  await expect(out).not.toContainText("Scheduled");
  await expect(todayCell.getByTestId("calendar-entry").filter({ hasText: /And a reply|A first comment/ })).toHaveCount(0);
  await monthOf(page, tomorrow);
  const busy = page.locator(`[data-day="${day(tomorrow)}"]`);
  await expect(busy.getByTestId("calendar-entry")).toHaveCount(3);
  await expect(busy.getByTestId("more-entries")).toHaveText("+5 more");
  expect((await busy.boundingBox())!.height, "a busy day keeps its row's height bounded").toBeLessThan(320);
  await busy.getByTestId("more-entries").click();
  const dayList = page.getByTestId("day-entries");
  await expect(dayList.getByTestId("calendar-entry")).toHaveCount(8);
  await audit(page);

  // One post of the composition canceled: it says Canceled, and only that.
  await dayList
    .getByTestId("calendar-entry")
    .filter({ hasText: `Morning news ${s}` })
    .first()
    .click();
  const panel = page.getByRole("region", { name: "Post", exact: true });
  await expect(panel.getByTestId("composition-note")).toContainText("One of 4 posts of the same composition");
  await panel.getByRole("button", { name: "Cancel post" }).click();
  await panel.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText(/^Post cancel+ed/)).toBeVisible();
  const morningInMonth = () =>
    page
      .getByTestId("day-entries")
      .getByTestId("calendar-entry")
      .filter({ hasText: `Morning news ${s}` });
  await expect(panel.getByTestId("detail-status")).toHaveText("Canceled");
  await expect(panel.getByRole("button", { name: "Cancel post" })).toHaveCount(0);
  await expect(morningInMonth().filter({ has: page.getByTestId("entry-kind").getByText("Canceled", { exact: true }) })).toHaveCount(1);
  await expect(morningInMonth().filter({ hasText: "Scheduled" })).toHaveCount(3);

  // The whole composition moves: the three still waiting go to the day after, 12:00; the canceled one stays.
  const later = tomorrow.plus({ days: 1 });
  await panel.getByLabel("New date").fill(day(later));
  await panel.getByLabel("New time").fill("12:00");
  await panel.getByRole("button", { name: "Move all 3" }).click();
  await expect(page.getByText(/Moved 3 posts to/)).toBeVisible();
  await page.getByRole("button", { name: "Close", exact: true }).click();
  await monthOf(page, later);
  const laterCell = page.locator(`[data-day="${day(later)}"]`);
  await expect(laterCell.getByTestId("calendar-entry").filter({ hasText: `Morning news ${s}` })).toHaveCount(3);
  for (const entry of await laterCell.getByTestId("calendar-entry").all()) await expect(entry).toContainText("12:00");
  const moved = await rest.get(`/api/v1/post-groups/${morning.postGroupId}`);
  expect(moved.json.targets.map((t: { status: string }) => t.status).sort()).toEqual(["canceled", "scheduled", "scheduled", "scheduled"]);

  // ... and is canceled whole: every one of its posts says Canceled.
  await laterCell.getByTestId("calendar-entry").first().click();
  await panel.getByRole("button", { name: "Cancel all 3" }).click();
  await panel.getByRole("button", { name: "Yes, cancel them" }).click();
  await expect(page.getByText("Canceled 3 posts")).toBeVisible();
  await expect(laterCell.getByTestId("entry-kind")).toHaveText(["Canceled", "Canceled", "Canceled"]);
  const canceled = await rest.get(`/api/v1/post-groups/${morning.postGroupId}`);
  expect(canceled.json.status).toBe("canceled");
  expect(pageErrors).toEqual([]);
});

test("Compose is clean after a successful publish: no accounts, no text, no warnings", async ({ page }) => {
  test.setTimeout(180_000);
  const s = Date.now().toString(36);
  await signUp(page, "compose-clean");
  await connect(page, "X", `x_${s}`);
  await connect(page, "Threads", `th_${s}`);
  await page.goto("/compose");
  await page.getByLabel(`X @x_${s}`).check();
  await page.getByLabel(`Threads @th_${s}`).check();
  await page.getByLabel("Post", { exact: true }).fill(`Clean slate ${s}`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("group-results").getByRole("heading")).toHaveText("2 of 2 published", { timeout: 60_000 });

  await expect(page.getByLabel(`X @x_${s}`)).not.toBeChecked();
  await expect(page.getByLabel(`Threads @th_${s}`)).not.toBeChecked();
  await expect(page.getByLabel("Post", { exact: true })).toHaveValue("");
  await expect(page.getByTestId("preview")).toHaveCount(0);
  await expect(page.getByText("Some accounts need changes")).toHaveCount(0);
  await expect(page.getByText(/must not be empty/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Publish now" })).toBeDisabled();
  await audit(page);
});

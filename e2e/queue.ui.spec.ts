// The queue in Chromium (issue 49): posting slots set on the Queue page, "Add to queue" in the
// composer (refused in plain words while the account has no slots), the queue in order, a
// keyboard reorder that persists, shuffle, post next now, and the free slots in the calendar's
// week view.
import { expect, test, type Page } from "@playwright/test";
import { connect, pageReady, signUp } from "./support/dashboard";

const queueItems = (page: Page) => page.getByTestId("queue-item");
const texts = (page: Page) => page.getByTestId("queue-text").allInnerTexts();
const times = (page: Page) =>
  page
    .getByTestId("queue-item")
    .locator("time")
    .evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime")));

async function addToQueue(page: Page, username: string, text: string) {
  await page.goto("/compose");
  await page.getByLabel(`X @${username}`).check();
  await page.getByLabel("Post", { exact: true }).fill(text);
  await page.getByLabel("Add to queue").check();
  await expect(page.getByTestId("next-slots")).toContainText(`X @${username}: next free slot`);
  if (text === "Queued third") await page.screenshot({ path: "test-results/queue-composer.png", fullPage: true });
  await page.getByRole("button", { name: "Add to queue", exact: true }).click();
  const result = page.getByTestId("queue-result");
  await expect(result).toContainText("Publishes");
  await expect(page.getByRole("heading", { name: "Added to the queue" })).toBeVisible();
}

test("slots, add to queue from the composer, reorder by keyboard, shuffle, post next now, free slots in the week view", async ({ page }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const username = `x_${suffix}`;
  await signUp(page, "queue");
  await connect(page, "X", username);

  // no slots yet: "Add to queue" is explained and cannot be chosen
  await page.goto("/compose");
  await page.getByLabel(`X @${username}`).check();
  await expect(page.getByTestId("queue-blocked")).toContainText(`X @${username} has no posting slots yet`);
  await expect(page.getByLabel("Add to queue")).toBeDisabled();

  // the Queue page: empty states say what to do
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Queue" }).click();
  await pageReady(page, "Queue");
  await expect(page.getByTestId("no-slots")).toContainText("Add slots");
  await expect(page.getByTestId("queue-empty")).toContainText("Add to queue");
  // the zone defaults to the browser's
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByLabel("Time zone of the slots")).toHaveValue(browserZone);

  // a time left empty, and a duplicate, are refused in plain words next to the field
  await page.getByLabel("Time", { exact: true }).fill("");
  await page.getByRole("button", { name: "Add slot" }).click();
  await expect(page.getByText("Enter a time such as 09:00 (24-hour).")).toBeVisible();
  await page.getByLabel("Time zone of the slots").selectOption("Europe/Berlin");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    await page.getByLabel("Day", { exact: true }).selectOption({ label: day });
    await page.getByLabel("Time", { exact: true }).fill("10:30");
    await page.getByRole("button", { name: "Add slot" }).click();
  }
  await page.getByRole("button", { name: "Add slot" }).click();
  await expect(page.getByText("Sunday 10:30 is already a slot.")).toBeVisible();
  // one slot too many: removed again
  await page.getByLabel("Day", { exact: true }).selectOption({ label: "Monday" });
  await page.getByLabel("Time", { exact: true }).fill("18:00");
  await page.getByRole("button", { name: "Add slot" }).click();
  await page.getByRole("button", { name: "Remove Monday 18:00" }).click();
  await expect(page.getByTestId("slot")).toHaveCount(7);
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.reload();
  await pageReady(page, "Queue");
  await expect(page.getByTestId("slot")).toHaveCount(7);
  await expect(page.getByLabel("Time zone of the slots")).toHaveValue("Europe/Berlin");

  // three posts added from the composer, each with its slot shown
  for (const text of ["Queued first", "Queued second", "Queued third"]) await addToQueue(page, username, text);

  await page.goto("/queue");
  await pageReady(page, "Queue");
  await expect(queueItems(page)).toHaveCount(3);
  expect(await texts(page)).toEqual(["Queued first", "Queued second", "Queued third"]);
  const slotTimes = await times(page);
  await expect(page.getByTestId("queue-position")).toHaveText(["1", "2", "3"]);
  await page.screenshot({ path: "test-results/queue-page.png", fullPage: true });
  // the same page on a phone in the dark theme, for a look
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/queue-page-phone-dark.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // keyboard: Space picks the first up, ArrowDown moves it one down, Space drops it there. The
  // sortable list measures its items just after the pick-up: an arrow pressed in that instant (a
  // test is faster than a person) does not move yet, so the arrow is pressed until it is announced.
  await page.getByRole("button", { name: "Move post 1: Queued first" }).focus();
  await page.keyboard.press("Space");
  const live = page.locator("#DndLiveRegion-0, [id^=DndLiveRegion]").first();
  await expect(live).toContainText("Picked up");
  await expect(async () => {
    await page.keyboard.press("ArrowDown");
    await expect(live).toContainText("would go to position 2", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const moved = page.waitForResponse((r) => r.url().includes("queue.move"));
  await page.keyboard.press("Space");
  expect((await moved).status()).toBe(200);
  await expect.poll(() => texts(page)).toEqual(["Queued second", "Queued first", "Queued third"]);
  // the slot times stay where they are
  expect(await times(page)).toEqual(slotTimes);
  await page.reload();
  await pageReady(page, "Queue");
  await expect(queueItems(page)).toHaveCount(3);
  expect(await texts(page)).toEqual(["Queued second", "Queued first", "Queued third"]);
  expect(await times(page)).toEqual(slotTimes);

  await page.getByRole("button", { name: "Shuffle" }).click();
  await expect(page.getByText("Shuffled: the posts keep the same slots in a new order.")).toBeVisible();
  expect((await texts(page)).sort()).toEqual(["Queued first", "Queued second", "Queued third"]);
  expect(await times(page)).toEqual(slotTimes);

  // post next now, after a confirmation: the first publishes, the others move up a slot
  const [first, ...rest] = await texts(page);
  await page.getByRole("button", { name: "Post next now" }).click();
  await expect(page.getByRole("group", { name: "Confirm posting now" })).toContainText(first!);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText(`Publishing "${first}" now.`)).toBeVisible();
  await expect(queueItems(page)).toHaveCount(2);
  expect(await texts(page)).toEqual(rest);
  expect(await times(page)).toEqual(slotTimes.slice(0, 2));
  await page.goto("/jobs");
  await expect(page.getByText(first!).first()).toBeVisible();
  await expect(page.getByTestId("job-row").filter({ hasText: first! }).first()).toContainText(/Published/i, { timeout: 30_000 });

  // the calendar's week view: free slots next week (each day at 10:30 Berlin)
  await page.goto("/calendar");
  await pageReady(page, "Calendar");
  await page.getByRole("button", { name: "week", exact: true }).click();
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(page.getByTestId("free-slot").first()).toBeVisible();
  expect(await page.getByTestId("free-slot").count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId("free-slot").first()).toContainText(`Free slot`);
  await page.screenshot({ path: "test-results/queue-calendar-week.png", fullPage: true });
});

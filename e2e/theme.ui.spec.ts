// Focus you can see, the dark theme (the system's setting, or the switch, remembered), one date
// format, toasts for actions that had no feedback, and the favicon.
import { expect, test, type Page } from "@playwright/test";
import { DateTime } from "luxon";
import { connect, signUp } from "./support/dashboard";

async function focusedOutline(page: Page) {
  return page.evaluate(() => {
    const s = getComputedStyle(document.activeElement!);
    return { style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor };
  });
}

test("keyboard focus shows a brand-coloured ring, in the light and the dark theme", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email").focus();
  await page.keyboard.press("Tab"); // to the password: focus moved by keyboard, so :focus-visible applies
  expect(await focusedOutline(page)).toEqual({ style: "solid", width: "2px", color: "rgb(47, 107, 255)" });
  await signUp(page, "focus");
  await page.keyboard.press("Tab"); // the skip link, first in the page
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  expect((await focusedOutline(page)).style).toBe("solid");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await page.keyboard.press("Tab");
  expect(await focusedOutline(page)).toEqual({ style: "solid", width: "2px", color: "rgb(122, 162, 255)" });
});

test("the theme follows the system until chosen; the choice is remembered", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await signUp(page, "theme");
  const html = page.locator("html");
  await expect(html).toHaveClass(/\bdark\b/);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await background();
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await background()).not.toBe(dark);

  await page.getByLabel("Theme").last().selectOption("dark");
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/); // the system says light: the switch wins, after a reload too
  expect(await background()).toBe(dark);
  await page.getByLabel("Theme").last().selectOption("system");
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test("the favicon and the other static assets are served from public/", async ({ page, request }) => {
  for (const [path, type] of [
    ["/favicon.ico", "image/x-icon"],
    ["/icon.svg", "image/svg+xml"],
    ["/apple-touch-icon.png", "image/png"],
    ["/site.webmanifest", "application/manifest+json"],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain(type);
  }
  await page.goto("/sign-in");
  await expect(page.locator('link[rel="icon"][href^="/favicon.ico"]')).toHaveCount(1);
});

test("dates read one way everywhere; revoke, save, sync and move answer with a toast", async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const oneFormat = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2}/;
  await page.addInitScript(() => window.localStorage.setItem("posteady.timezone", "Europe/Paris"));
  await signUp(page, "toasts");

  // Save
  await page.goto("/settings/general");
  await page.getByLabel("Name").first().fill("Studio");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Workspace renamed to “Studio”")).toBeVisible();

  // Revoke, with the key's dates in the one format
  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill("Robot");
  await page.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  const row = page.getByTestId("api-key-row").filter({ hasText: "Robot" });
  await expect(row.getByTestId("api-key-created")).toHaveText(oneFormat);
  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: /Revoke/ }).click();
  await expect(page.getByText("Revoked “Robot”")).toBeVisible();

  // Sync
  await connect(page, "X", `x_${suffix}`);
  await page.goto("/posts");
  await page.getByRole("button", { name: `Sync now @x_${suffix}` }).click();
  await expect(page.getByText(`Synced @x_${suffix}: posts and metrics are up to date`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("sync-row")).toContainText(oneFormat);

  // A scheduled time is shown with its zone; moving it on the calendar answers with a toast.
  const tomorrow = DateTime.now().setZone("Europe/Paris").plus({ days: 1 });
  await page.goto("/compose");
  await page.getByLabel(`X @x_${suffix}`).check();
  await page.getByLabel("Post", { exact: true }).fill("Later");
  await page.getByLabel("Schedule", { exact: true }).check();
  await page.getByLabel("Schedule date").fill(tomorrow.toFormat("yyyy-MM-dd"));
  await page.getByLabel("Schedule time").fill("09:00");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const when = `${tomorrow.toFormat("d LLL yyyy")}, 09:00 ${tomorrow.toFormat("ZZZZ") === "GMT+1" ? "CET" : "CEST"}`;
  await expect(page.getByTestId("schedule-result")).toContainText(when);
  await page.goto("/jobs");
  await page.getByRole("button", { name: /Later/ }).first().click();
  await expect(page.getByRole("region", { name: "Job detail" })).toContainText(when);

  await page.goto("/calendar");
  if (tomorrow.month !== DateTime.now().setZone("Europe/Paris").month) await page.getByRole("button", { name: "Next month" }).click();
  await page
    .locator(`[data-day="${tomorrow.toFormat("yyyy-MM-dd")}"]`)
    .getByTestId("calendar-entry")
    .click();
  await page.getByLabel("New time").fill("11:30");
  await page.getByRole("button", { name: "Change time" }).click();
  await expect(page.getByText(`Moved to ${when.replace("09:00", "11:30")}`)).toBeVisible();
});

// Every page of the dashboard, with content in it, at desktop (1440 px) and phone (390 px) widths
// and in the dark theme: axe-core finds no serious or critical violation, nothing scrolls sideways
// at 390 px, and no request of the page answers 404 (the favicon included).
import { expect, test, type Browser, type Page } from "@playwright/test";
import { dashboardPages, pageReady, signedOutPages } from "./support/dashboard";
import { seedWorkspace } from "./support/seed-workspace";
// every page whole: the API reference's Scalar widget too (issue 51), nothing is excluded
import { expectNoSeriousAxeViolations as audit } from "./support/axe";

const widths = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

let storageState: Awaited<ReturnType<Awaited<ReturnType<Browser["newContext"]>>["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await seedWorkspace(await context.newPage(), "e2e-a11y");
  storageState = await context.storageState();
  await context.close();
});

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, "the page is wider than the screen").toBeLessThanOrEqual(innerWidth);
}

/** Opens a page, collecting any same-origin 404 on the way. */
async function open(page: Page, path: string): Promise<string[]> {
  const missing: string[] = [];
  page.on("response", (res) => {
    if (res.status() === 404 && new URL(res.url()).origin === new URL(page.url() || res.url()).origin) missing.push(res.url());
  });
  await page.goto(path);
  return missing;
}

for (const { name, viewport } of widths) {
  test.describe(`${name} (${viewport.width} px)`, () => {
    test.use({ viewport });
    // axe over the API reference's large DOM takes long on a loaded 2-core machine
    test.describe.configure({ timeout: 180_000 });

    for (const p of dashboardPages) {
      test(`${p.path} passes axe${name === "phone" ? " and fits the screen" : ""}`, async ({ browser }) => {
        const context = await browser.newContext({ storageState, viewport });
        const page = await context.newPage();
        const missing = await open(page, p.path);
        await pageReady(page, p.heading);
        await audit(page);
        if (name === "phone") await noSidewaysScroll(page);
        expect(missing).toEqual([]);
        await context.close();
      });
    }

    // The calendar's other views (the default is month on desktop, agenda on a phone).
    for (const view of ["week", "agenda", "month"] as const) {
      test(`/calendar ${view} view passes axe${name === "phone" ? " and fits the screen" : ""}`, async ({ browser }) => {
        const context = await browser.newContext({ storageState, viewport });
        const page = await context.newPage();
        await page.goto("/calendar");
        await pageReady(page, "Calendar");
        await page.getByRole("button", { name: view, exact: true }).click();
        await expect(page.getByRole("button", { name: view, exact: true })).toHaveAttribute("aria-pressed", "true");
        if (view === "week") await expect(page.getByTestId("hour-label")).toHaveCount(24);
        await audit(page);
        if (name === "phone") await noSidewaysScroll(page);
        await context.close();
      });
    }

    for (const p of signedOutPages) {
      test(`${p.path} passes axe${name === "phone" ? " and fits the screen" : ""}`, async ({ page }) => {
        const missing = await open(page, p.path);
        await pageReady(page, p.heading);
        await audit(page);
        if (name === "phone") await noSidewaysScroll(page);
        expect(missing).toEqual([]);
      });
    }
  });
}

test.describe("dark theme (1440 px)", () => {
  test.describe.configure({ timeout: 180_000 });
  test("/calendar week view passes axe in the dark", async ({ browser }) => {
    const context = await browser.newContext({ storageState, viewport: widths[0].viewport, colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/calendar");
    await pageReady(page, "Calendar");
    await page.getByRole("button", { name: "week", exact: true }).click();
    await expect(page.getByTestId("hour-label")).toHaveCount(24);
    await audit(page);
    await context.close();
  });
  // The API reference brings its own theme (Scalar's variables, components/api-reference/scalar-theme.css): also on a phone.
  test("/api-reference passes axe in the dark at 390 px", async ({ browser }) => {
    const context = await browser.newContext({ storageState, viewport: widths[1].viewport, colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/api-reference");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await pageReady(page, "API reference");
    await audit(page);
    await context.close();
  });
  for (const p of [...dashboardPages, ...signedOutPages]) {
    test(`${p.path} passes axe in the dark`, async ({ browser }) => {
      const signedIn = dashboardPages.some((d) => d.path === p.path);
      const context = await browser.newContext({ ...(signedIn ? { storageState } : {}), viewport: widths[0].viewport, colorScheme: "dark" });
      const page = await context.newPage();
      await page.goto(p.path);
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await pageReady(page, p.heading);
      await audit(page);
      await context.close();
    });
  }
});

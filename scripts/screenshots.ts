// `npm run screenshots`: every page of the dashboard at 1440 and 390 px, light and dark, as PNGs in
// screenshots/ (gitignored) for a reviewer to look at. Starts the same throwaway stack as the
// browser tests (fresh database, sandbox platforms) and fills a workspace through the UI first.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { dashboardPages, signedOutPages } from "../e2e/support/dashboard.ts";
import { seedWorkspace } from "../e2e/support/seed-workspace.ts";
import { startTestStack } from "../server/testing/test-stack.ts";

const out = path.resolve(process.argv[2] ?? "screenshots");
const variants = [
  { name: "1440-light", viewport: { width: 1440, height: 900 }, colorScheme: "light" },
  { name: "390-light", viewport: { width: 390, height: 844 }, colorScheme: "light" },
  { name: "1440-dark", viewport: { width: 1440, height: 900 }, colorScheme: "dark" },
  { name: "390-dark", viewport: { width: 390, height: 844 }, colorScheme: "dark" },
] as const;

const fileName = (p: string) => `${p.replace(/^\//, "").replace(/\//g, "-")}.png`;

const stack = await startTestStack("screenshots");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const seeding = await browser.newContext({ baseURL: stack.baseUrl });
  await seedWorkspace(await seeding.newPage(), "screenshots");
  const storageState = await seeding.storageState();
  await seeding.close();

  for (const v of variants) {
    fs.mkdirSync(path.join(out, v.name), { recursive: true });
    for (const [pages, signedIn] of [
      [dashboardPages, true],
      [signedOutPages, false],
    ] as const) {
      const context = await browser.newContext({
        baseURL: stack.baseUrl,
        viewport: v.viewport,
        colorScheme: v.colorScheme,
        ...(signedIn ? { storageState } : {}),
      });
      const page = await context.newPage();
      for (const p of pages) {
        await page.goto(p.path);
        await page.getByRole("heading", { level: 1, name: p.heading }).waitFor();
        await page.waitForFunction(() => !/(^|\n)Loading/.test(document.body.innerText), undefined, { timeout: 15_000 }).catch(() => {});
        await page.waitForTimeout(300); // let images and fonts settle
        const file = path.join(out, v.name, fileName(p.path));
        await page.screenshot({ path: file, fullPage: true });
        console.log(path.relative(process.cwd(), file));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}

// The Feeds page in Chromium: add a feed served by a local server of this test (on 127.0.0.2, the
// stack's URL_FETCH_ALLOW_CIDRS), see it listed with its first fetch (checked by axe), delete it
// after confirming.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { connect, signUp } from "./support/dashboard";

const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>https://example.com/</link><description>News</description>
<item><guid>old-1</guid><title>An older post</title><link>https://example.com/old-1</link><pubDate>Mon, 05 Jan 2026 09:00:00 GMT</pubDate></item>
</channel></rss>`;

let server: http.Server;
let feedUrl = "";
test.beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/rss+xml", ETag: '"1"' }).end(rss));
  await new Promise<void>((r) => server.listen(0, "127.0.0.2", r));
  feedUrl = `http://127.0.0.2:${(server.address() as AddressInfo).port}/feed.xml`;
});
test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

test("add a feed, see it listed with its last fetch, delete it", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, "feeds");
  const username = `th_${Date.now().toString(36)}`;
  await connect(page, "Threads", username);

  // feeds are a setting of the workspace
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Feeds" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Feeds" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No feeds")).toBeVisible();

  // an unknown placeholder is refused in plain words, and nothing is added
  await page.getByLabel("Feed URL").fill(feedUrl);
  await page.getByLabel(`Threads @${username}`).check();
  await page.getByLabel("Template").fill("{title} {permalink}");
  await page.getByRole("button", { name: "Add feed" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "permalink" })).toBeVisible();
  await expect(page.getByTestId("feed-row")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "/feeds with an error");

  await page.getByLabel("Template").fill("New: {title} {link}");
  await page.getByRole("button", { name: "Add feed" }).click();
  const row = page.getByTestId("feed-row").filter({ hasText: feedUrl });
  await expect(row).toBeVisible();
  await expect(row).toContainText("New items become drafts");
  await expect(row).toContainText("New: {title} {link}");

  await row.getByRole("button", { name: /Fetch now/ }).click();
  await expect(row.getByTestId("feed-last-fetch")).toContainText(/Read .*, 0 new items/);
  await expect(row).toContainText("Next fetch:");
  // the page with a feed listed passes axe too
  await expectNoSeriousAxeViolations(page, "/feeds with a feed");

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: /Delete/ }).click();
  await expect(page.getByTestId("feed-row")).toHaveCount(0);
  await expect(page.getByText("No feeds")).toBeVisible();
});

// The Bluesky and Mastodon previews and tab fields pass axe (no serious or critical violation,
// as e2e/accessibility.ui.spec.ts asks of every page), in the light and the dark theme: rendered
// on the server, styled by the dashboard's own Tailwind CSS, checked in Chromium.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import tailwind from "@tailwindcss/postcss";
import postcss from "postcss";
import { chromium, type Browser } from "playwright-core";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { ProviderName } from "@/server/domain/accounts/providers";
import { AccountTab } from "./account-tab";
import { emptyComposition, newTarget, toggleAccount, type PickedMedia, type TargetState } from "./composition";
import { PlatformPreview } from "./previews";

const root = path.resolve(import.meta.dirname, "../..");
let browser: Browser;
let css = "";

beforeAll(async () => {
  const source = path.join(root, "app/globals.css");
  css = (await postcss([tailwind({ base: root })]).process(fs.readFileSync(source, "utf8"), { from: source })).css;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
}, 60_000);
afterAll(async () => browser?.close());

// a 1×1 grey JPEG-like image that needs no network
const pixel = "data:image/gif;base64,R0lGODlhAQABAIAAAICAgP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==";
const image = (n: number, altText?: string): PickedMedia => ({
  mediaId: `00000000-0000-4000-8000-00000000000${n}`,
  mediaType: "IMAGE",
  fileName: `photo-${n}.jpg`,
  url: pixel,
  ...(altText ? { altText } : {}),
});

function markup(): string {
  const mastodonTarget: TargetState = { ...newTarget(), mastodon: { visibility: "private", spoilerText: "Film ending", sensitive: true, language: "en" } };
  const blueskyTarget: TargetState = { ...newTarget(), bluesky: { langs: "en, pt-BR" } };
  const accounts: Record<string, ProviderName> = { "11111111-1111-4111-8111-111111111111": "mastodon", "22222222-2222-4222-8222-222222222222": "bluesky" };
  let composition = emptyComposition;
  for (const id of Object.keys(accounts)) composition = toggleAccount(composition, id);
  const [mastodonId, blueskyId] = Object.keys(accounts) as [string, string];
  composition = { ...composition, targets: { [mastodonId]: mastodonTarget, [blueskyId]: blueskyTarget } };
  const common = { username: "me", displayName: "Me", problems: [], notes: [] };
  return renderToStaticMarkup(
    <main className="grid gap-4 p-4">
      <h1>Compose</h1>
      <PlatformPreview
        {...common}
        provider="bluesky"
        target={blueskyTarget}
        content={{ text: `${"x".repeat(301)} https://example.com/launch`, thread: ["A reply with example.org"], media: [], firstComment: "More" }}
      />
      <PlatformPreview
        {...common}
        provider="bluesky"
        target={blueskyTarget}
        content={{ text: "Four", thread: [], media: [1, 2, 3, 4, 5].map((n) => image(n, `Photo ${n}`)), firstComment: "" }}
      />
      <PlatformPreview
        {...common}
        provider="mastodon"
        target={mastodonTarget}
        problems={["Post 1 is too long"]}
        content={{ text: "b".repeat(520), thread: ["Then"], media: [image(1, "A cat")], firstComment: "Source" }}
      />
      <AccountTab accountId={mastodonId} provider="mastodon" composition={composition} target={mastodonTarget} problems={[]} onTarget={() => undefined} />
      <AccountTab accountId={blueskyId} provider="bluesky" composition={composition} target={blueskyTarget} problems={[]} onTarget={() => undefined} />
    </main>,
  );
}

test.each(["light", "dark"])(
  "Bluesky's and Mastodon's previews and fields pass axe in the %s theme",
  async (theme) => {
    // AxeBuilder wants a page of its own context
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.setViewportSize({ width: 480, height: 900 });
      await page.setContent(
        `<!doctype html><html lang="en" class="${theme}"><head><title>Compose</title><style>${css}</style></head><body>${markup()}</body></html>`,
      );
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary})`).join(", ")}`);
      if (process.env.COMPOSE_SCREENSHOTS) await page.screenshot({ path: `test-results/open-networks-${theme}.png`, fullPage: true });
      expect(blocking, blocking.join("\n")).toEqual([]);
      // it did check the new parts
      expect(await page.getByLabel("Content warning").count()).toBe(1);
      expect(await page.getByTestId("preview-link-card").count()).toBe(2);
    } finally {
      await context.close();
    }
  },
  60_000,
);

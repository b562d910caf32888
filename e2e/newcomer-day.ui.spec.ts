// Issue 47's acceptance: a newcomer's first day, start to end, at 1440 and 390 px in the light and
// the dark theme. Sign up, connect four sandbox accounts, publish one composition with an image
// and a video, schedule a post for tomorrow, move it, cancel it, make a carousel, and connect a
// local agent over stdio with the service's own DATA_DIR. Each step checks what its screen says
// against what really happened (the sandbox's posts, the calendar, the agent's answer); every
// page visited passes axe, and no console error or uncaught exception is allowed.
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test, type Page } from "@playwright/test";
import { DateTime } from "luxon";
import { makeJpeg, makeMp4 } from "../server/testing/media-fixtures.ts";
import { expectNoSeriousAxeViolations as audit } from "./support/axe";
import { connect, pageReady, signUp } from "./support/dashboard";
import { sandboxPosts } from "./support/sandbox";

const zone = "Europe/Berlin";

const combinations = [
  { width: 1440, height: 900, scheme: "light" },
  { width: 1440, height: 900, scheme: "dark" },
  { width: 390, height: 844, scheme: "light" },
  { width: 390, height: 844, scheme: "dark" },
] as const;

/**
 * Collects every console error and uncaught exception, the dashboard's and the sandbox's consent
 * pages' (which name their icon inline: no /favicon.ico 404), to be empty at the end.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

/** The local (stdio) configuration's command, run as a client would: only its own env and a shell's basics. */
async function listAccountsOverStdio(server: { command: string; args: string[]; env: Record<string, string> }) {
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME!, ...server.env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => (stderr += chunk));
  const client = new Client({ name: "newcomer-day", version: "1.0.0" });
  try {
    await client.connect(transport);
    const result = (await client.callTool({ name: "list_accounts", arguments: {} })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return (result.structuredContent as { accounts: { provider: string; username: string }[] }).accounts;
  } catch (err) {
    throw new Error(`${(err as Error).message}\nstderr: ${stderr}`);
  } finally {
    await client.close();
  }
}

for (const { width, height, scheme } of combinations) {
  test.describe(`${width} px, ${scheme}`, () => {
    test.use({ viewport: { width, height }, colorScheme: scheme });

    test("a newcomer's day: sign up, connect, publish, schedule, move, cancel, carousel, agent", async ({ page }) => {
      test.setTimeout(300_000);
      const s = Date.now().toString(36);
      const errors = watchErrors(page);
      await page.addInitScript((z) => window.localStorage.setItem("posteady.timezone", z), zone);

      // Sign up: the landing page is Compose, with the first-run checklist, in the chosen theme.
      await signUp(page, `day-${width}-${scheme}`);
      if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      await expect(page.getByRole("region", { name: "Get started with Posteady" })).toContainText("0 of 4 done");
      await audit(page, "compose, new workspace");

      // Four sandbox accounts, each through its platform's consent page.
      const accounts = [
        ["X", "x", `x_${s}`],
        ["Threads", "threads", `th_${s}`],
        ["Instagram", "instagram", `ig_${s}`],
        ["TikTok", "tiktok", `tt_${s}`],
      ] as const;
      for (const [label, , username] of accounts) await connect(page, label, username);
      await expect(page.getByTestId("account-row")).toHaveCount(4);
      await audit(page, "accounts");

      // An image and a video in the library.
      await page.goto("/media");
      await page.getByTestId("media-file-input").setInputFiles([
        { name: "photo.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 1080, height: 1080 }) },
        { name: "clip.mp4", mimeType: "video/mp4", buffer: makeMp4({ width: 1080, height: 1920, durationSeconds: 8, payloadBytes: 200_000 }) },
      ]);
      for (const name of ["photo.jpg", "clip.mp4"])
        await expect(page.getByTestId("upload-row").filter({ hasText: name })).toContainText("Added to the library", { timeout: 30_000 });
      await audit(page, "media");

      // One composition to the four: the image for all, TikTok's own video.
      await page.goto("/compose");
      for (const [label, , username] of accounts) await page.getByRole("checkbox", { name: `${label} @${username}` }).check();
      await page.getByLabel("Post", { exact: true }).fill(`My first day on Posteady ${s}`);
      await page.getByRole("listbox", { name: "Library" }).getByRole("option", { name: "photo.jpg" }).click();
      await page.getByLabel("Alt text for photo.jpg").fill("A desk with a notebook");
      await page.getByRole("tab", { name: new RegExp(`TikTok @tt_${s}`) }).click();
      await page.getByLabel("Different media for this account").check();
      await page.getByRole("button", { name: "Remove photo.jpg" }).click();
      await page.getByRole("tab", { name: "Videos" }).click();
      await page
        .getByRole("listbox", { name: "Library" })
        .getByRole("option", { name: /^clip\.mp4/ })
        .click();
      await page.getByRole("tab", { name: "All accounts" }).click();
      await audit(page, "compose, filled");
      await page.getByRole("button", { name: "Publish now" }).click();
      await expect(page.getByTestId("group-results").getByRole("heading")).toHaveText("4 of 4 published", { timeout: 120_000 });
      await audit(page, "compose, published");
      // ... and the platforms received it: the image on three, the video on TikTok.
      for (const [, provider, username] of accounts) {
        const posts = await sandboxPosts(provider, username);
        expect(
          posts.map((p) => p.text),
          provider,
        ).toEqual([`My first day on Posteady ${s}`]);
        expect(posts[0]!.media, provider).toHaveLength(1);
      }

      // A post for tomorrow at 10:00.
      const tomorrow = DateTime.now().setZone(zone).plus({ days: 1 });
      const day = tomorrow.toFormat("yyyy-MM-dd");
      await page.getByRole("checkbox", { name: `X @x_${s}` }).check();
      await page.getByLabel("Post", { exact: true }).fill(`Tomorrow's thought ${s}`);
      await page.getByLabel("Schedule", { exact: true }).check();
      await page.getByLabel("Schedule date").fill(day);
      await page.getByLabel("Schedule time").fill("10:00");
      await page.getByRole("button", { name: "Schedule", exact: true }).click();
      const when = (time: string) => `${tomorrow.toFormat("d LLL yyyy")}, ${time}`;
      await expect(page.getByTestId("schedule-result").getByTestId("job-status")).toHaveText("scheduled");
      await expect(page.getByTestId("schedule-result")).toContainText(when("10:00"));

      // The calendar (month on a desktop, agenda on a phone) shows it tomorrow at 10:00; move it to 11:30.
      await page.goto("/calendar");
      await pageReady(page, "Calendar");
      if (tomorrow.month !== DateTime.now().setZone(zone).month) await page.getByRole("button", { name: "Next month" }).click();
      const entry = page
        .locator(`[data-day="${day}"], [data-agenda-day="${day}"]`)
        .getByTestId("calendar-entry")
        .filter({ hasText: `Tomorrow's thought ${s}` });
      await expect(entry).toContainText("10:00");
      await expect(entry.getByTestId("entry-kind")).toHaveText("Scheduled");
      await audit(page, "calendar");
      await entry.click();
      const panel = page.getByRole("region", { name: "Post", exact: true });
      await panel.getByLabel("New time").fill("11:30");
      await panel.getByRole("button", { name: "Change time" }).click();
      await expect(page.getByText(`Moved to ${when("11:30")}`)).toBeVisible();
      await expect(entry).toContainText("11:30");
      await expect(entry).not.toContainText("10:00");
      await audit(page, "calendar, post open");

      // Cancel it: the entry and its panel say Canceled, and nothing more can be done to it.
      await panel.getByRole("button", { name: "Cancel post" }).click();
      await panel.getByRole("button", { name: "Yes, cancel it" }).click();
      await expect(panel.getByTestId("detail-status")).toHaveText("Canceled");
      await expect(entry.getByTestId("entry-kind")).toHaveText("Canceled");
      await expect(panel.getByRole("button", { name: "Cancel post" })).toHaveCount(0);
      await page.reload();
      await pageReady(page, "Calendar");
      if (tomorrow.month !== DateTime.now().setZone(zone).month) await page.getByRole("button", { name: "Next month" }).click();
      await expect(entry.getByTestId("entry-kind")).toHaveText("Canceled"); // kept on the server, not only on screen

      // A carousel from text: three slides, each an image, in its editor.
      await page.goto("/carousels");
      const form = page.getByRole("form", { name: "New carousel" });
      await expect(form).toContainText("50 left");
      await form.getByLabel("Source text").fill("A first day well spent. Connect your accounts. Publish one thing. Plan the next.");
      await form.getByLabel("Slides").fill("3");
      await form.getByRole("button", { name: "Generate" }).click();
      const card = page.getByTestId("carousel-card").first();
      await expect(card.getByTestId("carousel-status")).toHaveText("Completed", { timeout: 60_000 });
      await expect(form).toContainText("49 left");
      await audit(page, "carousels");
      await card.getByRole("link", { name: "Open editor" }).click();
      await expect(page).toHaveURL(/\/carousels\/[0-9a-f-]+\/edit$/);
      const slides = page.getByTestId("slide");
      await expect(slides).toHaveCount(3);
      for (const slide of await slides.all()) {
        const src = await slide.getByRole("img").getAttribute("src");
        const image = await page.request.get(src!);
        expect(image.status(), src!).toBe(200);
        expect(image.headers()["content-type"]).toContain("image/jpeg");
      }
      await audit(page, "carousel editor");

      // A local agent over stdio: the configuration names the service's DATA_DIR and, run as given, sees the four accounts.
      await page.goto("/connect-agent");
      await pageReady(page, "Connect an agent");
      await page.getByLabel("Key name").fill("Desktop agent");
      await page.getByRole("button", { name: "Create key" }).click();
      await expect(page.getByText("is filled into the configurations below")).toBeVisible();
      await page.getByRole("tablist", { name: "Client" }).getByRole("tab", { name: "Local (stdio)" }).click();
      const server = JSON.parse((await page.getByTestId("mcp-config").textContent()) ?? "").mcpServers.posteady;
      expect(server.env.DATA_DIR).toBe(path.resolve(process.env.DATA_DIR!));
      expect(server.env.POSTEADY_API_KEY).toMatch(/^pst_/);
      await audit(page, "connect an agent");
      const seen = await listAccountsOverStdio(server);
      expect(seen.map((a) => `${a.provider} @${a.username}`).sort()).toEqual(accounts.map(([, provider, username]) => `${provider} @${username}`).sort());

      expect(errors).toEqual([]);
    });
  });
}

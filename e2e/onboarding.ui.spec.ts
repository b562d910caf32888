// The first-run checklist on the landing page (issue 33 point 8): each step ticks itself from the
// workspace's data, links to where it is done, and the list disappears once all are done; a
// person can hide it, and it stays hidden (kept on the server).
import { expect, test, type Page } from "@playwright/test";
import { makeJpeg } from "../server/testing/media-fixtures.ts";
import { accountIds, createKeyInSettings, publishNow, restWith } from "./support/api-key";
import { connect, signUp } from "./support/dashboard";

const step = (page: Page, id: string) => page.locator(`[data-testid="onboarding-step"][data-step="${id}"]`);

test("the checklist ticks each step from real data and goes away when all are done", async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await signUp(page, "onboarding");
  const checklist = page.getByRole("region", { name: "Get started with Posteady" });
  await expect(checklist).toContainText("0 of 4 done");
  for (const id of ["connectAccount", "uploadMedia", "publishPost", "apiKeyOrAgent"]) await expect(step(page, id)).toHaveAttribute("data-done", "false");

  // Each step links to the page that does it.
  await step(page, "connectAccount").getByRole("link").click();
  await expect(page).toHaveURL(/\/accounts$/);
  await connect(page, "X", `x_${suffix}`);
  await page.goto("/compose");
  await expect(step(page, "connectAccount")).toHaveAttribute("data-done", "true");
  await expect(checklist).toContainText("1 of 4 done");

  await step(page, "uploadMedia").getByRole("link").click();
  await expect(page).toHaveURL(/\/media$/);
  await page
    .getByTestId("media-file-input")
    .setInputFiles([{ name: "cover.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({ width: 1080, height: 1350 }) }]);
  await expect(page.getByTestId("upload-row").filter({ hasText: "cover.jpg" })).toContainText("Added to the library", { timeout: 20_000 });

  await page.goto("/compose");
  await expect(step(page, "uploadMedia")).toHaveAttribute("data-done", "true");
  await expect(step(page, "apiKeyOrAgent").getByRole("link")).toHaveAttribute("href", "/connect-agent");
  const rest = restWith(request, await createKeyInSettings(page));
  await page.goto("/compose");
  await expect(step(page, "apiKeyOrAgent")).toHaveAttribute("data-done", "true");
  await expect(checklist).toContainText("3 of 4 done");

  await publishNow(rest, (await accountIds(rest))[`x_${suffix}`]!, `First post ${suffix}`);
  await page.goto("/compose");
  await expect(page.getByRole("heading", { level: 1, name: "Compose" })).toBeVisible();
  await expect(page.getByTestId("onboarding")).toHaveCount(0);
});

test("hiding the checklist is remembered on the server", async ({ page, browser, baseURL }) => {
  const email = await signUp(page, "onboarding-hide");
  await expect(page.getByTestId("onboarding")).toBeVisible();
  await page.getByRole("button", { name: "Hide checklist" }).click();
  await expect(page.getByTestId("onboarding")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Compose" })).toBeVisible();
  await expect(page.getByTestId("onboarding")).toHaveCount(0);

  // another browser (no shared storage), the same person: still hidden
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto("/sign-in");
  await second.getByLabel("Email").fill(email);
  await second.getByLabel("Password").fill("correct horse battery");
  await second.getByRole("button", { name: "Sign in" }).click();
  await expect(second).toHaveURL(/\/compose$/);
  await expect(second.getByRole("heading", { level: 1, name: "Compose" })).toBeVisible();
  await second.waitForLoadState("networkidle");
  await expect(second.getByTestId("onboarding")).toHaveCount(0);
  await other.close();
});

// The audit log page: an owner's changes appear with actor and door, the filters narrow them, and
// "Export CSV" downloads the filtered log.
import fs from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { pageReady, signUp } from "./support/dashboard";

test("an owner filters the audit log and downloads it as CSV", async ({ page }) => {
  const email = await signUp(page, "audit");
  await page.goto("/settings/general");
  await pageReady(page, "Settings");
  await page.getByLabel("Keep entries for (days)").fill("30");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByText("Kept now: 30 days.")).toBeVisible();
  await page.getByLabel("Name").first().fill("Audited workspace");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.").first()).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
  await pageReady(page, "Audit log");
  const rows = page.getByTestId("audit-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("workspaces.rename");
  await expect(rows.first()).toContainText(email);
  await expect(rows.first()).toContainText("Dashboard");

  await page.getByLabel("Action").fill("audit.");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("audit.setRetention");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const csv = await fs.readFile(file, "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe("at,actor,actorKind,actorId,door,action,resourceType,resourceId,address,details");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${email},user,`);
  expect(lines[1]).toContain(",dashboard,audit.setRetention,");
});

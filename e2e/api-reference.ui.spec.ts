// The dashboard's API reference (Scalar) keeps what people use it for: search, code samples (our
// SDK's call first), and the try-it client sending a real request with an API key to this
// installation; its theme follows ours.
import { expect, test } from "@playwright/test";
import { signUp } from "./support/dashboard";

test("search an operation, read its code samples, send it from the try-it client with an API key", async ({ page, request }) => {
  await signUp(page, "apiref");
  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill("Reference");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByTestId("new-api-key").inputValue();
  await page.getByRole("button", { name: "Done" }).click();
  const { workspaces } = await (await request.get("/api/v1/workspaces", { headers: { Authorization: `Bearer ${key}` } })).json();

  await page.goto("/api-reference");
  await page
    .getByRole("button", { name: /search/i })
    .first()
    .click();
  await page.getByRole("combobox", { name: "Enter search query" }).fill("List workspaces");
  await page
    .getByRole("option", { name: /List workspaces/ })
    .first()
    .click();
  const operation = page.locator('section[id$="/GET/api/v1/workspaces"]');
  await expect(operation.getByRole("heading", { name: "List workspaces" })).toBeInViewport();

  // our SDK's call first (x-codeSamples), then the reference's own samples
  await expect(operation.getByRole("group", { name: "Code sample: Posteady SDK" })).toContainText('posteady.GET("/api/v1/workspaces")');
  await operation.getByRole("button", { name: /^Change code sample language/ }).click();
  await page.getByRole("option", { name: /curl/i }).first().click();
  await expect(operation.locator("pre code").filter({ hasText: "curl" })).toContainText("/api/v1/workspaces");

  await operation.getByRole("button", { name: /test request/i }).click();
  const client = page.getByRole("dialog");
  await client
    .getByRole("button", { name: /Authentication/ })
    .first()
    .click();
  await client.getByLabel("Bearer Token").fill(key);
  await client.getByRole("button", { name: /^Send get request/ }).click();
  await expect(client.getByText("200 OK")).toBeVisible();
  await expect(client).toContainText(workspaces[0].workspaceId);
});

test("the reference follows the dashboard's theme switch", async ({ page }) => {
  await signUp(page, "apiref-theme");
  await page.goto("/api-reference");
  await expect(page.getByRole("heading", { name: "Posteady API" })).toBeVisible();
  await expect(page.locator("body")).toHaveClass(/\blight-mode\b/);
  await page.getByLabel("Theme").last().selectOption("dark");
  await expect(page.locator("body")).toHaveClass(/\bdark-mode\b/);
  await expect(page.getByRole("heading", { name: "Posteady API" })).toBeVisible();
});

// "Connect an agent": the endpoint, a key made on the spot and filled into ready-to-paste client
// configurations, and that configuration working against /api/mcp.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectedToolNames as tools } from "../server/testing/mcp-tool-names.ts";

test("shows the MCP endpoint, fills a new key into the client configurations, and the configuration works", async ({ page, request, baseURL }) => {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(`e2e-agent-${Date.now()}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/compose$/);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Connect an agent" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connect an agent" })).toBeVisible();
  const endpoint = `${baseURL}/api/mcp`;
  await expect(page.getByTestId("mcp-endpoint")).toHaveText(endpoint);
  await expect(page.getByTestId("mcp-tool").locator("dt code")).toHaveText(tools);

  // before a key exists the configurations hold a placeholder
  const config = page.getByTestId("mcp-config");
  await expect(config).toContainText(`claude mcp add --transport http posteady ${endpoint} --header "Authorization: Bearer <API_KEY>"`);

  await page.getByLabel("Key name").fill("My agent");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("is filled into the configurations below")).toBeVisible();
  const key = /Bearer (pst_[A-Za-z0-9_-]+)/.exec((await config.textContent()) ?? "")?.[1];
  expect(key).toMatch(/^pst_[A-Za-z0-9_-]{40}$/);

  const tabs = page.getByRole("tablist", { name: "Client" });
  await tabs.getByRole("tab", { name: "Cursor" }).click();
  await expect(tabs.getByRole("tab", { name: "Cursor" })).toHaveAttribute("aria-selected", "true");
  const cursor = JSON.parse((await config.textContent()) ?? "");
  expect(cursor).toEqual({ mcpServers: { posteady: { url: endpoint, headers: { Authorization: `Bearer ${key}` } } } });
  await page.getByRole("button", { name: "Copy the Cursor configuration" }).click();
  await expect(page.getByRole("button", { name: "Copied the Cursor configuration" })).toBeVisible();

  // arrow keys move between clients
  await tabs.getByRole("tab", { name: "Cursor" }).press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "VS Code" })).toBeFocused();
  expect(JSON.parse((await config.textContent()) ?? "").servers.posteady).toEqual({ type: "http", url: endpoint, headers: { Authorization: `Bearer ${key}` } });
  await tabs.getByRole("tab", { name: "Local (stdio)" }).click();
  expect(JSON.parse((await config.textContent()) ?? "").mcpServers.posteady).toMatchObject({
    command: "npm",
    args: expect.arrayContaining(["cli", "mcp"]),
    // the service's own data directory (global setup's DATA_DIR), so the stdio server finds its database
    env: { POSTEADY_API_KEY: key, DATA_DIR: path.resolve(process.env.DATA_DIR ?? ".data/test") },
  });

  // what the configuration says works: the endpoint, with that header, lists the tools
  const listed = await request.post(endpoint, {
    headers: {
      Authorization: cursor.mcpServers.posteady.headers.Authorization,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list" },
  });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).result.tools.map((t: { name: string }) => t.name)).toEqual(tools);
});

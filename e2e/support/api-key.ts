// A signed-in person's API key, made in Settings → API keys as they would, for tests that set up
// data through the REST API rather than through pages another test covers.
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export async function createKeyInSettings(page: Page, name = "Tests"): Promise<string> {
  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByTestId("new-api-key").inputValue();
  await page.getByRole("button", { name: "Done" }).click();
  return key;
}

export function restWith(request: APIRequestContext, key: string) {
  const headers = { Authorization: `Bearer ${key}` };
  return {
    get: async (path: string) => {
      const res = await request.get(path, { headers });
      return { status: res.status(), json: await res.json() };
    },
    post: async (path: string, data: unknown) => {
      const res = await request.post(path, { headers, data });
      const json = await res.json();
      expect(res.status(), JSON.stringify(json)).toBeLessThan(300);
      return json;
    },
  };
}

/** Account ids by username, from GET /api/v1/accounts. */
export async function accountIds(rest: ReturnType<typeof restWith>): Promise<Record<string, string>> {
  const { json } = await rest.get("/api/v1/accounts");
  return Object.fromEntries(json.accounts.map((a: { username: string; accountId: string }) => [a.username, a.accountId]));
}

/** Publishes a text post now to one account as a post group and waits until it is published. */
export async function publishNow(rest: ReturnType<typeof restWith>, accountId: string, text: string) {
  const group = await rest.post("/api/v1/post-groups", { requestId: crypto.randomUUID(), content: { text }, targets: [{ accountId }] });
  await expect.poll(async () => (await rest.get(`/api/v1/post-groups/${group.postGroupId}`)).json.status, { timeout: 30_000 }).toBe("published");
}

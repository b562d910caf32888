// A workspace with something on every page (an X account, a published and a scheduled post, a queued one, its
// synced metrics, an API key), made through the dashboard as a person would. Used by the
// accessibility spec and by `npm run screenshots`; plain Page calls, so it runs outside the test runner.
import type { Page } from "@playwright/test";

export async function seedWorkspace(page: Page, prefix: string): Promise<{ email: string; username: string }> {
  const suffix = Date.now().toString(36);
  const email = `${prefix}-${suffix}@example.test`;
  const username = `x_${suffix}`;
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/compose$/);

  await page.goto("/accounts");
  await page.getByRole("region", { name: "Connect an account" }).getByRole("button", { name: "X", exact: true }).click();
  await page.getByLabel("New profile username").fill(username);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.getByRole("status").filter({ hasText: "Connected" }).waitFor();

  await page.goto("/compose");
  await page.getByLabel(`X @${username}`).check();
  await page.getByLabel("Post", { exact: true }).fill("Three things I learned shipping a side project in public this month");
  await page.getByRole("button", { name: "Publish now" }).click();
  await page.getByTestId("publish-result").waitFor();

  await page.getByLabel(`X @${username}`).check();
  await page.getByLabel("Post", { exact: true }).fill("Tomorrow's thought, scheduled");
  await page.getByLabel("Schedule", { exact: true }).check();
  await page.getByLabel("Schedule date").fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel("Schedule time").fill("10:00");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await page.getByTestId("schedule-result").waitFor();

  // a queue: two weekly slots and a post waiting in one
  await page.goto("/queue");
  for (const day of ["Tuesday", "Thursday"]) {
    await page.getByLabel("Day", { exact: true }).selectOption({ label: day });
    await page.getByLabel("Time", { exact: true }).fill("09:30");
    await page.getByRole("button", { name: "Add slot" }).click();
  }
  await page.getByRole("button", { name: "Save schedule" }).click();
  await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
  await page.goto("/compose");
  await page.getByLabel(`X @${username}`).check();
  await page.getByLabel("Post", { exact: true }).fill("A tip that waits in the queue");
  await page.getByLabel("Add to queue").check();
  await page.getByRole("button", { name: "Add to queue", exact: true }).click();
  await page.getByTestId("queue-result").waitFor();

  await page.goto("/posts");
  await page.getByRole("button", { name: `Sync now @${username}` }).click();
  await page.getByTestId("post-row").first().waitFor({ timeout: 20_000 });

  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill("Automation");
  await page.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByTestId("api-key-row").waitFor();
  return { email, username };
}

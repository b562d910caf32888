// `npm run web`: one more web process of an installation, alone (no launcher, worker or sandbox),
// on the installation's database; it says where it listens, not where the first one does.
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { startWebProcess, type WebProcess } from "../testing/web-process.ts";

let web: WebProcess;
beforeAll(async () => {
  web = await startWebProcess({ PUBLIC_URL: inject("baseUrl") });
});
afterAll(() => web?.stop());

it("logs the address it listens on, and the public URL beside it", () => {
  const listening = web.log.map((line) => JSON.parse(line.startsWith("{") ? line : "{}")).find((l) => l.msg === "web server listening");
  expect(listening).toMatchObject({ url: web.url, publicUrl: inject("baseUrl") });
});

it("answers the API from the installation's database", async () => {
  const t = await createWorkspaceWithKey();
  const res = await fetch(`${web.url}/api/v1/workspaces`, { headers: { Authorization: `Bearer ${t.key}` } });
  expect(res.status).toBe(200);
  expect((await res.json()).workspaces.map((w: { workspaceId: string }) => w.workspaceId)).toEqual([t.workspace.id]);
});

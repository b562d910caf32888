// import_posts and get_import (issue 49, bulk import): the tool answers as POST /api/v1/imports
// and GET /api/v1/imports/{id} do, through the MCP door on the real stack.
import { describe, expect, it } from "vitest";
import { db } from "../db.ts";
import { scopeFromSession } from "../scope.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";
import { httpClient, ok, toolError } from "./test-client.ts";

const HEADER = "accounts,text,thread,media,firstComment,scheduledAt,queue,evergreen";
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function setup() {
  const t = await createWorkspaceWithKey();
  const username = `imp_${crypto.randomUUID().slice(0, 8)}`;
  await connectAccount(await scopeFromSession(t.user.id, t.workspace.id), "x", { username });
  return { ...t, username, call: api(t.key) };
}

type Call = ReturnType<typeof api>;
const importCsv = (call: Call, data: string, extra: Record<string, unknown> = {}) =>
  call("POST", "/api/v1/imports", { body: { requestId: crypto.randomUUID(), format: "csv", data, ...extra } });
const groupsOf = (workspaceId: string) => db.postGroup.count({ where: { workspaceId } });

async function waitForImport(call: Call, importId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call("GET", `/api/v1/imports/${importId}`);
    if (res.json.status === "completed" || res.json.status === "failed") return res.json;
    if (Date.now() > deadline) throw new Error(`import ${importId} still ${res.json.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("import_posts and get_import", () => {
  it("import_posts answers as the REST route does (dry run, 422 at rows[i], accepted import, replay), and get_import follows it", async () => {
    const t = await setup();
    const client = await httpClient(t.key);
    const bad = [HEADER, `x:${t.username},Fine,,,,${inDays(2)}T10:00:00Z,,`, `x:ghost,Not fine,,,,,,`].join("\n");
    const dry = await ok(client, "import_posts", { requestId: crypto.randomUUID(), format: "csv", data: bad, dryRun: true });
    const rest = await importCsv(t.call, bad, { dryRun: true });
    expect(dry).toEqual(rest.json);
    const refused = await toolError(client, "import_posts", { requestId: crypto.randomUUID(), format: "csv", data: bad });
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.details.issues.map((i: { path: string }) => i.path)).toEqual(["rows[1].accounts"]);
    expect(await groupsOf(t.workspace.id)).toBe(0);

    const body = { requestId: crypto.randomUUID(), format: "csv", data: bad.split("\n").slice(0, 2).join("\n") };
    const started = await ok(client, "import_posts", body);
    expect(started).toMatchObject({ importId: expect.any(String), outcome: "accepted", replay: false });
    expect(await ok(client, "import_posts", body)).toEqual({ importId: started.importId, outcome: "done", replay: true });
    await waitForImport(t.call, started.importId);
    const got = await ok(client, "get_import", { importId: started.importId });
    expect(got).toEqual((await t.call("GET", `/api/v1/imports/${started.importId}`)).json);
    expect(got).toMatchObject({ status: "completed", created: 1 });
  });
});

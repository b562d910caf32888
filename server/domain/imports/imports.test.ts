// Bulk import (issue 49 point 5) through the REST API on the real stack: the dry run's per-row
// answers, the whole import refused for one bad row (nothing created), a valid import made by the
// worker, requestId replays, media URLs imported through the media import, and a run that died
// mid-import resumed without a row made twice.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { servePages } from "../../testing/carousel-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { expectIssue } from "../../testing/post-group-fixtures.ts";
import { startReceiver, type Receiver } from "../../testing/webhook-receiver.ts";
import { runImport } from "./run-import.ts";

let site: Awaited<ReturnType<typeof servePages>>;
let receiver: Receiver;
let pngHits = 0;

beforeAll(async () => {
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  site = await servePages({
    "/photo.png": (res) => {
      pngHits++;
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length });
      res.end(png);
    },
    "/missing.png": { status: 404 },
  });
  receiver = await startReceiver("/import-hooks");
});
afterAll(async () => {
  await site.close();
  await receiver.close();
});

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const scope = await scopeFromSession(t.user.id, t.workspace.id);
  const username = `imp_${crypto.randomUUID().slice(0, 8)}`;
  const x = await connectAccount(scope, "x", { username });
  return { ...t, x, username, call: api(t.key) };
}

type Call = ReturnType<typeof api>;
const importCsv = (call: Call, data: string, extra: Record<string, unknown> = {}) =>
  call("POST", "/api/v1/imports", { body: { requestId: crypto.randomUUID(), format: "csv", data, ...extra } });

const HEADER = "accounts,text,thread,media,firstComment,scheduledAt,queue,evergreen";
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function waitForImport(call: Call, importId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call("GET", `/api/v1/imports/${importId}`);
    expect(res.status, res.text).toBe(200);
    if (res.json.status === "completed" || res.json.status === "failed") return res.json;
    if (Date.now() > deadline) throw new Error(`import ${importId} still ${res.json.status}: ${res.text}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const groupsOf = (workspaceId: string) => db.postGroup.count({ where: { workspaceId } });

describe("bulk import: dry run", () => {
  it("answers every row: valid rows with their targets (a thread split on ---), bad rows with their problems, and creates nothing", async () => {
    const t = await setup();
    const data = [
      HEADER,
      // 09:00 in Berlin, given without an offset: read in the import's timezone
      `x:${t.username},"Launch day","Part two\n---\nPart three",,,${inDays(3)} 09:00,,`,
      `x:nobody_here,Hello,,,,,,`,
      `${t.x.accountId},Tomorrow,,,,next tuesday at nine,,`,
      `x:${t.username},Too late,,,,2020-01-01T09:00:00Z,,`,
      `@${t.username},No provider,,,,,,`,
      `X:@${t.username.toUpperCase()},Case and at-sign aside,,,,,true,`,
      `x:${t.username},Evergreen unclear,,,,,,maybe`,
    ].join("\n");
    const res = await importCsv(t.call, data, { dryRun: true, timezone: "Europe/Berlin" });
    expect(res.status, res.text).toBe(200);
    const rows = res.json.rows as {
      row: number;
      valid: boolean;
      targets: { accountId: string; texts: { field: string; text: string }[] }[];
      errors: { path: string; message: string }[];
    }[];
    expect(res.json.valid).toBe(false);
    expect(rows.map((r) => r.valid)).toEqual([true, false, false, false, false, false, false]);

    expect(rows[0]!.targets[0]!.accountId).toBe(t.x.accountId);
    expect(rows[0]!.targets[0]!.texts.filter((x) => x.field.startsWith("posts[")).map((x) => x.text)).toEqual(["Launch day", "Part two", "Part three"]);
    expect(rows[1]!.errors).toEqual([{ path: "rows[1].accounts", message: "x:nobody_here is not a connected account of this workspace" }]);
    expect(rows[2]!.errors[0]).toMatchObject({ path: "rows[2].scheduledAt" });
    expect(rows[3]!.errors).toEqual([{ path: "rows[3].scheduledAt", message: "must be in the future" }]);
    expect(rows[4]!.errors[0]!.path).toBe("rows[4].accounts");
    expect(rows[4]!.errors[0]!.message).toMatch(/provider:username/);
    // the name resolves (case and @ aside) and the row is checked as the real call would: queued without slots
    expect(rows[5]!.errors).toHaveLength(1);
    expect(rows[5]!.errors[0]!.path).toBe("rows[5].accounts");
    expect(rows[5]!.errors[0]!.message).toMatch(/no posting slots/);
    expect(rows[6]!.errors).toEqual([{ path: "rows[6].evergreen", message: '"maybe" is neither true nor false' }]);

    expect(await groupsOf(t.workspace.id)).toBe(0);
    expect(await db.import.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });

  it("refuses more than 1,000 rows, and data that is not a table, with 422 naming data", async () => {
    const t = await setup();
    const many = [HEADER, ...Array.from({ length: 1001 }, (_, i) => `x:${t.username},Post ${i},,,,,,`)].join("\n");
    expectIssue(await importCsv(t.call, many, { dryRun: true }), "data", "too_many_rows");
    expectIssue(await importCsv(t.call, many), "data", "too_many_rows");
    expectIssue(await importCsv(t.call, "accounts,colour\nx:a,red"), "data", "unknown_column");
    expectIssue(
      await t.call("POST", "/api/v1/imports", { body: { requestId: crypto.randomUUID(), format: "json", data: "{not json" } }),
      "data",
      "invalid_json",
    );
    expect(await db.import.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });
});

describe("bulk import: the real import", () => {
  it("one bad row refuses the whole import with 422 naming rows[i], and nothing is created", async () => {
    const t = await setup();
    const data = [
      HEADER,
      `x:${t.username},Fine,,,,${inDays(2)}T10:00:00Z,,`,
      `x:ghost,Not fine,,,,,,`,
      `x:${t.username},Fine too,,,,${inDays(2)}T11:00:00Z,,`,
    ].join("\n");
    const res = await importCsv(t.call, data);
    expectIssue(res, "rows[1].accounts", "invalid_row");
    expect(res.json.error.details.issues).toHaveLength(1);
    expect(await groupsOf(t.workspace.id)).toBe(0);
    expect(await db.import.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });

  it("makes each row a post group in the worker; the same requestId never imports twice, and other data under it is a conflict", async () => {
    const t = await setup();
    const data = [
      HEADER,
      `x:${t.username},First,,,Comment one,${inDays(2)}T10:00:00Z,,`,
      `${t.x.accountId},Second,"Reply\n---\nAnother",,,${inDays(2)}T12:00:00+01:00,,`,
    ].join("\n");
    const requestId = crypto.randomUUID();
    const body = { requestId, format: "csv", data };
    const started = await t.call("POST", "/api/v1/imports", { body });
    expect(started.status, started.text).toBe(202);
    const done = await waitForImport(t.call, started.json.importId);
    expect(done).toMatchObject({ status: "completed", total: 2, created: 2, requestId });
    const ids = done.rows.map((r: { postGroupId: string }) => r.postGroupId);
    expect(new Set(ids).size).toBe(2);

    const second = await t.call("GET", `/api/v1/post-groups/${ids[1]}`);
    expect(second.json).toMatchObject({ status: "scheduled", scheduledAt: new Date(`${inDays(2)}T11:00:00Z`).toISOString() });
    const stored = await db.postGroup.findUniqueOrThrow({ where: { id: ids[1] } });
    expect(stored.content).toEqual({ text: "Second", thread: ["Reply", "Another"] });
    expect((await db.postGroup.findUniqueOrThrow({ where: { id: ids[0] } })).content).toEqual({ text: "First", firstComment: "Comment one" });

    // the same request again, also racing: the same import, nothing more created
    const replays = await Promise.all([1, 2, 3].map(() => t.call("POST", "/api/v1/imports", { body })));
    for (const r of replays) expect([r.status, r.json]).toEqual([202, { importId: started.json.importId }]);
    expect(await groupsOf(t.workspace.id)).toBe(2);
    expect(await db.import.count({ where: { workspaceId: t.workspace.id } })).toBe(1);

    const conflict = await t.call("POST", "/api/v1/imports", { body: { ...body, data: data.replace("First", "Changed") } });
    expect(conflict.status, conflict.text).toBe(409);
    expect(conflict.json.error).toMatchObject({ code: "REQUEST_CONFLICT", details: { importId: started.json.importId } });

    // another workspace does not see it
    const other = await createWorkspaceWithKey();
    expect((await api(other.key)("GET", `/api/v1/imports/${started.json.importId}`)).status).toBe(404);
  });

  it("imports a JSON array, resolving provider:username, an evergreen row as an evergreen group", async () => {
    const t = await setup();
    const rows = [
      { accounts: [`x:${t.username}`], text: "From JSON", thread: ["One", "Two"], scheduledAt: `${inDays(4)}T08:30` },
      { accounts: `x:${t.username}`, text: "Second from JSON", scheduledAt: `${inDays(4)}T09:30`, evergreen: true },
    ];
    const started = await t.call("POST", "/api/v1/imports", {
      body: { requestId: crypto.randomUUID(), format: "json", data: rows, timezone: "America/New_York" },
    });
    expect(started.status, started.text).toBe(202);
    const done = await waitForImport(t.call, started.json.importId);
    expect(done.status).toBe("completed");
    const group = await db.postGroup.findUniqueOrThrow({ where: { id: done.rows[0].postGroupId } });
    expect(group.content).toEqual({ text: "From JSON", thread: ["One", "Two"] });
    // 08:30 in New York
    const expected = new Date(`${inDays(4)}T08:30:00-05:00`);
    expect(Math.abs(group.scheduledAt!.getTime() - expected.getTime()) % 3_600_000).toBe(0); // -05:00 or -04:00 by date
    expect(group.targets).toEqual([expect.objectContaining({ accountId: t.x.accountId })]);
    expect(group.evergreen).toBe(false);
    expect((await db.postGroup.findUniqueOrThrow({ where: { id: done.rows[1].postGroupId } })).evergreen).toBe(true);
  });

  it("a media URL is imported into the library (once) and attached; a URL that does not import fails its row only", async () => {
    const t = await setup();
    const hitsBefore = pngHits;
    const data = [
      HEADER,
      `x:${t.username},With a photo,,${site.url("/photo.png")},,${inDays(2)}T10:00:00Z,,`,
      `x:${t.username},Broken photo,,${site.url("/missing.png")},,${inDays(2)}T11:00:00Z,,`,
    ].join("\n");
    const dry = await importCsv(t.call, data, { dryRun: true });
    expect(dry.json.valid, dry.text).toBe(true);
    expect(pngHits).toBe(hitsBefore); // a dry run fetches nothing

    const started = await importCsv(t.call, data);
    expect(started.status, started.text).toBe(202);
    const done = await waitForImport(t.call, started.json.importId);
    expect(done.status).toBe("failed");
    expect(done.created).toBe(1);
    expect(done.rows[1]).toMatchObject({ row: 1, postGroupId: null, error: { path: "rows[1].media" } });
    const group = await db.postGroup.findUniqueOrThrow({ where: { id: done.rows[0].postGroupId } });
    const media = (group.content as { media: { mediaId: string }[] }).media;
    expect(media).toHaveLength(1);
    const item = await db.mediaItem.findUniqueOrThrow({ where: { id: media[0]!.mediaId } });
    expect(item).toMatchObject({ status: "CONFIRMED", mimeType: "image/jpeg", width: 800, height: 600 });
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
    expect(pngHits - hitsBefore).toBe(1);
  });

  it("a run that died mid-import is resumed: rows whose groups were made are not made again", async () => {
    const t = await setup();
    const data = [HEADER, ...[1, 2, 3, 4].map((n) => `x:${t.username},Post ${n},,,,${inDays(2)}T1${n}:00:00Z,,`)].join("\n");
    const started = await importCsv(t.call, data);
    const done = await waitForImport(t.call, started.json.importId);
    expect(done.status).toBe("completed");
    const ids = done.rows.map((r: { postGroupId: string }) => r.postGroupId);

    // what a worker killed after making rows 1 to 3's groups but before recording them leaves:
    // processing, its lease lapsed, those rows without their group
    await db.importRow.updateMany({ where: { importId: started.json.importId, row: { gte: 1 } }, data: { postGroupId: null } });
    await db.import.update({
      where: { id: started.json.importId },
      data: { status: "processing", leaseExpiresAt: new Date(Date.now() - 1000), completedAt: null },
    });
    await runImport(started.json.importId);

    const resumed = await waitForImport(t.call, started.json.importId);
    expect(resumed.status).toBe("completed");
    expect(resumed.rows.map((r: { postGroupId: string }) => r.postGroupId)).toEqual(ids);
    expect(await groupsOf(t.workspace.id)).toBe(4);
  });
});

describe("bulk import: webhooks", () => {
  it("sends import.completed and import.failed webhooks carrying the import as GET shows it", async () => {
    const t = await setup();
    const hook = await t.call("POST", "/api/v1/webhooks", { body: { url: receiver.url, events: ["import.completed", "import.failed"] } });
    expect(hook.status, hook.text).toBe(201);
    receiver.useSecret(hook.json.secret);
    const good = await importCsv(t.call, [HEADER, `x:${t.username},Fine,,,,${inDays(2)}T10:00:00Z,,`].join("\n"));
    const failing = await importCsv(t.call, [HEADER, `x:${t.username},Broken photo,,${site.url("/missing.png")},,${inDays(2)}T11:00:00Z,,`].join("\n"));
    const done = await waitForImport(t.call, good.json.importId);
    await waitForImport(t.call, failing.json.importId);
    const deadline = Date.now() + 30_000;
    const of = (id: string) => receiver.received.find((r) => r.data?.importId === id);
    while ((!of(good.json.importId) || !of(failing.json.importId)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(of(good.json.importId)).toMatchObject({ type: "import.completed", verified: true, data: done });
    expect(of(failing.json.importId)).toMatchObject({ type: "import.failed", verified: true, data: { status: "failed", created: 0 } });
  });
});

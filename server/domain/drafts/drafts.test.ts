// Drafts over the REST API against the real database: save, list, read, replace, delete; another
// workspace's key never sees them; a malformed composition is the documented 422 envelope.
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";

const accountId = () => crypto.randomUUID();

describe("drafts", () => {
  it("saves, lists newest first, reads, replaces and deletes a draft", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(t.key);

    // an unfinished draft: no accounts, no text
    const empty = await call("POST", "/api/v1/drafts", { body: { composition: { content: { text: "" }, targets: [] } } });
    expect(empty.status, empty.text).toBe(201);
    expect(empty.json).toMatchObject({ composition: { content: { text: "" }, targets: [] }, scheduledAt: null, timezone: null });

    const composition = {
      content: { text: "Spring is coming https://acme.example/spring", thread: ["More soon"] },
      targets: [{ accountId: accountId() }, { accountId: accountId(), instagram: { contentType: "FEED" } }],
      scheduledAt: "2026-12-01T09:00:00+01:00",
      timezone: "Europe/Berlin",
    };
    const created = await call("POST", "/api/v1/drafts", { body: { composition } });
    expect(created.status, created.text).toBe(201);
    const id = created.json.draftId;
    expect(created.json).toMatchObject({ composition, scheduledAt: "2026-12-01T08:00:00.000Z", timezone: "Europe/Berlin" });
    // nothing is published or scheduled by a draft
    expect(await db.publishJob.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
    expect(await db.scheduledPost.count({ where: { workspaceId: t.workspace.id } })).toBe(0);

    const list = await call("GET", "/api/v1/drafts");
    expect(list.status, list.text).toBe(200);
    expect(list.json.drafts.map((d: { draftId: string }) => d.draftId)).toEqual([id, empty.json.draftId]);

    const read = await call("GET", `/api/v1/drafts/${id}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);

    const replaced = await call("PUT", `/api/v1/drafts/${empty.json.draftId}`, {
      body: { composition: { content: { text: "Now with words" }, targets: [{ accountId: accountId() }] } },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json.composition.content.text).toBe("Now with words");
    expect(replaced.json.scheduledAt).toBeNull();
    expect(Date.parse(replaced.json.updatedAt)).toBeGreaterThan(Date.parse(empty.json.updatedAt));
    const reordered = await call("GET", "/api/v1/drafts");
    expect(reordered.json.drafts[0].draftId).toBe(empty.json.draftId);

    const deleted = await call("DELETE", `/api/v1/drafts/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ deleted: 1 });
    expect((await call("GET", `/api/v1/drafts/${id}`)).status).toBe(404);
    expect((await call("DELETE", `/api/v1/drafts/${id}`)).json.error.code).toBe("NOT_FOUND");
  });

  it("keeps drafts within their workspace: another workspace's key gets 404 and an empty list", async () => {
    const owner = await createWorkspaceWithKey();
    const other = await createWorkspaceWithKey();
    const created = await api(owner.key)("POST", "/api/v1/drafts", { body: { composition: { content: { text: "Mine" }, targets: [] } } });
    const id = created.json.draftId;
    const call = api(other.key);
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { composition: { content: { text: "Taken over" }, targets: [] } }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(method, `/api/v1/drafts/${id}`, body ? { body } : {});
      expect(res.status, `${method}: ${res.text}`).toBe(404);
      expect(res.json.error.code).toBe("NOT_FOUND");
    }
    expect((await call("GET", "/api/v1/drafts")).json.drafts).toEqual([]);
    const still = await api(owner.key)("GET", `/api/v1/drafts/${id}`);
    expect(still.json.composition.content.text).toBe("Mine");
  });

  it("answers a malformed composition with the 422 envelope naming the fields, saving nothing", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(t.key);
    const cases: [unknown, string][] = [
      [{ composition: { content: { text: 5 }, targets: [] } }, "composition.content.text"],
      [{ composition: { content: { text: "x" }, targets: [{ accountId: "nope" }] } }, "composition.targets[0].accountId"],
      [{ composition: { content: { text: "x" }, targets: [], requestId: crypto.randomUUID() } }, "composition.requestId"],
      [{ composition: { content: { text: "x" }, targets: [], scheduledAt: "tomorrow" } }, "composition.scheduledAt"],
      [{ composition: { content: { text: "x" }, targets: Array.from({ length: 51 }, () => ({ accountId: accountId() })) } }, "composition.targets"],
      [{}, "composition"],
    ];
    for (const [body, path] of cases) {
      const res = await call("POST", "/api/v1/drafts", { body });
      expect(res.status, res.text).toBe(422);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
      expect(
        res.json.error.details.issues.map((i: { path: string }) => i.path),
        res.text,
      ).toContain(path);
    }
    expect(await db.draft.count({ where: { workspaceId: t.workspace.id } })).toBe(0);
  });
});

// The REST door reads a body as JSON only when its Content-Type says JSON: anything else is 415
// in the error envelope, and nothing is written.
import { describe, expect, inject, it } from "vitest";
import { db } from "../db.ts";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";

const reservation = JSON.stringify({ fileName: "a.jpg", contentType: "image/jpeg", mediaType: "IMAGE", fileSize: 1000 });

describe("the Content-Type of a JSON body", () => {
  it("answers 415 UNSUPPORTED_MEDIA_TYPE to text/plain, a form or no type, and accepts application/json with a charset", async () => {
    const t = await createWorkspaceWithKey();
    const call = api(t.key);
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded"]) {
      const res = await call("POST", "/api/v1/media/uploads", { rawBody: reservation, headers: { "Content-Type": type } });
      expect(res.status, type).toBe(415);
      expect(res.json, type).toEqual({ error: { code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringContaining(type.split(";")[0]!) } });
    }
    // bytes, so that fetch adds no type of its own
    const untyped = await fetch(`${inject("baseUrl")}/api/v1/media/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${t.key}` },
      body: new TextEncoder().encode(reservation),
    });
    expect(untyped.status).toBe(415);
    expect((await untyped.json()).error).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringContaining("no Content-Type") });
    expect(await db.mediaItem.count({ where: { workspaceId: t.workspace.id } })).toBe(0);

    // a missing body is still a validation error naming what is missing, as before
    expect((await call("POST", "/api/v1/media/uploads")).json.error.code).toBe("VALIDATION_ERROR");
    const json = await call("POST", "/api/v1/media/uploads", { rawBody: reservation, headers: { "Content-Type": "application/json; charset=utf-8" } });
    expect(json.status).toBe(201);
  });
});

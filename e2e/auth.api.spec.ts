// The API door as a client sees it: the error envelope without a key.
import { expect, test } from "@playwright/test";

test("without a key the API answers 401 in the error envelope; the OpenAPI document is public", async ({ request }) => {
  const res = await request.get("/api/v1/workspaces");
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ error: { code: "UNAUTHORIZED", message: expect.stringContaining("Authorization: Bearer") } });
  const doc = await request.get("/api/v1/openapi.json");
  expect(doc.status()).toBe(200);
  expect((await doc.json()).paths["/api/v1/workspaces"].get.operationId).toBe("listWorkspaces");
});

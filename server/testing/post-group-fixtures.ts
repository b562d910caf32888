// Post groups through the API as a client uses them: following a group to its end, and reading a
// refusal's issues.
import { expect } from "vitest";
import { api } from "./fixtures.ts";

/** The group once no target is processing or waiting for its time. */
export async function waitForGroup(key: string, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(key)("GET", `/api/v1/post-groups/${id}`);
    expect(res.status, res.text).toBe(200);
    if (!["processing", "scheduled"].includes(res.json.status)) return res.json;
    if (Date.now() > deadline) throw new Error(`group ${id} still ${res.json.status}: ${res.text}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A 422 VALIDATION_ERROR with an issue at `path` (and of `code`, when given). */
export function expectIssue(res: { status: number; json: any; text: string }, path: string, code?: string) {
  expect(res.status, res.text).toBe(422);
  expect(res.json.error.code).toBe("VALIDATION_ERROR");
  const issue = res.json.error.details.issues.find((i: { path: string }) => i.path === path);
  expect(issue, `no issue at ${path}: ${res.text}`).toBeDefined();
  if (code) expect(issue.code).toBe(code);
}

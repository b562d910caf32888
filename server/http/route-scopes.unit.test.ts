// Every REST operation and every MCP tool declares the scope an API key needs for it, and the
// scope fits where it lives: its area (from the path) and its direction (read for GET and
// read-only tools, write for everything else). A route added without one fails here.
import { describe, expect, it } from "vitest";
import { KEY_SCOPES, type KeyScope } from "../domain/api-keys/key-scopes.ts";
import { tools } from "../mcp/tools/index.ts";
import { routes } from "./routes.ts";

// The area of each top-level path segment of /api/v1. A new area is added here together with
// its scopes; a path outside this table fails until it is.
const areaOfSegment: Record<string, string> = {
  workspaces: "accounts",
  accounts: "accounts",
  "connect-links": "accounts",
  media: "media",
  posts: "posts",
  "scheduled-posts": "posts",
  "publish-jobs": "posts",
  reposts: "posts",
  "post-groups": "posts",
  approvals: "posts",
  "review-links": "posts",
  drafts: "posts",
  queue: "posts",
  imports: "posts",
  feeds: "posts",
  carousels: "carousels",
  webhooks: "webhooks",
  "audit-log": "audit",
};

// An account's posting slots decide when its posts publish (issue 49's queue): the posts scopes,
// as for the queue itself (accounts:write is for client connect links; connecting stays the dashboard's).
const areaOfPath: Record<string, string> = {
  "/api/v1/accounts/{id}/posting-schedule": "posts",
  "/api/v1/accounts/{id}/next-slot": "posts",
};

// Approving is its own scope (docs/teams.md): a key that writes posts does not approve them.
const scopeOfPath: Record<string, KeyScope> = {
  "POST /api/v1/post-groups/{id}/approve": "posts:approve",
  "POST /api/v1/post-groups/{id}/reject": "posts:approve",
  // a review link asks a client to decide: what deciding takes
  "POST /api/v1/review-links": "posts:approve",
  "DELETE /api/v1/review-links/{id}": "posts:approve",
};

const isKeyScope = (value: unknown): value is KeyScope => KEY_SCOPES.includes(value as KeyScope);

describe("scopes of the doors", () => {
  it("every REST operation with a key declares a known scope of its path's area, read only for GET and the dry runs (POST …/validate, which write nothing)", () => {
    for (const { op } of routes) {
      const name = `${op.method} ${op.path}`;
      if (op.auth === "none") {
        expect(op.scope, name).toBeNull();
        continue;
      }
      expect(isKeyScope(op.scope), `${name} declares no known scope (${String(op.scope)})`).toBe(true);
      const segment = op.path.split("/")[3]!;
      expect(areaOfSegment[segment], `${name}: /api/v1/${segment} has no area in this test's table`).toBeDefined();
      const reads = op.method === "GET" || (op.method === "POST" && op.path.endsWith("/validate"));
      expect(op.scope, name).toBe(scopeOfPath[name] ?? `${areaOfPath[op.path] ?? areaOfSegment[segment]}:${reads ? "read" : "write"}`);
    }
  });

  it("every MCP tool declares a known scope, read only for read-only tools", () => {
    for (const tool of tools) {
      expect(isKeyScope(tool.scope), `${tool.name} declares no known scope (${String(tool.scope)})`).toBe(true);
      if (tool.scope === "posts:approve") expect(tool.annotations.readOnlyHint, tool.name).toBe(false);
      else expect(tool.scope.endsWith(tool.annotations.readOnlyHint ? ":read" : ":write"), tool.name).toBe(true);
    }
  });

  it("every scope is needed by some operation and some tool", () => {
    const byRoutes = new Set(routes.map((r) => r.op.scope));
    expect(KEY_SCOPES.filter((s) => !byRoutes.has(s))).toEqual([]);
    const byTools = new Set(tools.map((t) => t.scope));
    expect(KEY_SCOPES.filter((s) => !byTools.has(s))).toEqual([]);
  });
});

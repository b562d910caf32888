// Every REST operation is an MCP tool (SPEC.md: "Every operation also exists as a named tool"),
// or docs/mcp-tools.md says why not. The doc's two tables are the declaration: each tool with
// its REST twins and scope, and each operation without a tool with its reason. A new operation
// or tool that is in neither fails here.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { routes } from "../http/routes.ts";
import { tools } from "./tools/index.ts";

const doc = fs.readFileSync("docs/mcp-tools.md", "utf8");
const rows = (header: string) => {
  const start = doc.indexOf(`| ${header} |`);
  expect(start, `docs/mcp-tools.md has no table headed "${header}"`).toBeGreaterThanOrEqual(0);
  const lines = doc.slice(start).split("\n");
  const end = lines.findIndex((l) => !l.startsWith("|"));
  return lines.slice(2, end).map((l) => l.split(" | ").map((cell) => cell.replace(/^\| ?| ?\|$/g, "")));
};
const operationsIn = (cell: string) => [...cell.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) [^`]+)`/g)].map((m) => m[1]!);
const restOperations = new Map(routes.map(({ op }) => [`${op.method} ${op.path}`, op]));

const toolRows = rows("tool").map(([name, twins, scope]) => ({
  name: name!.replaceAll("`", ""),
  twins: operationsIn(twins!),
  scope: scope!.replaceAll("`", ""),
}));
const withoutTool = rows("REST operation without a tool").map(([operation, why]) => ({ operation: operationsIn(operation!)[0], why: why! }));

describe("REST operations and MCP tools (docs/mcp-tools.md)", () => {
  it("the doc lists every tool, in tools/list's order, with the tool's scope", () => {
    expect(toolRows.map((r) => `${r.name} ${r.scope}`)).toEqual(tools.map((t) => `${t.name} ${t.scope}`));
  });

  it("each tool's REST twins are real operations of the same scope", () => {
    for (const row of toolRows) {
      expect(row.twins.length, `${row.name} names no REST twin`).toBeGreaterThan(0);
      for (const twin of row.twins) {
        expect(restOperations.has(twin), `${row.name}: ${twin} is not a REST operation`).toBe(true);
        expect(restOperations.get(twin)!.scope, `${row.name}: ${twin}`).toBe(row.scope);
      }
    }
  });

  it("every REST operation is a tool's twin, or listed without a tool with a reason", () => {
    const twins = new Set(toolRows.flatMap((r) => r.twins));
    for (const row of withoutTool) {
      expect(row.operation, `a row without an operation: ${JSON.stringify(row)}`).toBeDefined();
      expect(row.why.length, `${row.operation} gives no reason`).toBeGreaterThan(20);
      expect(twins.has(row.operation!), `${row.operation} has a tool and is listed without one`).toBe(false);
    }
    const explained = new Set(withoutTool.map((r) => r.operation));
    const orphans = [...restOperations.keys()].filter((op) => !twins.has(op) && !explained.has(op));
    expect(orphans, "REST operations with no tool and no reason in docs/mcp-tools.md").toEqual([]);
  });
});

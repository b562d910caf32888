// The web server's table of the methods Next.js answers must be the route files' own: a method a
// route file adds would otherwise be refused with 405 before Next sees it, and one it drops
// would reach Next and be answered outside the envelope.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { nextApiRoutes, nextMethods } from "./next-methods.ts";

const HTTP_METHODS = "GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS";

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(file) : entry.name === "route.ts" ? [file] : [];
  });
}

it("lists every API route file of the app, with exactly the methods it exports", () => {
  const found = routeFiles(path.join(process.cwd(), "app", "api")).map((file) => {
    const source = fs.readFileSync(file, "utf8");
    const methods = new Set<string>();
    for (const m of source.matchAll(new RegExp(`export\\s+(?:async\\s+)?(?:function|const)\\s+(${HTTP_METHODS})\\b`, "g"))) methods.add(m[1]!);
    for (const list of source.matchAll(/export\s*\{([^}]*)\}/g)) {
      for (const m of list[1]!.matchAll(new RegExp(`\\bas\\s+(${HTTP_METHODS})\\b`, "g"))) methods.add(m[1]!);
    }
    // the path's static part, up to its first dynamic segment
    const segments = path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep);
    const prefix = `/${segments
      .slice(
        0,
        segments.findIndex((s) => s.startsWith("[")),
      )
      .join("/")}/`;
    return { prefix, methods: [...methods].sort() };
  });
  expect(found.sort((a, b) => a.prefix.localeCompare(b.prefix))).toEqual(
    nextApiRoutes.map((r) => ({ prefix: r.prefix, methods: [...r.methods].sort() })).sort((a, b) => a.prefix.localeCompare(b.prefix)),
  );
});

it("gives pages GET, and no methods to a path under /api that no route answers", () => {
  expect(nextMethods("/calendar", false)).toEqual(["GET"]);
  expect(nextMethods("/_next/static/chunks/x.js", false)).toEqual(["GET"]);
  expect(nextMethods("/api/trpc/workspace.current", false)).toEqual(["GET", "POST"]);
  expect(nextMethods("/api/nothing", false)).toBeUndefined();
  expect(nextMethods("/api", false)).toBeUndefined();
});

// Matches a method and path against the route table: the handler and its path parameters
// (HEAD runs a GET route; Node leaves the body out), 405 (with Allow) for a known path with
// another method, 404 for anything else under /api/v1. The web server has refused paths with
// malformed percent-escapes before this, so the segments decode.
import { AppError } from "../errors.ts";
import type { HttpMethod } from "./operation.ts";
import { errorResponse, methodNotAllowed } from "./responses.ts";
import { routes, type Route } from "./routes.ts";

type Compiled = { route: Route; pattern: RegExp; names: string[] };

const compiled: Compiled[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.op.path
    .split("/")
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (!param) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
      names.push(param[1]!);
      return "([^/]+)";
    })
    .join("/");
  return { route, pattern: new RegExp(`^${source}/?$`), names };
});

export type Match = { handler: Route["handler"]; params: Record<string, string> } | { response: () => Response };

export function matchRoute(method: string, pathname: string): Match {
  const wanted = method === "HEAD" ? "GET" : method;
  const allowed: HttpMethod[] = [];
  for (const c of compiled) {
    const m = c.pattern.exec(pathname);
    if (!m) continue;
    if (c.route.op.method === wanted) {
      return { handler: c.route.handler, params: Object.fromEntries(c.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
    }
    allowed.push(c.route.op.method);
  }
  if (allowed.length > 0) return { response: () => methodNotAllowed(method, allowed) };
  return { response: () => errorResponse(new AppError("NOT_FOUND", `No endpoint ${method} ${pathname}`)) };
}

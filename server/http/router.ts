// Matches a method and path against the route table: the handler and its path parameters,
// 405 (with Allow) for a known path with another method, 404 for anything else under /api/v1.
import { AppError } from "../errors.ts";
import { decodePathSegment } from "./decode-path.ts";
import type { HttpMethod } from "./operation.ts";
import { errorResponse } from "./responses.ts";
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
  const allowed: HttpMethod[] = [];
  for (const c of compiled) {
    const m = c.pattern.exec(pathname);
    if (!m) continue;
    if (c.route.op.method === method) {
      try {
        const params = Object.fromEntries(c.names.map((n, i) => [n, decodePathSegment(m[i + 1]!)]));
        return { handler: c.route.handler, params };
      } catch (err) {
        return { response: () => errorResponse(err) };
      }
    }
    allowed.push(c.route.op.method);
  }
  if (allowed.length > 0) {
    const allow = allowed.join(", ");
    return {
      response: () => errorResponse(new AppError("METHOD_NOT_ALLOWED", `${method} is not supported here; use ${allow}`), new Headers({ Allow: allow })),
    };
  }
  return { response: () => errorResponse(new AppError("NOT_FOUND", `No endpoint ${method} ${pathname}`)) };
}

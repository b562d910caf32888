// GET /api/v1/openapi.json: public, built once per process from the route table's operations.
import type { RouteHandler } from "./handle.ts";
import type { Operation } from "./operation.ts";
import { buildOpenApiDocument } from "./openapi.ts";

export function openApiHandler(operations: () => Operation[]): RouteHandler {
  let document: string | undefined;
  return async () => {
    document ??= JSON.stringify(buildOpenApiDocument(operations()));
    return new Response(document, {
      status: 200,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" },
    });
  };
}

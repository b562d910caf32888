// GET /api/v1/openapi.json: public, built once per process from the operations.
import { env } from "../env.ts";
import { buildOpenApiDocument } from "./openapi.ts";

let document: string | undefined;

export async function openApiResponse(): Promise<Response> {
  document ??= JSON.stringify(buildOpenApiDocument(env().publicUrl));
  return new Response(document, {
    status: 200,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" },
  });
}


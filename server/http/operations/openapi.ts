import { z } from "zod";
import { defineOperation } from "../operation.ts";

export const openApiOp = defineOperation({
  operationId: "getOpenApiDocument",
  method: "GET",
  path: "/api/v1/openapi.json",
  tag: "Reference",
  scope: null,
  summary: "This document",
  description: "The OpenAPI 3.1 description of this API, generated from the schemas the server validates with. No key needed.",
  auth: "none",
  responses: { 200: { description: "The OpenAPI document", schema: z.record(z.string(), z.unknown()).meta({ id: "OpenApiDocument" }) } },
});

// The OpenAPI 3.1 document, generated from the very operation objects and zod schemas that
// handle() validates with. Nothing here is maintained by hand except prose.
import "zod-openapi";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import { errorTable, type ErrorCode } from "../errors.ts";
import { sdkCodeSample } from "./sdk-code-sample.ts";
import { errorEnvelopeSchema } from "./error-schema.ts";
import type { Operation } from "./operation.ts";
import { tags } from "./operations/tags.ts";

const rateLimitHeaders = {
  "X-RateLimit-Limit": { description: "Requests allowed per minute for this key (from the plan)", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Requests left in the current window", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Unix time (seconds) when the window resets", schema: { type: "integer" as const } },
};

const errorExamples: Partial<Record<ErrorCode, unknown>> = {
  UNAUTHORIZED: { error: { code: "UNAUTHORIZED", message: "Invalid API key" } },
  PLAN_REQUIRED: {
    error: {
      code: "PLAN_REQUIRED",
      message: "The API and API keys need the Creator plan or higher",
      details: { requiredPlan: "creator", currentPlan: "free" },
    },
  },
  VALIDATION_ERROR: {
    error: {
      code: "VALIDATION_ERROR",
      message: "limit: Too big: expected number to be <=100",
      details: { issues: [{ path: "limit", message: "Too big: expected number to be <=100", code: "too_big", location: "query" }] },
    },
  },
  RATE_LIMITED: {
    error: { code: "RATE_LIMITED", message: "Rate limit of 300 requests per minute exceeded; retry in 12 s", details: { limit: 300, retryAfterSeconds: 12 } },
  },
  FORBIDDEN: {
    error: {
      code: "FORBIDDEN",
      message: "This API key lacks the scope posts:write; create a key with it in Settings → API keys",
      details: { requiredScope: "posts:write", keyScopes: ["posts:read"] },
    },
  },
  NOT_FOUND: { error: { code: "NOT_FOUND", message: "Publish job not found" } },
  INTERNAL_ERROR: { error: { code: "INTERNAL_ERROR", message: "Unexpected server error (reference 4f0c…)" } },
};

function errorsOf(op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(op.errors ?? []);
  if (op.auth !== "none") ["UNAUTHORIZED", "PLAN_REQUIRED", "FORBIDDEN", "RATE_LIMITED"].forEach((c) => codes.add(c as ErrorCode));
  codes.add("VALIDATION_ERROR"); // unknown query parameters are refused everywhere
  if (op.body) ["INVALID_JSON", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"].forEach((c) => codes.add(c as ErrorCode));
  if (op.params) codes.add("NOT_FOUND");
  codes.add("INTERNAL_ERROR");
  return [...codes];
}

function errorResponses(op: Operation) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(op)) {
    const status = errorTable[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const examples = Object.fromEntries(
      codes.map((code) => [code, { summary: errorTable[code].title, value: errorExamples[code] ?? { error: { code, message: errorTable[code].title } } }]),
    );
    out[String(status)] = {
      description: codes.map((c) => `\`${c}\`: ${errorTable[c].title}`).join("; "),
      headers:
        status === 429 ? { "Retry-After": { description: "Seconds until the window resets", schema: { type: "integer" } }, ...rateLimitHeaders } : undefined,
      content: { "application/json": { schema: errorEnvelopeSchema, examples } },
    };
  }
  return out;
}

function toOpenApi(op: Operation): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, r] of Object.entries(op.responses)) {
    responses[status] = {
      description: r.description,
      headers: op.auth === "none" ? undefined : rateLimitHeaders,
      content: { "application/json": { schema: r.schema, ...(r.example !== undefined ? { example: r.example } : {}) } },
    };
  }
  Object.assign(responses, errorResponses(op));
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    // OpenAPI 3.1 lets a bearer scheme list the roles it needs: here, the key's scope
    security: op.scope ? [{ apiKey: [op.scope] }] : [],
    requestParams: { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}) },
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: op.body,
                ...(op.bodyExample !== undefined ? { example: op.bodyExample } : {}),
                ...(op.bodyExamples ? { examples: op.bodyExamples } : {}),
              },
            },
          },
        }
      : {}),
    responses: responses as ZodOpenApiResponsesObject,
    "x-codeSamples": [sdkCodeSample(op)],
  };
}

export function buildOpenApiDocument(operations: Operation[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: toOpenApi(op) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Posteady API",
      version: "1.0.0",
      description:
        'Publish, schedule and read social posts on connected accounts through one workspace-scoped key.\n\nEvery request is authenticated by an API key sent as `Authorization: Bearer <API_KEY>`. The key is bound to one workspace, which every request uses. The API needs the Creator plan or higher. A key holds scopes (every one unless narrowed when it was created); each operation names the one it needs under `security`, and a key without it is answered 403 `FORBIDDEN` naming the scope. Every non-2xx answer uses the envelope `{ "error": { "code", "message", "details" } }`.',
      license: { name: "MIT", identifier: "MIT" },
    },
    // Relative: the document describes the installation that serves it, wherever it is hosted.
    servers: [{ url: "/", description: "This installation" }],
    tags: tags.map((t) => ({ ...t })),
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "A workspace API key (pst_…), created in Settings → API keys or with `npm run cli -- keys create`",
        },
      },
    },
    paths,
  });
}

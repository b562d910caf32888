// Request → validated { params, query, body } for an operation. Any failure is a 4xx AppError.
import { ZodError, type z } from "zod";
import { AppError, toAppError } from "../errors.ts";
import { assertStorableText } from "../storable-text.ts";
import type { Operation } from "./operation.ts";

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export async function parseInput(op: Operation, request: Request, rawParams: Record<string, string>) {
  const url = new URL(request.url);
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const prev = query[key];
    // A repeated parameter becomes an array, which the scalar schemas reject by name.
    query[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  assertStorableText(query, "query");
  const body = op.body ? await readJson(request) : undefined;
  assertStorableText(body, "body");
  return {
    params: op.params ? validate(op.params, rawParams, "path") : undefined,
    query: op.query ? validate(op.query, query, "query") : assertNoQuery(query),
    body: op.body ? validate(op.body, body, "body") : undefined,
  };
}

function validate(schema: z.ZodType, value: unknown, location: "body" | "query" | "path") {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (location === "path") throw new AppError("NOT_FOUND", "No such resource (malformed id)");
  throw toAppError(new ZodError(result.error.issues), location);
}

function assertNoQuery(query: Record<string, unknown>): undefined {
  const keys = Object.keys(query);
  if (keys.length > 0) {
    throw new AppError("VALIDATION_ERROR", `${keys[0]}: Unknown query parameter`, {
      issues: keys.map((k) => ({ path: k, message: "Unknown query parameter", code: "unrecognized_key", location: "query" })),
    });
  }
  return undefined;
}

async function readJson(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BODY_BYTES) throw tooLarge();
  if (!request.body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_JSON_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  assertJsonMediaType(request.headers.get("content-type"));
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new AppError("INVALID_JSON", `The request body is not valid JSON: ${(err as Error).message}`);
  }
}

// application/json (any parameters, e.g. charset) or a structured syntax suffix: application/*+json
const jsonMediaType = /^application\/(?:[\w!#$&^.+-]+\+)?json$/i;

/** A body is read as JSON only when it says it is JSON (a form or text/plain post is not). */
function assertJsonMediaType(contentType: string | null): void {
  const mediaType = (contentType ?? "").split(";")[0]!.trim();
  if (jsonMediaType.test(mediaType)) return;
  throw new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `Send the body as JSON with Content-Type: application/json (${mediaType ? `got ${mediaType}` : "no Content-Type was sent"})`,
  );
}

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `JSON bodies are limited to ${MAX_JSON_BODY_BYTES} bytes`);

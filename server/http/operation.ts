// An API operation: its HTTP shape and the zod schemas that validate its input and shape its
// output. handle() enforces these schemas and openapi.ts documents the very same objects.
import type { z } from "zod";
import type { KeyScope } from "../domain/api-keys/key-scopes.ts";
import type { ErrorCode } from "../errors.ts";
import type { TagName } from "./operations/tags.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type SuccessResponse = { description: string; schema: z.ZodType; example?: unknown };

export type Operation = {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path, e.g. /api/v1/publish-jobs/{id} */
  path: string;
  tag: TagName;
  summary: string;
  description?: string;
  /** "apiKey" (default): bearer key, plan and rate limit; "none": public document routes */
  auth?: "apiKey" | "none";
  /**
   * The scope an API key needs for this operation (docs/api-guide.md, "Scopes"); null only for
   * `auth: "none"`. Required, so no route can forget it (routes-scopes.test.ts checks every one).
   */
  scope: KeyScope | null;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyExample?: unknown;
  /** several named request examples (one per mode, say), instead of bodyExample */
  bodyExamples?: Record<string, { summary: string; value: unknown }>;
  /** success responses by status; the first is the default status of a plain return value */
  responses: Record<number, SuccessResponse>;
  /** errors this operation can answer besides the common ones (401, 403 plan, 422, 429, 500) */
  errors?: ErrorCode[];
  /**
   * false for a POST that writes nothing (the dry runs): handle() records every other successful
   * non-GET call in the audit log (docs/audit-log.md).
   */
  audited?: false;
};

export function defineOperation<const Op extends Operation>(op: Op): Op {
  return op;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type OperationInput<Op extends Operation> = {
  params: Out<Op["params"]>;
  query: Out<Op["query"]>;
  body: Out<Op["body"]>;
};

/** A handler's answer with an explicit status (for operations with several success statuses). */
export type Reply<Op extends Operation> = {
  [S in keyof Op["responses"] & number]: { status: S; body: z.input<Op["responses"][S]["schema"]> };
}[keyof Op["responses"] & number];

export type DefaultBody<Op extends Operation> = z.input<Op["responses"][keyof Op["responses"] & number]["schema"]>;

export function reply<const S extends number, B>(status: S, body: B): { status: S; body: B; __reply: true } {
  return { status, body, __reply: true };
}

export function isReply(value: unknown): value is { status: number; body: unknown; __reply: true } {
  return typeof value === "object" && value !== null && (value as { __reply?: unknown }).__reply === true;
}

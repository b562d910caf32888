import { ZodError } from "zod";
import { isDatabaseUnavailable } from "./db-unavailable.ts";
import { log } from "./log.ts";
import { zodIssues, type IssueLocation } from "./validation-issues.ts";

// The one error table. Domain code throws AppError(code, ...); every door (REST, tRPC, MCP)
// maps the code through this table and nowhere else.
export const errorTable = {
  MALFORMED_REQUEST: { status: 400, trpc: "BAD_REQUEST", title: "The request is not valid HTTP" },
  INVALID_JSON: { status: 400, trpc: "BAD_REQUEST", title: "The request body is not valid JSON" },
  OAUTH_STATE_INVALID: { status: 400, trpc: "BAD_REQUEST", title: "The connection attempt is unknown, expired or already used" },
  CONNECTION_DENIED: { status: 400, trpc: "BAD_REQUEST", title: "Access was not granted on the platform" },
  UNAUTHORIZED: { status: 401, trpc: "UNAUTHORIZED", title: "Missing, malformed, unknown, revoked or expired API key" },
  INSUFFICIENT_CREDITS: { status: 402, trpc: "PAYMENT_REQUIRED", title: "Not enough carousel credits" },
  PLAN_REQUIRED: { status: 403, trpc: "FORBIDDEN", title: "The workspace's plan does not include this feature" },
  FORBIDDEN: { status: 403, trpc: "FORBIDDEN", title: "Not permitted for this caller or account" },
  STORAGE_QUOTA_EXCEEDED: { status: 403, trpc: "FORBIDDEN", title: "The organization's media storage quota is used up" },
  NOT_FOUND: { status: 404, trpc: "NOT_FOUND", title: "No such resource in this workspace" },
  METHOD_NOT_ALLOWED: { status: 405, trpc: "METHOD_NOT_SUPPORTED", title: "The path does not support this method" },
  CONFLICT: { status: 409, trpc: "CONFLICT", title: "The request conflicts with the current state" },
  REQUEST_CONFLICT: { status: 409, trpc: "CONFLICT", title: "The requestId was used with different input" },
  POST_NOT_CANCELLABLE: { status: 409, trpc: "CONFLICT", title: "Publishing or upload has already started" },
  UPLOAD_INCOMPLETE: { status: 409, trpc: "CONFLICT", title: "No complete upload was found for this reservation" },
  REQUEST_TIMEOUT: { status: 408, trpc: "TIMEOUT", title: "The request did not arrive in time" },
  UPLOAD_EXPIRED: { status: 410, trpc: "PRECONDITION_FAILED", title: "The upload reservation has expired" },
  LINK_GONE: { status: 410, trpc: "PRECONDITION_FAILED", title: "The link has expired, was revoked or was already used" },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE", title: "The request body is too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE", title: "The request body's Content-Type is not JSON" },
  VALIDATION_ERROR: { status: 422, trpc: "UNPROCESSABLE_CONTENT", title: "The input is invalid" },
  REPOST_NOT_SUPPORTED: { status: 422, trpc: "UNPROCESSABLE_CONTENT", title: "The account's platform has no repost operation" },
  HEADERS_TOO_LARGE: { status: 431, trpc: "BAD_REQUEST", title: "The request's headers are too large" },
  RATE_LIMITED: { status: 429, trpc: "TOO_MANY_REQUESTS", title: "Too many requests for this API key" },
  INTERNAL_ERROR: { status: 500, trpc: "INTERNAL_SERVER_ERROR", title: "Unexpected server error" },
  JOB_NOT_SUCCESSFUL: { status: 502, trpc: "BAD_GATEWAY", title: "The replayed media job ended without success" },
  PLATFORM_ERROR: { status: 502, trpc: "BAD_GATEWAY", title: "The platform refused or failed the request" },
  CONNECTION_FAILED: { status: 502, trpc: "BAD_GATEWAY", title: "The platform could not complete the connection" },
  SERVICE_UNAVAILABLE: { status: 503, trpc: "SERVICE_UNAVAILABLE", title: "The operation is not available right now" },
} as const;

export type ErrorCode = keyof typeof errorTable;

/** What a 503 for an unreachable database asks the client to wait: a restart takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const errorCodes = Object.keys(errorTable) as ErrorCode[];

export type FieldIssue = { path: string; message: string; code?: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, details?: unknown, headers?: Record<string, string>) {
    super(message ?? errorTable[code].title);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return errorTable[this.code].status;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** 422 naming one field, for rules checked after schema validation. */
export function fieldError(path: string, message: string, code = "invalid"): AppError {
  return new AppError("VALIDATION_ERROR", `${path}: ${message}`, { issues: [{ path, message, code, location: "body" }] });
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);

/** Any thrown value as an AppError: zod errors become VALIDATION_ERROR, the unknown INTERNAL_ERROR (logged, never echoed). */
export function toAppError(err: unknown, location: IssueLocation = "body"): AppError {
  if (isAppError(err)) return err;
  if (err instanceof ZodError) {
    const issues = zodIssues(err, location);
    const first = issues[0];
    const message = first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : "Invalid input";
    return new AppError("VALIDATION_ERROR", message, { issues });
  }
  if (isDatabaseUnavailable(err)) {
    log.warn("database unreachable; answering 503", { error: err instanceof Error ? err.message.split("\n").pop() : String(err) });
    return new AppError("SERVICE_UNAVAILABLE", "The database is unreachable right now; retry in a few seconds", undefined, {
      "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  const reference = crypto.randomUUID();
  log.error("unhandled error", { reference, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  return new AppError("INTERNAL_ERROR", `Unexpected server error (reference ${reference})`);
}

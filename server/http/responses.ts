// JSON responses and the error envelope { "error": { "code", "message", "details" } }.
import { errorTable, toAppError } from "../errors.ts";

export function json(body: unknown, status = 200, headers?: Headers): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "no-store");
  return new Response(status === 204 ? null : JSON.stringify(body, bigintSafe), { status, headers: h });
}

function bigintSafe(_key: string, value: unknown) {
  return typeof value === "bigint" ? Number(value) : value;
}

export function errorResponse(err: unknown, headers?: Headers): Response {
  const appError = toAppError(err);
  const h = new Headers(headers);
  for (const [name, value] of Object.entries(appError.headers ?? {})) h.set(name, value);
  const error: Record<string, unknown> = { code: appError.code, message: appError.message };
  if (appError.details !== undefined) error.details = appError.details;
  return json({ error }, errorTable[appError.code].status, h);
}

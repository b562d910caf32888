// JSON responses and the error envelope { "error": { "code", "message", "details" } }.
import { AppError, errorTable, toAppError } from "../errors.ts";

// The serialized text of each JSON response, so the web server can write it in one go instead
// of reading the Response's stream back (measured at ~90 µs per response).
const serialized = new WeakMap<Response, string>();

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
  const text = status === 204 ? null : stringify(body);
  const response = new Response(text, { status, headers: h });
  if (text !== null) serialized.set(response, text);
  return response;
}

/** The body of a response made by json(), without reading its stream. */
export function serializedBody(response: Response): string | undefined {
  return serialized.get(response);
}

/**
 * JSON with bigints (byte counts from the database) as numbers. A replacer slows every
 * stringify down severalfold (measured at 13% of a 100-post answer's CPU), so it is used only
 * for the bodies that hold a bigint, which make JSON.stringify throw.
 */
function stringify(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return JSON.stringify(body, (_key, value: unknown) => (typeof value === "bigint" ? Number(value) : value));
  }
}

export function errorResponse(err: unknown, headers?: Headers): Response {
  const appError = toAppError(err);
  const h = new Headers(headers);
  for (const [name, value] of Object.entries(appError.headers ?? {})) h.set(name, value);
  const error: Record<string, unknown> = { code: appError.code, message: appError.message };
  if (appError.details !== undefined) error.details = appError.details;
  return json({ error }, errorTable[appError.code].status, h);
}

/**
 * 405 for a path that takes other methods, with the `Allow` header listing them; HEAD is named
 * wherever GET is, since the web server answers HEAD as GET without a body.
 */
export function methodNotAllowed(method: string, allowed: readonly string[]): Response {
  const allow = allowed.flatMap((m) => (m === "GET" && !allowed.includes("HEAD") ? ["GET", "HEAD"] : [m])).join(", ");
  return errorResponse(new AppError("METHOD_NOT_ALLOWED", `${method} is not supported here; use ${allow}`), new Headers({ Allow: allow }));
}

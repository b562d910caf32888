// Replays the request/response examples of a platform's official documentation (JSON fixtures
// under server/platforms/<platform>/doc-fixtures/) against the sandbox, and serves the documented
// answers to the adapter from a small local server. Used where no maintained client exists.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FieldType = "string" | "number" | "boolean" | "array" | "object" | "null";

export type DocExample = {
  name: string;
  page: string;
  request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    form?: Record<string, string>;
    multipart?: Record<string, string>;
    json?: unknown;
    body?: string;
  };
  response: { status: number; body?: unknown; fields?: Record<string, FieldType>; optional?: string[] };
  /** placeholder → path in this example's answer, for the examples after it */
  captures?: Record<string, string>;
  /** repeat the request until the answer has these values (the docs poll a status) */
  pollUntil?: Record<string, unknown>;
};

export function loadExamples(file: URL): DocExample[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { examples: DocExample[] }).examples;
}

/** Every placeholder (a key of `vars`) replaced in the strings of `value`; a string that is one placeholder takes its value's type. */
export function substitute<T>(value: T, vars: Record<string, string | number>): T {
  if (typeof value === "string") {
    if (value in vars) return vars[value] as T;
    let out: string = value;
    for (const [key, v] of Object.entries(vars)) out = out.split(key).join(String(v));
    return out as T;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)])) as T;
  return value;
}

const typeOf = (v: unknown): FieldType => (v === null ? "null" : Array.isArray(v) ? "array" : (typeof v as FieldType));

/** Field path → type of every field of a documented body; array items as path[]. */
export function shapeOf(body: unknown, prefix = ""): Record<string, FieldType> {
  const out: Record<string, FieldType> = {};
  if (Array.isArray(body)) {
    for (const item of body.slice(0, 1)) Object.assign(out, shapeOf(item, `${prefix}[]`));
    return out;
  }
  if (body && typeof body === "object") {
    for (const [k, v] of Object.entries(body)) {
      const path = prefix ? `${prefix}.${k}` : k;
      out[path] = typeOf(v);
      Object.assign(out, shapeOf(v, path));
    }
  }
  return out;
}

/** The values at a path (path[] fans out over array items). */
function valuesAt(body: unknown, path: string): unknown[] {
  let current: unknown[] = [body];
  for (const part of path.split(".")) {
    const many = part.endsWith("[]");
    const key = many ? part.slice(0, -2) : part;
    current = current.flatMap((v) => {
      const next = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
      return many ? (Array.isArray(next) ? next : [undefined]) : [next];
    });
  }
  return current;
}

export const valueAt = (body: unknown, path: string) => valuesAt(body, path)[0];

/** Where an answer departs from the documented shape: missing fields and fields of another type. */
export function shapeProblems(doc: DocExample["response"], actual: unknown): string[] {
  const expected = doc.fields ?? shapeOf(doc.body);
  const problems: string[] = [];
  for (const [path, type] of Object.entries(expected)) {
    for (const value of valuesAt(actual, path)) {
      if (value === undefined) {
        if (!doc.optional?.some((o) => path === o || path.startsWith(`${o}.`) || path.startsWith(`${o}[]`)))
          problems.push(`${path}: missing (documented ${type})`);
      } else if (typeOf(value) !== type) problems.push(`${path}: ${typeOf(value)}, documented ${type}`);
    }
  }
  return problems;
}

/** Sends a documented request (placeholders already substituted) to `url`. */
export async function send(req: DocExample["request"], url: string, body?: Uint8Array): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...req.headers };
  let payload: string | Uint8Array | FormData | undefined;
  if (req.multipart) {
    payload = new FormData();
    for (const [k, v] of Object.entries(req.multipart)) payload.append(k, v);
  } else if (req.form) {
    payload = new URLSearchParams(req.form).toString();
    headers["Content-Type"] ??= "application/x-www-form-urlencoded";
  } else if (req.json !== undefined) {
    payload = JSON.stringify(req.json);
    headers["Content-Type"] ??= "application/json";
  } else if (body) payload = body;
  const res = await fetch(url, { method: req.method, headers, body: payload as BodyInit | undefined });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: parsed };
}

export type Received = { method: string; path: string; query: Record<string, string>; headers: http.IncomingHttpHeaders; body: string };

/**
 * A local server answering with the documented responses: a request matches an example with the
 * same method and path (placeholders, and /me/ before an edge, match any segment) and, when the example names `fields`, the
 * same fields. Anything else is a 404. Every request is recorded.
 */
export async function serveDocumented(examples: DocExample[]): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const routes = examples
    .filter((e) => e.response.body !== undefined)
    .map((e) => {
      const url = new URL(e.request.url.replace(/[<{]+[^>}/]+[>}]+/g, (m) => `__${m.replace(/\W/g, "")}__`));
      // A placeholder matches any segment, and so does "me": Graph's name for the token's own user.
      const pattern = new RegExp(`^${url.pathname.replace(/__\w+__/g, "[^/]+").replace(/\/me(?=\/)/g, "/[^/]+")}$`);
      return { method: e.request.method, pattern, fields: url.searchParams.get("fields"), example: e };
    });
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://local");
    received.push({
      method: req.method!,
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    const route = routes.find(
      (r) => r.method === req.method && r.pattern.test(decodeURIComponent(url.pathname)) && (r.fields === null || r.fields === url.searchParams.get("fields")),
    );
    if (!route) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "no documented example for this request" } }));
      return;
    }
    res.writeHead(route.example.response.status, { "content-type": "application/json" }).end(JSON.stringify(route.example.response.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

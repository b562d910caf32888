// One operation's fuzz cases as a fast-check arbitrary: a request that is valid by the
// document, then (in most cases) one thing about it broken: a body field, the body as a whole,
// the content type, a query parameter, a path segment, the method or the key.
import fc from "fast-check";
import { deepJson, hostileString, hugeString, malformedSegment, outOfRange, percentEncode, RawJson, wrongType } from "./hostile-values.ts";
import type { DocOperation, JsonSchema, Resolver } from "./openapi-doc.ts";
import { exampleArbitrary, schemaArbitrary, type IdPools } from "./schema-arbitrary.ts";

export type FuzzCase = {
  operationId: string;
  /** what was broken, e.g. "valid", "body:wrong-type", "path:malformed" */
  kind: string;
  method: string;
  /** raw request target, query included, exactly as sent */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** sent from another client address: unknown keys are throttled per address (10 minutes) */
  fromOtherAddress?: boolean;
};

export type AuthVariant = { kind: string; header?: string };

type Parts = { params: Record<string, string>; query: [string, string][]; body: unknown };
type Location = { path: (string | number)[]; schema: JsonSchema; value: unknown };

const MAX_JSON_BODY = 1024 * 1024;

export function operationCases(op: DocOperation, resolve: Resolver, pools: IdPools, apiKey: string): fc.Arbitrary<FuzzCase> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const params = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, schemaArbitrary(p.schema, resolve, pools, pathPoolName(op.path, p.name, pools)).map(String)])),
  );
  // query values are kept percent-encoded, as they go on the wire
  const query = fc
    .tuple(
      ...queryParams.map((p) => {
        const pair = schemaArbitrary(p.schema, resolve, pools, p.name).map((v): [string, string][] => [[p.name, percentEncode(String(v))]]);
        return p.required ? pair : fc.option(pair, { nil: [] });
      }),
    )
    .map((pairs) => pairs.flat());
  const bodySchema = op.body;
  const fromExamples =
    bodySchema && op.bodyExamples.length > 0 ? [fc.constantFrom(...op.bodyExamples).chain((ex) => exampleArbitrary(ex, bodySchema, resolve, pools))] : [];
  const body = bodySchema ? fc.oneof(schemaArbitrary(bodySchema, resolve, pools), ...fromExamples) : fc.constant(undefined);
  const valid: fc.Arbitrary<Parts> = fc.record({ params, query, body });

  const goodAuth: AuthVariant = { kind: "key", header: `Bearer ${apiKey}` };
  const build = (
    kind: string,
    parts: Parts,
    extra: Partial<Omit<FuzzCase, "operationId" | "kind">> & { auth?: AuthVariant; rawBody?: Buffer; contentType?: string | null } = {},
  ): FuzzCase => {
    const headers: Record<string, string> = {};
    const auth = extra.auth ?? goodAuth;
    if (auth.header !== undefined) headers.Authorization = auth.header;
    let bytes = extra.rawBody;
    if (bytes === undefined && op.body && parts.body !== undefined) bytes = Buffer.from(serialize(parts.body), "utf8");
    const contentType = extra.contentType === undefined ? (op.body ? "application/json" : null) : extra.contentType;
    if (contentType !== null && bytes !== undefined) headers["Content-Type"] = contentType;
    return {
      operationId: op.operationId,
      kind,
      method: extra.method ?? op.method,
      path: extra.path ?? buildPath(op.path, parts.params, parts.query),
      headers: { ...headers, ...extra.headers },
      body: bytes,
      ...(auth !== goodAuth ? { fromOtherAddress: true } : {}),
    };
  };

  const mutations: fc.WeightedArbitrary<FuzzCase>[] = [];
  // weights relative to valid cases' 4 (fast-check wants integers: halves are doubled)
  const add = (weight: number, arbitrary: fc.Arbitrary<FuzzCase>) => mutations.push({ weight: Math.round(weight * 2), arbitrary });
  add(
    4,
    valid.map((p) => build("valid", p)),
  );

  // The key: none, malformed or unknown (the rest of the request valid).
  add(
    1,
    fc.tuple(valid, badAuth).map(([p, auth]) => build(`auth:${auth.kind}`, p, { auth })),
  );
  // Another method on the operation's path: TRACE and CONNECT (which undici's Request refuses, and
  // Node hands to "connect" listeners only), WebDAV's, and "FOO", no HTTP method at all.
  add(
    1,
    fc
      .tuple(
        valid,
        fc
          .constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE", "CONNECT", "PROPFIND", "PURGE", "SEARCH", "QUERY", "FOO")
          .filter((m) => m !== op.method),
      )
      .map(([p, method]) => build(`method:${method === "FOO" ? "unknown" : "other"}`, p, { method })),
  );
  // The path's shape: extra or doubled slashes, an extra or broken segment, case.
  add(
    1,
    fc
      .tuple(valid, fc.constantFrom("trailing-slash", "double-slash", "extra-segment", "malformed-tail", "upper-case", "dot-segments", "matrix"))
      .chain(([p, shape]) =>
        malformedSegment.map((segment) => {
          const path = buildPath(op.path, p.params, []);
          const shaped = {
            "trailing-slash": path + "//",
            "double-slash": path.replace("/api/v1/", "/api/v1//"),
            "extra-segment": path + "/" + segment,
            "malformed-tail": path + segment,
            "upper-case": path.toUpperCase(),
            "dot-segments": path.replace("/api/v1/", "/api/v1/../v1/./"),
            matrix: path + ";jsessionid=" + segment,
          }[shape];
          return build(`path:${shape}`, p, { path: shaped + queryString(p.query) });
        }),
      ),
  );
  if (pathParams.length > 0) {
    add(
      3,
      fc.tuple(valid, fc.constantFrom(...pathParams.map((p) => p.name)), malformedSegment).map(([p, name, segment]) => {
        return build("path:malformed-param", p, { path: buildPath(op.path, p.params, p.query, { [name]: segment }) });
      }),
    );
  }
  // Query parameters: unknown, repeated, of the wrong type, out of range, hostile, undecodable.
  add(
    queryParams.length > 0 ? 3 : 0.5,
    fc
      .tuple(valid, fc.constantFrom(...(queryParams.length > 0 ? queryParams.map((p) => p.name) : ["limit"])), queryMutation(queryParams.length > 0))
      .chain(([p, name, mutation]) => {
        const schema = queryParams.find((q) => q.name === name)?.schema ?? {};
        return mutation.value(schema).map((value) => {
          const others = p.query.filter(([k]) => k !== name);
          const pairs: [string, string][] =
            mutation.kind === "repeated"
              ? [...p.query, [name, value], [name, value]]
              : mutation.kind === "unknown"
                ? [...p.query, [value || "x", "1"]]
                : [...others, [name, value]];
          const raw = mutation.kind === "undecodable" ? queryString(others) + (others.length ? "&" : "?") + `${name}=${value}` : undefined;
          return build(`query:${mutation.kind}`, p, { path: raw !== undefined ? buildPath(op.path, p.params, []) + raw : buildPath(op.path, p.params, pairs) });
        });
      }),
  );
  if (bodySchema) {
    const located = (choose: (locs: Location[]) => Location[]): fc.Arbitrary<{ p: Parts; loc: Location | undefined }> =>
      valid.chain((p) => {
        const locs = choose(locations(p.body, bodySchema, resolve));
        return locs.length > 0 ? fc.constantFrom(...locs).map((loc) => ({ p, loc: loc as Location | undefined })) : fc.constant({ p, loc: undefined });
      });
    const fieldMutation = (kind: string, weight: number, choose: (locs: Location[]) => Location[], value: (loc: Location) => fc.Arbitrary<unknown>) =>
      add(
        weight,
        located(choose).chain(({ p, loc }) =>
          loc ? value(loc).map((v) => build(`body:${kind}`, { ...p, body: setAt(p.body, loc.path, v) })) : fc.constant(build(`body:${kind}`, p)),
        ),
      );
    const scalars = (locs: Location[]) => locs.filter((l) => l.path.length > 0);
    const strings = (locs: Location[]) => locs.filter((l) => l.path.length > 0 && resolve(l.schema).type === "string");
    const objects = (locs: Location[]) => locs.filter((l) => resolve(l.schema).type === "object" && l.value && typeof l.value === "object");
    fieldMutation("wrong-type", 2, scalars, (loc) => wrongType(resolve(loc.schema)));
    fieldMutation("out-of-range", 2, scalars, (loc) => outOfRange(resolve(loc.schema)));
    fieldMutation(
      "hostile-string",
      3,
      (locs) => (strings(locs).length ? strings(locs) : scalars(locs)),
      () => hostileString,
    );
    fieldMutation(
      "huge-string",
      1,
      (locs) => (strings(locs).length ? strings(locs) : scalars(locs)),
      () => hugeString,
    );
    fieldMutation("null-field", 1, scalars, () => fc.constant(null));
    fieldMutation("deep-nesting", 1, scalars, () => deepJson.filter((raw) => raw.text.length < 50_000));
    fieldMutation(
      "array-for-object",
      1,
      (locs) => objects(locs).filter((l) => l.path.length > 0),
      (loc) => fc.constantFrom([loc.value], [], "x", 5),
    );
    add(
      2,
      located(objects).chain(({ p, loc }) => {
        if (!loc) return fc.constant(build("body:missing-required", p));
        const required = resolve(loc.schema).required ?? [];
        return (required.length ? fc.constantFrom(...required) : fc.constant("")).map((key) =>
          build("body:missing-required", { ...p, body: setAt(p.body, [...loc.path, key], undefined) }),
        );
      }),
    );
    add(
      1,
      located(objects).chain(({ p, loc }) =>
        fc
          .tuple(fc.constantFrom("extra", "__proto__", "constructor", ""), fc.jsonValue({ maxDepth: 2 }))
          .map(([key, v]) => build("body:extra-property", { ...p, body: setAt(p.body, [...(loc?.path ?? []), key], v) })),
      ),
    );
    add(
      1,
      fc
        .tuple(
          valid,
          fc.oneof(
            deepJson,
            fc.constantFrom(new RawJson("[]"), new RawJson("null"), new RawJson("5"), new RawJson('"x"'), new RawJson("true"), new RawJson("[{}]")),
          ),
        )
        .map(([p, raw]) => build("body:not-an-object", { ...p, body: raw })),
    );
    add(
      1,
      valid.map((p) => build("body:empty", p, { rawBody: Buffer.alloc(0), contentType: "application/json" })),
    );
    add(
      2,
      fc
        .tuple(valid, fc.constantFrom("truncate", "trailing", "single-quotes", "comment", "bom", "garbage", "invalid-utf8", "nul-byte", "utf16"))
        .map(([p, how]) => {
          const text = serialize(p.body);
          const raw = {
            truncate: Buffer.from(text.slice(0, Math.max(1, Math.floor(text.length / 2)))),
            trailing: Buffer.from(text + ",}"),
            "single-quotes": Buffer.from(text.replaceAll('"', "'")),
            comment: Buffer.from("/* x */" + text),
            bom: Buffer.from("\ufeff" + text),
            garbage: Buffer.from(text + "garbage"),
            "invalid-utf8": Buffer.concat([Buffer.from(text.slice(0, -1)), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from(text.slice(-1))]),
            "nul-byte": Buffer.from(text.slice(0, 1) + "\u0000" + text.slice(1)),
            utf16: Buffer.from(text, "utf16le"),
          }[how];
          return build(`body:invalid-json:${how}`, p, { rawBody: raw });
        }),
    );
    add(
      0.3,
      valid.map((p) => build("body:oversized", p, { rawBody: Buffer.from(JSON.stringify({ ...(p.body as object), pad: "x".repeat(MAX_JSON_BODY) })) })),
    );
    add(
      1.5,
      fc
        .tuple(
          valid,
          fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/xml",
            "application/json; charset=utf-16",
            "application/jsonx",
            "*/*",
            null,
          ),
        )
        .map(([p, contentType]) => build(`content-type:${contentType ?? "none"}`, p, { contentType })),
    );
  } else {
    // A body where none belongs is ignored or refused, never fatal.
    add(
      0.5,
      fc
        .tuple(valid, fc.constantFrom('{"a":1}', "not json", "\u0000"))
        .map(([p, text]) => build("body:unexpected", p, { rawBody: Buffer.from(text), contentType: "application/json" })),
    );
  }
  return fc.oneof(...mutations.filter((m) => m.weight > 0));
}

const badAuth: fc.Arbitrary<AuthVariant> = fc.oneof(
  fc.constant({ kind: "none" }),
  fc
    .constantFrom("Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer pst_x", "Bearer not-a-key", "Token abc", `Bearer ${"A".repeat(8000)}`)
    .map((header) => ({ kind: "malformed", header })),
  fc.stringMatching(/^[A-Za-z0-9_-]{40}$/).map((k) => ({ kind: "unknown", header: `Bearer pst_${k}` })),
);

type QueryMutation = { kind: string; value: (schema: JsonSchema) => fc.Arbitrary<string> };

function queryMutation(hasQuery: boolean): fc.Arbitrary<QueryMutation> {
  const all: QueryMutation[] = [
    { kind: "unknown", value: () => fc.constantFrom("unknown", "__proto__", "constructor", "limit[]", "a.b", "%00") },
    { kind: "wrong-type", value: (s) => wrongType(s).map((v) => percentEncode(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))) },
    {
      kind: "out-of-range",
      value: (s) => outOfRange(s).map((v) => percentEncode(v instanceof RawJson ? v.text : typeof v === "string" ? v : JSON.stringify(v))),
    },
    { kind: "hostile", value: () => hostileString.filter((v) => v.length < 4_000).map(percentEncode) },
    { kind: "repeated", value: () => fc.constantFrom("1", "x") },
    { kind: "empty", value: () => fc.constant("") },
    { kind: "undecodable", value: () => fc.constantFrom("%ZZ", "%", "%E0%A4%A", "%00", "%ED%A0%80", "%FF", "a+b%2", "%C0%AF") },
  ];
  return fc.constantFrom(...(hasQuery ? all : all.slice(0, 1)));
}

/** The pool an {id} path parameter draws from: /publish-jobs/{id} → jobId or publishJobId, else any id. */
function pathPoolName(path: string, name: string, pools: IdPools): string {
  const segments = path.split("/");
  const resource = segments[segments.indexOf(`{${name}}`) - 1] ?? "";
  const words = resource.replace(/s$/, "").split("-");
  const candidates = [words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join("") + "Id", words.at(-1) + "Id"];
  return candidates.find((c) => pools.has(c)) ?? name;
}

/** `raw` parameters go in as they are (already escaped, or deliberately not). */
function buildPath(template: string, params: Record<string, string>, query: [string, string][], raw: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => raw[name] ?? percentEncode(params[name] ?? "")) + queryString(query);
}

function queryString(pairs: [string, string][]): string {
  return pairs.length === 0 ? "" : "?" + pairs.map(([k, v]) => `${k}=${v}`).join("&");
}

/** Every position in a generated body, with the schema that describes it. */
function locations(value: unknown, schema: JsonSchema, resolve: Resolver, path: (string | number)[] = []): Location[] {
  const s = resolve(schema);
  const here: Location = { path, schema: s, value };
  if (Array.isArray(value)) return [here, ...value.flatMap((v, i) => locations(v, s.items ?? {}, resolve, [...path, i]))];
  if (value && typeof value === "object" && !(value instanceof RawJson)) {
    return [here, ...Object.entries(value).flatMap(([k, v]) => locations(v, s.properties?.[k] ?? {}, resolve, [...path, k]))];
  }
  return [here];
}

/** A copy of `root` with the value at `path` replaced (undefined removes it). */
function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : root && typeof root === "object" ? { ...root } : {}) as Record<string | number, unknown>;
  const next = setAt(copy[head!], rest, value);
  if (next === undefined) delete copy[head!];
  else Object.defineProperty(copy, head!, { value: next, enumerable: true, writable: true, configurable: true }); // "__proto__" as a plain key
  return copy;
}

/** JSON text of a body, with RawJson parts spliced in as they are. */
export function serialize(value: unknown): string {
  const raws: RawJson[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return v;
  });
  if (text === undefined) return "";
  return raws.length === 0 ? text : text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!.text);
}

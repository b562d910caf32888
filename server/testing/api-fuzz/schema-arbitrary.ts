// JSON Schema → fast-check arbitrary of values that satisfy it (or nearly: patterns and
// formats are honoured, cross-field rules are not). Ids are drawn mostly from what the
// service answered before (pools by property name), so requests reach the domain instead of
// stopping at "not found"; idempotency keys come from a small fixed set, which bounds how
// many carousels and media jobs a run can create.
import fc from "fast-check";
import type { JsonSchema, Resolver } from "./openapi-doc.ts";

export type IdPools = Map<string, string[]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every uuid in an answer, by the name of the property that held it ("*" holds them all). */
export function harvestIds(value: unknown, pools: IdPools, key = "*"): void {
  if (typeof value === "string") {
    if (!UUID.test(value)) return;
    for (const name of new Set([poolName(key), "*"])) {
      const pool = pools.get(name) ?? [];
      if (!pool.includes(value) && pool.length < 50) pools.set(name, [...pool, value]);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) harvestIds(item, pools, key);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) harvestIds(v, pools, k);
  }
}

/** accountIds → accountId, so array items share their singular's pool */
const poolName = (key: string) => key.replace(/Ids$/, "Id");

function uuidArbitrary(name: string, pools: IdPools): fc.Arbitrary<string> {
  const own = pools.get(poolName(name)) ?? [];
  const any = pools.get("*") ?? [];
  const options: fc.WeightedArbitrary<string>[] = [{ weight: 1, arbitrary: fc.uuid({ version: 4 }) }];
  if (own.length > 0) options.push({ weight: name === "requestId" ? 19 : 8, arbitrary: fc.constantFrom(...own) });
  if (any.length > 0) options.push({ weight: 1, arbitrary: fc.constantFrom(...any) });
  return fc.oneof(...options);
}

function dateTimeArbitrary(): fc.Arbitrary<string> {
  const now = Date.now();
  const minute = 60_000;
  return fc
    .oneof(
      fc.integer({ min: 2 * minute, max: 30 * 24 * 60 * minute }).map((ms) => now + ms), // the near future: accepted
      fc.integer({ min: minute, max: 5 * 365 * 24 * 60 * minute }).map((ms) => now - ms), // the past: refused
      fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31) }),
    )
    .chain((ms) =>
      fc.constantFrom("Z", "+00:00", "+05:30", "-08:00").map((zone) => {
        const iso = new Date(ms).toISOString();
        return zone === "Z" ? iso : iso.replace("Z", zone);
      }),
    );
}

const text = (min: number, max: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max, unit: "grapheme" }) },
    { weight: 1, arbitrary: fc.lorem({ maxCount: 8 }).filter((s) => s.length >= min && s.length <= max) },
  );

export function schemaArbitrary(schema: JsonSchema, resolve: Resolver, pools: IdPools, name = ""): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => schemaArbitrary(v, resolve, pools, name)));
  if (s.allOf) return schemaArbitrary(Object.assign({}, ...s.allOf.map(resolve)), resolve, pools, name);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string": {
      if (s.format === "uuid") return uuidArbitrary(name, pools);
      if (s.format === "date-time") return dateTimeArbitrary();
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
      const min = s.minLength ?? 0;
      return text(min, Math.min(s.maxLength ?? 60, Math.max(min, 60)));
    }
    case "integer":
    case "number": {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (type === "integer" ? 1 : 1e-6) : -1000);
      const max = Math.min(s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 10_000), Number.MAX_SAFE_INTEGER);
      return type === "integer" ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = s.minItems ?? 0;
      return fc.array(schemaArbitrary(s.items ?? {}, resolve, pools, name), { minLength, maxLength: Math.min(s.maxItems ?? minLength + 1, minLength + 1) });
    }
    case "object": {
      const properties = s.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) record[key] = schemaArbitrary(child, resolve, pools, key);
      const required = (s.required ?? []).filter((k) => k in properties);
      const optional = Object.keys(properties).filter((k) => !required.includes(k));
      // Few optional properties at a time: bodies with several modes at once are refused before
      // the domain does anything interesting with them.
      const chosen = fc.oneof(
        fc.constant([]),
        fc.subarray(optional, { maxLength: Math.min(1, optional.length) }),
        fc.subarray(optional, { maxLength: Math.min(2, optional.length) }),
        fc.subarray(optional),
      );
      return chosen.chain((keys) => fc.record(Object.fromEntries([...required, ...keys].map((k) => [k, record[k]!]))));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A documented example with its ids and times drawn afresh: ids from the pools (an example's
 * TikTok body meets each account in turn, and fits the TikTok one), times in the near future.
 */
export function exampleArbitrary(example: unknown, schema: JsonSchema, resolve: Resolver, pools: IdPools, name = ""): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (Array.isArray(example)) return fc.tuple(...example.map((item) => exampleArbitrary(item, s.items ?? {}, resolve, pools, name)));
  if (example && typeof example === "object") {
    return fc.record(Object.fromEntries(Object.entries(example).map(([k, v]) => [k, exampleArbitrary(v, s.properties?.[k] ?? {}, resolve, pools, k)])));
  }
  if (typeof example === "string" && s.format === "uuid") {
    const own = pools.get(poolName(name)) ?? [];
    return own.length > 0 ? fc.constantFrom(...own) : uuidArbitrary(name, pools);
  }
  if (typeof example === "string" && s.format === "date-time") {
    return fc.integer({ min: 10, max: 30 * 24 * 60 }).map((minutes) => new Date(Date.now() + minutes * 60_000).toISOString());
  }
  return fc.constant(example);
}

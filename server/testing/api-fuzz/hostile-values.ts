// What an attacker or a broken client sends in place of a value: hostile strings, values of the
// wrong type, numbers just outside a range, path segments that do not decode, raw JSON texts.
import fc from "fast-check";
import type { JsonSchema } from "./openapi-doc.ts";

/** A JSON text to splice into a body as is (JSON.stringify cannot write 1e400 or a bare NaN). */
export class RawJson {
  constructor(readonly text: string) {}
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

const specialStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "😀\u200d🔥",
  "\u202egnp.exe",
  "\ufeffBOM",
  "\u2028\u2029",
  "\r\n\t",
  "\x7f\x1b[31m",
  "\uffff\ufffe",
  "İstanbul ǅ ß ﬁ",
  "%00",
  "%ZZ",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${jndi:ldap://127.0.0.1/a}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "http://127.0.0.1/",
  "http://[::127.0.0.1]/",
  "file:///etc/passwd",
];

/** Strings with NUL, lone surrogates, control and bidi characters, injections; sometimes huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...specialStrings) },
  {
    weight: 3,
    arbitrary: fc.string({ maxLength: 40, unit: fc.oneof(fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), loneSurrogate, fc.constant("\u0000")) }),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom("A", "é", "😀", "\u0000", "\ud800")).map(([n, c]) => c.repeat(n)),
  },
);

export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 5_000, max: 400_000 }), fc.constantFrom("a", "é", "😀", " "))
  .map(([n, c]) => c.repeat(n));

const specialNumbers = [-0, -1, 0.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 53) - 2, Number.MIN_VALUE];
const rawNumbers = ["1e400", "-1e400", "NaN", "Infinity", "0x10", "1.0e", "01", "-", "+1", "1_000"];

/** A value of some JSON type other than the schema's. */
export function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.oneof(fc.string({ maxLength: 10 }), fc.constant("")),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...specialNumbers)),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  };
  const others = Object.entries(all)
    .filter(([t]) => t !== type && !(t === "number" && type === "integer"))
    .map(([, arb]) => arb);
  return fc.oneof(...others);
}

/** Numbers and lengths just past the schema's bounds, non-integers for integers, raw non-JSON numbers. */
export function outOfRange(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: unknown[] = [];
  if (schema.minimum !== undefined) options.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.exclusiveMinimum !== undefined) options.push(schema.exclusiveMinimum, schema.exclusiveMinimum - 1e-9);
  if (schema.maximum !== undefined) options.push(schema.maximum + 1, schema.maximum + 0.5, schema.maximum * 1000);
  if (schema.type === "integer") options.push(1.5, 2 ** 53 + 2);
  if (schema.minLength !== undefined && schema.minLength > 0) options.push("x".repeat(schema.minLength - 1));
  if (schema.maxLength !== undefined) options.push("x".repeat(schema.maxLength + 1));
  if (schema.minItems !== undefined && schema.minItems > 0) options.push([]);
  if (schema.maxItems !== undefined) options.push(Array.from({ length: schema.maxItems + 1 }, () => "x"));
  if (schema.enum)
    options.push(
      "NOT_IN_ENUM",
      String(schema.enum[0]).toLowerCase() === schema.enum[0] ? String(schema.enum[0]).toUpperCase() : String(schema.enum[0]).toLowerCase(),
    );
  if (schema.format === "date-time")
    options.push("2026-13-45T99:99:99Z", "2026-01-01", "2026-01-01T10:00:00", "yesterday", "0000-00-00T00:00:00Z", "+275760-09-13T00:00:00.001Z");
  if (schema.format === "uuid")
    options.push("not-a-uuid", "00000000-0000-0000-0000-00000000000", "{6f1c2a8e-4b7d-4e43-9a55-0d2b7e9c1f00}", "6F1C2A8E-4B7D-4E43-9A55-0D2B7E9C1F00");
  for (const raw of rawNumbers) options.push(new RawJson(raw));
  return fc.constantFrom(...options);
}

/** JSON nested thousands of levels deep, as a raw text. */
export const deepJson: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(100, 1_000, 10_000, 100_000), fc.constantFrom("array", "object"))
  .map(([depth, kind]) => new RawJson(kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth)));

/** Path segments that a router must refuse without throwing. */
export const malformedSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%ZZ",
    "%",
    "%E0%A4%A",
    "%00",
    "a%00b",
    "%ED%A0%80", // a lone surrogate, UTF-8-encoded: decodeURIComponent refuses it
    "%C0%AF", // an overlong '/'
    "%FF",
    "..",
    ".",
    "%2e%2e",
    "%2F",
    "a%2Fb",
    "%20",
    "null",
    "-1",
    "0",
    "6F1C2A8E-4B7D-4E43-9A55-0D2B7E9C1F00",
    "{6f1c2a8e-4b7d-4e43-9a55-0d2b7e9c1f00}",
    "6f1c2a8e-4b7d-4e43-9a55-0d2b7e9c1f00;x=1",
    "%u0041",
    "%%",
    "%25ZZ",
  ),
  fc.integer({ min: 100, max: 8_000 }).map((n) => "a".repeat(n)),
  fc.string({ minLength: 1, maxLength: 12, unit: "grapheme" }).map((s) => encodeURIComponent(s)),
  fc.constantFrom("ü", "日本", "😀", "\u00e9").map((s) => rawUtf8(s)),
);

/** A string whose UTF-16 units are the UTF-8 bytes of `s`: node:http writes it as latin1, so the raw bytes go out unescaped. */
export function rawUtf8(s: string): string {
  return Buffer.from(s, "utf8").toString("latin1");
}

/** Percent-encoding that, unlike encodeURIComponent, also writes lone surrogates (as their WTF-8 bytes). */
export function percentEncode(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = s.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => "%" + b.toString(16).toUpperCase()).join("");
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
}

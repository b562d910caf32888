// zod → the JSON Schema a tool advertises. The schemas carry OpenAPI ids (`.meta({ id })`), which
// zod turns into `$ref`s; MCP wants an inline object schema at the root (an output schema of
// `{ "$ref": … }` is refused by the protocol's own types) and many clients do not resolve refs,
// so every ref is inlined. No `$schema`: MCP's default dialect (2020-12) applies, and clients
// whose validator only knows draft-07 (the SDK's Ajv) still compile it.
import { z } from "zod";

type JsonObject = { [key: string]: unknown };
export type ObjectJsonSchema = JsonObject & { type: "object" };

export function toolJsonSchema(schema: z.ZodType, io: "input" | "output"): ObjectJsonSchema {
  const { $schema: _dialect, $defs, ...root } = z.toJSONSchema(schema, { target: "draft-2020-12", io }) as JsonObject;
  const inlined = inline(root, ($defs ?? {}) as Record<string, unknown>, []) as JsonObject;
  if (inlined.type !== "object") throw new Error(`A tool ${io} schema must be a JSON object schema, got type ${String(inlined.type)}`);
  return inlined as ObjectJsonSchema;
}

function inline(node: unknown, defs: Record<string, unknown>, seen: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, defs, seen));
  if (typeof node !== "object" || node === null) return node;
  const { $ref, ...rest } = node as JsonObject;
  let out: JsonObject = {};
  if (typeof $ref === "string") {
    const name = /^#\/\$defs\/(.+)$/.exec($ref)?.[1];
    if (!name || !(name in defs)) throw new Error(`Unresolvable $ref ${$ref}`);
    if (seen.includes(name)) throw new Error(`Recursive schema ${name} cannot be inlined`);
    out = inline(defs[name], defs, [...seen, name]) as JsonObject;
  }
  // Keywords beside the ref (a description, a default) refine the referenced schema.
  for (const [key, value] of Object.entries(rest)) out[key] = inline(value, defs, seen);
  // zod spells each format out as a long regex too; the format says it, in far fewer of an
  // agent's tokens (the tool list is a quarter smaller without them).
  if (typeof out.format === "string" && typeof out.pattern === "string") delete out.pattern;
  return out;
}

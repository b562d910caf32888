// The TypeScript SDK's call for an operation, shown among the API reference's code samples
// (OpenAPI `x-codeSamples`, read by the reference page). Made from the operation itself, so every
// operation has one and it names the operation's own path, path parameters and example body; the
// SDK fills in `requestId`, so the sample leaves it out.
import { z } from "zod";
import type { Operation } from "./operation.ts";

const SETUP = `import { createClient } from "@posteady/sdk";

const posteady = createClient({ baseUrl: "https://posteady.example", apiKey: process.env.POSTEADY_KEY! });
`;

export function sdkCodeSample(op: Operation): { lang: string; label: string; source: string } {
  const init: string[] = [];
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params = [...(pathParams.length ? [`path: { ${pathParams.map((p) => `${p}: "…"`).join(", ")} }`] : []), ...(op.query ? requiredQuery(op.query) : [])];
  if (params.length) init.push(`params: { ${params.join(", ")} }`);
  const body = op.bodyExample ?? Object.values(op.bodyExamples ?? {})[0]?.value;
  if (body !== undefined) init.push(`body: ${JSON.stringify(withoutRequestId(body), null, 2).replaceAll("\n", "\n  ")}`);
  const args = init.length ? `, {\n  ${init.join(",\n  ")},\n}` : "";
  return { lang: "TypeScript", label: "Posteady SDK", source: `${SETUP}const answer = await posteady.${op.method}("${op.path}"${args});\n` };
}

/** The query parameters a call cannot leave out, each with a value it takes. */
function requiredQuery(query: z.ZodObject): string[] {
  type Property = { enum?: unknown[]; type?: string; $ref?: string };
  const schema = z.toJSONSchema(query, { io: "input" }) as { required?: string[]; properties?: Record<string, Property>; $defs?: Record<string, Property> };
  const required = schema.required ?? [];
  if (!required.length) return [];
  const value = (own: Property | undefined) => {
    const p = own?.$ref ? schema.$defs?.[own.$ref.replace("#/$defs/", "")] : own;
    return JSON.stringify(p?.enum?.[0] ?? (p?.type === "integer" || p?.type === "number" ? 1 : "…"));
  };
  return [`query: { ${required.map((k) => `${k}: ${value(schema.properties?.[k])}`).join(", ")} }`];
}

function withoutRequestId(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRequestId);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== "requestId")
      .map(([k, v]) => [k, withoutRequestId(v)]),
  );
}

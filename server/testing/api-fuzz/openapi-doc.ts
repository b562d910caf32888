// The parts of the service's own OpenAPI 3.1 document the fuzzer reads: its operations, their
// parameters and JSON body schema, with `$ref`s resolved against components.schemas.
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema: JsonSchema };

export type DocOperation = {
  operationId: string;
  method: string;
  path: string;
  /** false for the public document route (security: []) */
  needsKey: boolean;
  parameters: Parameter[];
  body?: JsonSchema;
  /** the document's request examples: valid bodies to start from */
  bodyExamples: unknown[];
  /** documented statuses, success and error */
  statuses: number[];
};

type OpenApiDocument = {
  security?: unknown[];
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        security?: unknown[];
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown; examples?: Record<string, { value: unknown }> }> };
        responses: Record<string, unknown>;
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Resolver = (schema: JsonSchema) => JsonSchema;

export function readOperations(doc: OpenApiDocument): { operations: DocOperation[]; resolve: Resolver } {
  const schemas = doc.components?.schemas ?? {};
  // Siblings of a $ref (description, default) are kept; the referenced schema supplies the rest.
  const resolve: Resolver = (schema) => {
    let s = schema;
    for (let depth = 0; s.$ref && depth < 20; depth++) {
      const name = s.$ref.replace(/^#\/components\/schemas\//, "");
      const target = schemas[name];
      if (!target) throw new Error(`Unresolvable $ref ${s.$ref}`);
      const { $ref: _ref, ...siblings } = s;
      s = { ...target, ...siblings };
    }
    return s;
  };
  const operations: DocOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const json = op.requestBody?.content["application/json"];
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        needsKey: !(Array.isArray(op.security) && op.security.length === 0),
        parameters: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        body: json?.schema,
        bodyExamples: [...(json?.example !== undefined ? [json.example] : []), ...Object.values(json?.examples ?? {}).map((e) => e.value)],
        statuses: Object.keys(op.responses).map(Number),
      });
    }
  }
  return { operations, resolve };
}

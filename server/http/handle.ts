// The /api/v1 door. Every API route is `handle(op, (scope, input) => domain.fn(scope, input))`:
// key → scope, plan, rate limit, input validation, one domain call, output shaping, envelope.
import { touchApiKey } from "../domain/api-keys/authenticate-api-key.ts";
import { assertKeyScope } from "../domain/access.ts";
import { auditDetails, isDryRun, recordAudit, resultResourceId } from "../domain/audit/record-audit.ts";
import { assertApiAccess } from "../domain/plans.ts";
import { log } from "../log.ts";
import { scopeFromAuthorization, type Scope } from "../scope.ts";
import { clientAddress } from "./client-address.ts";
import { isReply, type DefaultBody, type Operation, type OperationInput, type Reply } from "./operation.ts";
import { parseInput } from "./parse-input.ts";
import { consumeRateLimit, rateLimitHeaders } from "./rate-limit.ts";
import { errorResponse, json } from "./responses.ts";

export type RouteHandler = (request: Request, params: Record<string, string>) => Promise<Response>;
type ApiScope = Awaited<ReturnType<typeof scopeFromAuthorization>>;

export function handle<Op extends Operation>(
  op: Op,
  fn: (scope: ApiScope, input: OperationInput<Op>, request: Request) => Promise<DefaultBody<Op> | Reply<Op>>,
): RouteHandler {
  // A route without a scope is a programming error: refuse to start rather than guess one.
  const required = op.scope;
  if (!required) throw new Error(`${op.operationId} (${op.method} ${op.path}) declares no scope; add one (docs/api-guide.md, "Scopes")`);
  const statuses = Object.keys(op.responses).map(Number);
  const defaultStatus = statuses[0]!;
  return async (request, params) => {
    const headers = new Headers();
    try {
      const scope = await scopeFromAuthorization(request.headers.get("authorization"), clientAddress(request));
      assertApiAccess(scope.plan);
      assertKeyScope(scope, required);
      const counting = consumeRateLimit(scope);
      // A read runs while its request is counted (the count is a database round trip); its answer
      // is dropped if the count refuses it. Anything that writes waits for the count.
      if (op.method !== "GET") await counting;
      let input: OperationInput<Op> | undefined;
      const work = (async () => fn(scope, (input = (await parseInput(op, request, params)) as OperationInput<Op>), request))();
      work.catch(() => {}); // heard below, unless the count refuses first
      rateLimitHeaders(await counting, headers);
      const result = await work;
      const { status, body } = isReply(result) ? result : { status: defaultStatus, body: result };
      const response = op.responses[status];
      if (!response) throw new Error(`${op.operationId} answered undeclared status ${status}`);
      const shaped = response.schema.safeParse(body);
      if (!shaped.success) {
        log.error("response does not match its schema", { operation: op.operationId, issues: shaped.error.issues });
        throw new Error(`${op.operationId} produced a response outside its schema`);
      }
      if (status < 400) touchApiKey(scope.actor.apiKeyId);
      if (op.method !== "GET" && op.audited !== false && status < 400 && !isDryRun(input?.body)) {
        // awaited so the entry exists when the caller has the answer; recordAudit never throws
        await recordAudit(scope, {
          door: "rest",
          action: op.operationId,
          resourceType: resourceTypeOf(op.path),
          resourceId: (params.id as string | undefined) ?? resultResourceId(shaped.data),
          address: clientAddress(request),
          details: { ...auditDetails(shaped.data), httpStatus: status },
        });
      }
      return json(shaped.data, status, headers);
    } catch (err) {
      return errorResponse(err, headers);
    }
  };
}

/** The resource an API path is about: its first segment, singular (/api/v1/post-groups/{id}/move → post-group). */
export function resourceTypeOf(path: string): string {
  const segment = path.replace(/^\/api\/v1\//, "").split("/")[0] ?? "";
  return segment.endsWith("s") ? segment.slice(0, -1) : segment;
}

export type { Scope };

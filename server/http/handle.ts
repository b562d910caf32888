// The /api/v1 door. Every API route is `export const { GET } = methods({ GET: handle(op, fn) })`:
// key → scope, plan, rate limit, input validation, one domain call, output shaping, envelope.
import { touchApiKey } from "../domain/api-keys/authenticate-api-key.ts";
import { assertApiAccess } from "../domain/plans.ts";
import { AppError } from "../errors.ts";
import { log } from "../log.ts";
import { scopeFromAuthorization, type Scope } from "../scope.ts";
import { isReply, type DefaultBody, type Operation, type OperationInput, type Reply } from "./operation.ts";
import { parseInput } from "./parse-input.ts";
import { consumeRateLimit, rateLimitHeaders } from "./rate-limit.ts";
import { errorResponse, json } from "./responses.ts";

export type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;
type ApiScope = Awaited<ReturnType<typeof scopeFromAuthorization>>;

export function handle<Op extends Operation>(
  op: Op,
  fn: (scope: ApiScope, input: OperationInput<Op>, request: Request) => Promise<DefaultBody<Op> | Reply<Op>>,
): RouteHandler {
  const statuses = Object.keys(op.responses).map(Number);
  const defaultStatus = statuses[0]!;
  return async (request, context) => {
    const headers = new Headers();
    try {
      const scope = await scopeFromAuthorization(request.headers.get("authorization"));
      assertApiAccess(scope.plan);
      rateLimitHeaders(await consumeRateLimit(scope), headers);
      const input = (await parseInput(op, request, await context.params)) as OperationInput<Op>;
      const result = await fn(scope, input, request);
      const { status, body } = isReply(result) ? result : { status: defaultStatus, body: result };
      const response = op.responses[status];
      if (!response) throw new Error(`${op.operationId} answered undeclared status ${status}`);
      const shaped = response.schema.safeParse(body);
      if (!shaped.success) {
        log.error("response does not match its schema", { operation: op.operationId, issues: shaped.error.issues });
        throw new Error(`${op.operationId} produced a response outside its schema`);
      }
      if (status < 400) touchApiKey(scope.actor.apiKeyId);
      return json(shaped.data, status, headers);
    } catch (err) {
      return errorResponse(err, headers);
    }
  };
}

const allMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof allMethods)[number];

/** Route exports for every method: the ones given, and 405 in the envelope for the rest. */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = Object.keys(handlers).join(", ");
  const notAllowed: RouteHandler = async (request) =>
    errorResponse(
      new AppError("METHOD_NOT_ALLOWED", `${request.method} is not supported here; use ${allow}`),
      new Headers({ Allow: allow }),
    );
  return Object.fromEntries(allMethods.map((m) => [m, handlers[m] ?? notAllowed])) as Record<Method, RouteHandler>;
}

/** Paths under /api/v1 that match no route. */
export const unknownPath: RouteHandler = async (request) =>
  errorResponse(new AppError("NOT_FOUND", `No endpoint ${request.method} ${new URL(request.url).pathname}`));

export type { Scope };

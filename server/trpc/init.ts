// tRPC for the dashboard: session-based context, errors mapped through the one error table.
import { initTRPC, TRPCError } from "@trpc/server";
import { auditDetails, isDryRun, recordAudit, resultResourceId } from "../domain/audit/record-audit.ts";
import { AppError, errorTable, toAppError } from "../errors.ts";
import { scopeFromSession } from "../scope.ts";
import { assertStorableText } from "../storable-text.ts";

export type Context = {
  userId: string | null;
  /** the signed-in session's row (UserSession), with userId */
  sessionId: string | null;
  /** the workspace chosen in the switcher (cookie), verified against memberships in scopeFromSession */
  requestedWorkspaceId: string | null;
  resHeaders: Headers;
  /** the client's network address (server/http/client-address.ts), for throttles and the audit log */
  address: string;
};

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const app = error.cause instanceof AppError ? error.cause : undefined;
    return {
      ...shape,
      message: app?.message ?? shape.message,
      data: { ...shape.data, stack: undefined, appCode: app?.code ?? null, details: app?.details ?? null },
    };
  },
});

// Domain errors (AppError, ZodError) become tRPC errors with the code of the one table.
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause && !(cause instanceof TRPCError)) {
      const app = toAppError(cause);
      throw new TRPCError({ code: errorTable[app.code].trpc, message: app.message, cause: app });
    }
  }
  return result;
});

// Text PostgreSQL cannot store (NUL, lone surrogates) is refused before any procedure's schema,
// as the REST and MCP doors do.
const storableInput = t.middleware(async ({ getRawInput, next }) => {
  assertStorableText(await getRawInput(), "body");
  return next();
});

export const router = t.router;
export const publicProcedure = t.procedure.use(mapErrors).use(storableInput);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.userId || !ctx.sessionId) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first" });
  return next({ ctx: { ...ctx, userId: ctx.userId, sessionId: ctx.sessionId } });
});

// Every mutation that succeeded is one audit entry (door "dashboard", action its path such as
// publishing.create); queries are reads and are not recorded.
export const workspaceProcedure = authedProcedure.use(async ({ ctx, next, type, path, getRawInput }) => {
  const scope = await scopeFromSession(ctx.userId, ctx.requestedWorkspaceId);
  const result = await next({ ctx: { ...ctx, scope } });
  if (type === "mutation" && result.ok) {
    const input = await getRawInput().catch(() => undefined);
    if (!isDryRun(input)) {
      await recordAudit(scope, {
        door: "dashboard",
        action: path,
        resourceType: path.split(".")[0] ?? null,
        resourceId: idOf(input) ?? resultResourceId(result.data),
        address: ctx.address ?? null,
        details: auditDetails(result.data),
      });
    }
  }
  return result;
});

/** The id a mutation's input names (`id`, or its one `…Id` field). */
function idOf(input: unknown): string | null {
  return resultResourceId(input);
}

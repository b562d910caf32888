import { TRPCError } from "@trpc/server";
import { currentSession, WORKSPACE_COOKIE } from "../auth/session.ts";
import { errorTable, toAppError } from "../errors.ts";
import { forwardedClientAddress } from "../http/client-address.ts";
import type { Context } from "./init.ts";

export async function createContext(req: Request, resHeaders: Headers): Promise<Context> {
  const cookie = req.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${WORKSPACE_COOKIE}=([^;]+)`).exec(cookie);
  // The session is a database read: an unavailable database answers 503 with Retry-After, as every
  // procedure's does (an error here would otherwise reach the browser as a 500).
  const session = await currentSession().catch((err: unknown) => {
    const app = toAppError(err);
    throw new TRPCError({ code: errorTable[app.code].trpc, message: app.message, cause: app });
  });
  return {
    userId: session?.userId ?? null,
    sessionId: session?.sessionId ?? null,
    requestedWorkspaceId: match?.[1] ?? null,
    resHeaders,
    // the web server sets X-Forwarded-For to the client's address before Next.js sees the request
    address: forwardedClientAddress(req.headers.get("x-forwarded-for")),
  };
}

import { currentSession, WORKSPACE_COOKIE } from "../auth/session.ts";
import { forwardedClientAddress } from "../http/client-address.ts";
import type { Context } from "./init.ts";

export async function createContext(req: Request, resHeaders: Headers): Promise<Context> {
  const cookie = req.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${WORKSPACE_COOKIE}=([^;]+)`).exec(cookie);
  const session = await currentSession();
  return {
    userId: session?.userId ?? null,
    sessionId: session?.sessionId ?? null,
    requestedWorkspaceId: match?.[1] ?? null,
    resHeaders,
    // the web server sets X-Forwarded-For to the client's address before Next.js sees the request
    address: forwardedClientAddress(req.headers.get("x-forwarded-for")),
  };
}

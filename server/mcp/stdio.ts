// The tool interface for local agents: MCP over stdin/stdout (`npm run -s cli -- mcp`), with the
// API key from the environment. The same tools and rules as /api/mcp; the key is checked again at
// every call (cached for a second, as for REST), so a revoked key or a lowered plan stops it.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { assertApiAccess } from "../domain/plans.ts";
import { env } from "../env.ts";
import { AppError } from "../errors.ts";
import { scopeFromAuthorization } from "../scope.ts";
import { createMcpServer } from "./create-server.ts";
import { API_KEY_VARIABLE } from "./endpoint.ts";
import type { ApiScope } from "./tool.ts";

/** Serves MCP on stdio until stdin ends or the process is told to stop. */
export async function serveMcpOverStdio(apiKey = env().mcpApiKey): Promise<void> {
  if (!apiKey) throw new AppError("UNAUTHORIZED", `Set ${API_KEY_VARIABLE} to an API key of the workspace (Settings → API keys)`);
  const resolveScope = async (): Promise<ApiScope> => {
    const scope = await scopeFromAuthorization(`Bearer ${apiKey}`);
    assertApiAccess(scope.plan);
    return scope;
  };
  // a wrong key fails the command at once instead of every later call
  const scope = await resolveScope();
  const inFlight = new Set<Promise<unknown>>();
  const server = createMcpServer(resolveScope, scope.workspaceId, inFlight);
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  // The client closing stdin ends the session (MCP stdio), but calls it sent before still
  // answer: a publish that went through is reported, not lost.
  process.stdin.once("end", async () => {
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    await nextTurn(); // the SDK dispatches the last messages read a turn later
    await Promise.allSettled([...inFlight]);
    await nextTurn(); // and writes their answers a turn after they settle
    await server.close();
  });
  const stop = () => void server.close();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await server.connect(new StdioServerTransport());
  await closed;
}

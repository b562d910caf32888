// POST /api/mcp: the tool interface over Streamable HTTP, answered by the web server itself
// (like /api/v1, without Next.js). Stateless: every request gets a fresh server and transport,
// so any web process behind a load balancer can answer any request and nothing is kept
// between them. JSON answers instead of SSE streams: a tool call is one request, one answer.
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { assertApiAccess } from "../domain/plans.ts";
import { nodeClientAddress } from "../http/client-address.ts";
import { sendWebResponse } from "../http/node-adapter.ts";
import { MAX_JSON_BODY_BYTES } from "../http/parse-input.ts";
import { errorResponse, methodNotAllowed } from "../http/responses.ts";
import { log } from "../log.ts";
import { scopeFromAuthorization } from "../scope.ts";
import { createMcpServer } from "./create-server.ts";
import type { ApiScope } from "./tool.ts";

export async function serveMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Without sessions there is no server-to-client stream to GET and no session to DELETE;
  // clients treat 405 as "not offered" (MCP Streamable HTTP).
  if (req.method !== "POST") return sendWebResponse(res, methodNotAllowed(req.method ?? "GET", ["POST"]));
  // The transport itself is unauthenticated: a missing or wrong key, or a plan without the API,
  // is answered before any MCP message is read, with the REST envelope and status.
  let scope: ApiScope;
  try {
    scope = await scopeFromAuthorization(req.headers.authorization ?? null, nodeClientAddress(req));
    assertApiAccess(scope.plan);
  } catch (err) {
    return sendWebResponse(res, errorResponse(err));
  }
  const server = createMcpServer(async () => scope, scope.workspaceId);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_JSON_BODY_BYTES });
  transport.onerror = (err) => log.debug("mcp transport refused a request", { error: err.message });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

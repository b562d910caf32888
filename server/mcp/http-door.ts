// POST /api/mcp: the tool interface over Streamable HTTP, answered by the web server itself
// (like /api/v1, without Next.js). Stateless: every request gets a fresh server and transport,
// so any web process behind a load balancer can answer any request and nothing is kept
// between them. JSON answers instead of SSE streams: a tool call is one request, one answer.
// One JSON-RPC message per POST, as the transport has carried since protocol revision 2025-06-18
// (the SDK negotiates up to 2025-11-25): batches, which only 2025-03-26 had and no official SDK
// client sends, are refused alike whatever their size (the SDK took up to 100, answered 101
// with -32600, and an empty one with 202 and no body).
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { assertApiAccess } from "../domain/plans.ts";
import { nodeClientAddress } from "../http/client-address.ts";
import { sendWebResponse } from "../http/node-adapter.ts";
import { MAX_JSON_BODY_BYTES } from "../http/parse-input.ts";
import { errorResponse, json, methodNotAllowed } from "../http/responses.ts";
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
  const address = nodeClientAddress(req);
  try {
    scope = await scopeFromAuthorization(req.headers.authorization ?? null, address);
    assertApiAccess(scope.plan);
  } catch (err) {
    return sendWebResponse(res, errorResponse(err));
  }
  // The body is read here and handed to the SDK parsed (its documented parsedBody), so that a
  // batch is refused before the SDK sees it; the SDK checks the rest (Accept, Content-Type, the
  // message's shape).
  const body = await readMessage(req);
  if (body instanceof Response) return sendWebResponse(res, body);
  const server = createMcpServer(async () => scope, scope.workspaceId, undefined, address);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  transport.onerror = (err) => log.debug("mcp transport refused a request", { error: err.message });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body.message);
}

/** A JSON-RPC error answer without an id, as the transport answers a message it cannot take. */
const rpcError = (status: number, code: number, message: string) => json({ jsonrpc: "2.0", error: { code, message }, id: null }, status);

/** The body, or undefined past the size limit (the rest is left unread: the answer closes the connection). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData).off("end", onEnd).off("error", reject);
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      resolve(undefined);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on("data", onData).on("end", onEnd).on("error", reject);
  });
}

async function readMessage(req: IncomingMessage): Promise<{ message: unknown } | Response> {
  const body = Number(req.headers["content-length"]) > MAX_JSON_BODY_BYTES ? undefined : await readBody(req, MAX_JSON_BODY_BYTES);
  if (!body) return rpcError(413, -32000, `Payload Too Large: Request body must not exceed ${MAX_JSON_BODY_BYTES} bytes`);
  let message: unknown;
  try {
    message = JSON.parse(body.toString("utf8"));
  } catch {
    return rpcError(400, -32700, "Parse error: Invalid JSON");
  }
  if (Array.isArray(message)) {
    return rpcError(
      400,
      -32600,
      "Invalid Request: JSON-RPC batches are not supported (MCP's Streamable HTTP transport takes one message per POST since protocol revision 2025-06-18); send each message in its own request",
    );
  }
  return { message };
}

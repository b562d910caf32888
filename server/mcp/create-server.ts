// The MCP server behind both transports (Streamable HTTP at /api/mcp, stdio in the CLI).
// The SDK's low-level Server, not McpServer: McpServer validates arguments itself and answers a
// failure as bare text, where this door answers VALIDATION_ERROR with the same field issues as
// REST, and it would advertise schemas whose root is a $ref (see json-schema.ts).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import packageJson from "../../package.json" with { type: "json" };
import { callTool, toolDescriptorsFor } from "./call-tool.ts";
import type { ApiScope } from "./tool.ts";

function instructions(workspaceId: string): string {
  return [
    `Posteady publishes and schedules social posts on the connected accounts of one workspace (${workspaceId}, the API key's).`,
    "Start with list_accounts. To add media: create_media_upload, PUT the bytes to its uploadUrl with its requiredHeaders, then confirm_media_upload.",
    "Text posts publish at once; media posts are jobs: poll get_publish_status with the jobId until published, failed or unknown.",
    "Give every media post a fresh UUID requestId and keep it when retrying, so a retry never publishes twice.",
    'A failed call is a tool error whose text is {"error":{"code","message","details"}}.',
  ].join(" ");
}

/**
 * A server for one caller: `resolveScope` answers the API key's scope at each tool call. Calls
 * still running are kept in `inFlight`, when given, so a closing door can let them answer.
 */
export function createMcpServer(
  resolveScope: () => Promise<ApiScope>,
  workspaceId: string,
  inFlight?: Set<Promise<unknown>>,
  /** the client's network address (Streamable HTTP), for the audit log; none over stdio */
  address?: string,
): Server {
  const server = new Server(
    { name: "posteady", title: "Posteady", version: packageJson.version },
    { capabilities: { tools: { listChanged: false } }, instructions: instructions(workspaceId) },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolDescriptorsFor(await resolveScope()) }));
  // tools/call is the fallback handler, not setRequestHandler(CallToolRequestSchema): the SDK parses
  // a request with the handler's schema before the handler runs, and `arguments` that is not an
  // object (null, 5, "x", []) would answer JSON-RPC -32603 with a zod dump. Here callTool answers
  // it as a VALIDATION_ERROR tool result, like any other bad argument.
  server.fallbackRequestHandler = async (request) => {
    if (request.method !== "tools/call") throw new McpError(ErrorCode.MethodNotFound, "Method not found");
    const name = request.params?.name;
    if (typeof name !== "string") throw new McpError(ErrorCode.InvalidParams, "tools/call needs params.name, a tool's name from tools/list");
    const call = callTool(name, request.params?.arguments, resolveScope, address);
    if (inFlight) {
      inFlight.add(call);
      void call.finally(() => inFlight.delete(call)).catch(() => {});
    }
    return call;
  };
  return server;
}

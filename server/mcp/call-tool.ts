// One tool call, the way handle() runs one REST request: scope, rate limit, input validation,
// one domain call, output shaped by the response schema. Every failure is a tool error (isError)
// whose text is the REST error envelope { "error": { "code", "message", "details" } } with the
// codes of the one error table (server/errors.ts).
import { ErrorCode, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { ZodError } from "zod";
import { assertKeyScope } from "../domain/access.ts";
import { touchApiKey } from "../domain/api-keys/authenticate-api-key.ts";
import { auditDetails, isDryRun, recordAudit, resultResourceId } from "../domain/audit/record-audit.ts";
import { AppError, toAppError } from "../errors.ts";
import { consumeRateLimit } from "../http/rate-limit.ts";
import { log } from "../log.ts";
import { assertStorableText } from "../storable-text.ts";
import { toolJsonSchema } from "./json-schema.ts";
import { toolInputSchema, type ApiScope, type McpTool } from "./tool.ts";
import { tools } from "./tools/index.ts";

type Registered = { tool: McpTool; schema: ReturnType<typeof toolInputSchema>; descriptor: Tool };

// Built once per process: schemas and their JSON form never change while it runs.
const registry = new Map<string, Registered>();
for (const tool of tools) {
  if (registry.has(tool.name)) throw new Error(`Two MCP tools are named ${tool.name}`);
  // a tool without a scope is a programming error: refuse to start rather than guess one
  if (!tool.scope) throw new Error(`MCP tool ${tool.name} declares no scope; add one (docs/mcp-tools.md, "Adding a tool")`);
  const schema = toolInputSchema(tool);
  registry.set(tool.name, {
    tool,
    schema,
    descriptor: {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: toolJsonSchema(schema, "input"),
      outputSchema: toolJsonSchema(tool.output, "output"),
      annotations: { title: tool.title, ...tool.annotations },
    },
  });
}

/** tools/list for a key: only the tools its scopes let it call. */
export function toolDescriptorsFor(scope: ApiScope): Tool[] {
  return [...registry.values()].filter((r) => scope.actor.scopes.includes(r.tool.scope)).map((r) => r.descriptor);
}

/**
 * Runs a tool for the caller `resolveScope` answers. An unknown tool name is a protocol error
 * (JSON-RPC invalid params, as the MCP specification says); everything else is a tool result.
 */
export async function callTool(name: string, args: unknown, resolveScope: () => Promise<ApiScope>, address?: string): Promise<CallToolResult> {
  const registered = registry.get(name);
  if (!registered) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${name}; tools/list names the tools`);
  const { tool, schema } = registered;
  try {
    const scope = await resolveScope();
    // a tool tools/list did not offer this key is refused like its REST operation: 403 naming the scope
    assertKeyScope(scope, tool.scope);
    // one tool call counts as one API request of the key, as a REST call does
    await consumeRateLimit(scope);
    assertStorableText(args, "body");
    // absent arguments are no arguments; anything else that is not an object is refused by the schema
    const parsed = schema.safeParse(args === undefined ? {} : args);
    if (!parsed.success) throw new ZodError(parsed.error.issues);
    const { workspaceId, ...input } = parsed.data;
    if (workspaceId !== undefined && workspaceId !== scope.workspaceId) {
      throw new AppError(
        "NOT_FOUND",
        `Workspace ${workspaceId} not found: this API key acts only in its own workspace (${scope.workspaceId}); omit workspaceId to use it`,
        { workspaceId },
      );
    }
    const result = await tool.run(scope, input);
    const shaped = tool.output.safeParse(result);
    if (!shaped.success) {
      log.error("tool result does not match its schema", { tool: name, issues: shaped.error.issues });
      throw new Error(`${name} produced a result outside its schema`);
    }
    touchApiKey(scope.actor.apiKeyId);
    // every tool that is not read-only writes: recorded once it succeeded (dry runs excepted)
    if (tool.annotations.readOnlyHint !== true && !isDryRun(input)) {
      await recordAudit(scope, {
        door: "mcp",
        action: name,
        // create_webhook → webhook, cancel_scheduled_post → scheduled-post
        resourceType: name.split("_").slice(1).join("-") || null,
        resourceId: idArgument(input) ?? resultResourceId(shaped.data),
        address,
        details: auditDetails(shaped.data),
      });
    }
    const structuredContent = shaped.data as Record<string, unknown>;
    return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
  } catch (err) {
    return errorResult(err);
  }
}

/** The resource a tool's arguments name: its one `…Id` argument (webhookId, postGroupId), if any. */
function idArgument(input: Record<string, unknown>): string | null {
  const ids = Object.entries(input).filter(([key, value]) => /^[a-z]+Id$/.test(key) && typeof value === "string");
  return ids.length === 1 ? (ids[0]![1] as string) : null;
}

/**
 * The error travels as text, not structuredContent: the SDK's client (1.x) validates any
 * structuredContent against the tool's outputSchema even when isError is set
 * (modelcontextprotocol/typescript-sdk#1943), so an error object there would be refused.
 */
function errorResult(err: unknown): CallToolResult {
  const appError = toAppError(err);
  const error: Record<string, unknown> = { code: appError.code, message: appError.message };
  if (appError.details !== undefined) error.details = appError.details;
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ error }) }] };
}

// A tool of the MCP door: a name, the domain's zod schemas for its arguments and its result, and
// the one domain call behind it (ARCHITECTURE.md: thin doors). call-tool.ts runs every tool the
// same way: key → scope, rate limit, validation, workspace check, the call, output shaping.
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { KeyScope } from "../domain/api-keys/key-scopes.ts";
import type { scopeFromAuthorization } from "../scope.ts";

/** The scope of an API key (the only credential the tool interface accepts). */
export type ApiScope = Awaited<ReturnType<typeof scopeFromAuthorization>>;

export type McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> = {
  /** snake_case, as SPEC.md names the tools */
  name: string;
  title: string;
  /** the scope an API key needs to see and call this tool: the scope of its REST operation */
  scope: KeyScope;
  description: string;
  /** the REST operation's input schema from domain/<area>/<area>.schema.ts (workspaceId is added for every tool) */
  input: I;
  /** the REST operation's response schema: it shapes `structuredContent` and is advertised as outputSchema */
  output: O;
  annotations: ToolAnnotations;
  // method syntax: a tool of specific schemas is still an McpTool (parameters are bivariant)
  run(scope: ApiScope, input: z.output<I>): Promise<z.input<O>>;
};

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: McpTool<I, O>): McpTool<I, O> {
  return tool;
}

/**
 * SPEC.md "Tool interface": a tool may name the workspace it means. A key reaches exactly one
 * workspace, so an explicit workspaceId must be the key's; any other is "not found", as every
 * resource of another workspace is (ARCHITECTURE.md), never a hint that it exists.
 */
export const workspaceIdArgument = z
  .uuid()
  .optional()
  .meta({ description: "The workspace the call is meant for. Optional: omitted, the API key's workspace is used; any other workspace is not found." });

/** The schema a tool advertises and validates: its REST input plus the optional workspaceId. */
export function toolInputSchema(tool: McpTool) {
  return tool.input.safeExtend({ workspaceId: workspaceIdArgument });
}

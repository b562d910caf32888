// An MCP client for the tests, made with the official SDK as an agent's would be, and the
// two ways a tool call ends: a result (structuredContent) or a tool error (the REST envelope).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, inject } from "vitest";
import { MCP_PATH } from "./endpoint.ts";

export const mcpUrl = () => new URL(MCP_PATH, inject("baseUrl"));

export async function httpClient(key: string): Promise<Client> {
  const client = new Client({ name: "posteady-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

/** Calls a tool that must succeed; answers its structured content. */
export async function ok<T = any>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  expect(result.isError, `${name} failed: ${text}`).toBeFalsy();
  // the text block repeats the structured content, for clients that read text only
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

/** Calls a tool that must fail; answers the error of its REST-shaped envelope. */
export async function toolError(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name} unexpectedly succeeded`).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const block = result.content[0];
  if (block?.type !== "text") throw new Error("a tool error carries one text block");
  const body = JSON.parse(block.text) as { error: { code: string; message: string; details?: any } };
  expect(Object.keys(body)).toEqual(["error"]);
  return body.error;
}

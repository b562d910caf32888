// Ready-to-paste configurations for MCP clients: the remote endpoint with the key as a bearer
// header, or the local stdio command with the key in its environment.
export type ConfigInput = { endpoint: string; projectRoot: string; apiKey: string | null; keyVariable: string };
export type ClientConfig = { id: string; label: string; where: string; text: string };

export const KEY_PLACEHOLDER = "<API_KEY>";

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function clientConfigs({ endpoint, projectRoot, apiKey, keyVariable }: ConfigInput): ClientConfig[] {
  const key = apiKey ?? KEY_PLACEHOLDER;
  const headers = { Authorization: `Bearer ${key}` };
  return [
    {
      id: "claude-code",
      label: "Claude Code",
      where: "Run once in a terminal.",
      text: `claude mcp add --transport http posteady ${endpoint} --header "Authorization: Bearer ${key}"`,
    },
    {
      id: "cursor",
      label: "Cursor",
      where: "In ~/.cursor/mcp.json (clients with an mcpServers settings file take the same shape).",
      text: json({ mcpServers: { posteady: { url: endpoint, headers } } }),
    },
    {
      id: "vscode",
      label: "VS Code",
      where: "In .vscode/mcp.json of your project.",
      text: json({ servers: { posteady: { type: "http", url: endpoint, headers } } }),
    },
    {
      id: "stdio",
      label: "Local (stdio)",
      where:
        "For clients that start servers as local commands (Claude Desktop's claude_desktop_config.json, for one), on the machine of this installation. Add DATABASE_URL and any other setting your installation's environment has.",
      text: json({
        mcpServers: { posteady: { command: "npm", args: ["--prefix", projectRoot, "run", "-s", "cli", "--", "mcp"], env: { [keyVariable]: key } } },
      }),
    },
    {
      id: "curl",
      label: "Check with curl",
      where: "Lists the tools: the endpoint and the key work.",
      text: [
        `curl -s -X POST ${endpoint} \\`,
        `  -H "Authorization: Bearer ${key}" \\`,
        `  -H "Content-Type: application/json" -H "Accept: application/json, text/event-stream" \\`,
        `  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`,
      ].join("\n"),
    },
  ];
}

// Ready-to-paste configurations for MCP clients: the remote endpoint with the key as a bearer
// header, or the local stdio command with the key and the installation's data in its environment.
export type ConfigInput = {
  endpoint: string;
  projectRoot: string;
  apiKey: string | null;
  keyVariable: string;
  /** the service's DATA_DIR, absolute: the stdio server must find the same database */
  dataDir: string;
  /** the service uses DATABASE_URL (not shown: it holds a password) rather than the embedded database */
  externalDatabase: boolean;
};
export type ClientConfig = { id: string; label: string; where: string; text: string };

export const KEY_PLACEHOLDER = "<API_KEY>";
export const DATABASE_URL_PLACEHOLDER = "<DATABASE_URL of this installation>";

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function clientConfigs({ endpoint, projectRoot, apiKey, keyVariable, dataDir, externalDatabase }: ConfigInput): ClientConfig[] {
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
      where: `For clients that start servers as local commands (Claude Desktop's claude_desktop_config.json, for one), on the machine of this installation. DATA_DIR is the service's data directory${
        externalDatabase ? ", and DATABASE_URL must be the service's (not shown here: it holds a password)" : ""
      }; add any other setting the service's environment has (TOKEN_ENCRYPTION_KEY, STORAGE_DRIVER…). A directory or database without the service's data stops the command with a message.`,
      text: json({
        mcpServers: {
          posteady: {
            command: "npm",
            args: ["--prefix", projectRoot, "run", "-s", "cli", "--", "mcp"],
            env: { [keyVariable]: key, DATA_DIR: dataDir, ...(externalDatabase ? { DATABASE_URL: DATABASE_URL_PLACEHOLDER } : {}) },
          },
        },
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

// Where agents reach the tool interface; shared by the doors and the "Connect an agent" page
// (which must not import the transports).
export const MCP_PATH = "/api/mcp";
/** the environment variable the stdio mode reads its API key from */
export const API_KEY_VARIABLE = "POSTEADY_API_KEY";

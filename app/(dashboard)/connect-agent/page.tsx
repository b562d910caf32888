import type { Metadata } from "next";
import { ConnectAgent } from "@/components/agents/connect-agent";
import { PageHeader } from "@/components/ui/card";
import { env } from "@/server/env";
import { API_KEY_VARIABLE, MCP_PATH } from "@/server/mcp/endpoint";
import { tools } from "@/server/mcp/tools";

export const metadata: Metadata = { title: "Connect an agent" };

export default function ConnectAgentPage() {
  const e = env();
  return (
    <>
      <PageHeader
        title="Connect an agent"
        description="AI agents and assistants publish, schedule and read posts of this workspace through its tool interface: an MCP server with the same operations and rules as the REST API."
      />
      <ConnectAgent
        endpoint={`${e.publicUrl}${MCP_PATH}`}
        projectRoot={e.projectRoot}
        keyVariable={API_KEY_VARIABLE}
        dataDir={e.dataDir}
        externalDatabase={!e.embeddedDatabase}
        tools={tools.map(({ name, title, description }) => ({ name, title, description }))}
      />
    </>
  );
}

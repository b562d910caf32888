import { listAuditLog } from "../../domain/audit/list-audit-log.ts";
import { auditListQuery, auditListSchema } from "../../domain/audit/audit.schema.ts";
import { defineTool } from "../tool.ts";

export const listAuditLogTool = defineTool({
  name: "list_audit_log",
  title: "List the audit log",
  scope: "audit:read",
  description:
    "Every write to the workspace (dashboard, REST, MCP, CLI, client links), newest first: actorLabel (member email, API key name and prefix, client, system), door, action, resource, address, time. Filters: from/to (ISO instants), actor (id or part of a label), action (prefix); limit, and cursor = the previous answer's nextCursor.",
  input: auditListQuery,
  output: auditListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => listAuditLog(scope, input),
});

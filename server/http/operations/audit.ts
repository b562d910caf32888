import { auditListQuery, auditListSchema } from "../../domain/audit/audit.schema.ts";
import { defineOperation } from "../operation.ts";

const entry = {
  id: "1042",
  at: "2026-12-01T09:30:12.345Z",
  actorKind: "apiKey",
  actorId: "0b7e4f1c-2d3a-4c5b-8e6f-7a8b9c0d1e2f",
  actorLabel: "ci-bot (pst_ab12…)",
  door: "rest",
  action: "createWebhook",
  resourceType: "webhook",
  resourceId: "7e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b",
  address: "203.0.113.7",
  details: { httpStatus: 201, enabled: true },
};

export const listAuditLogOp = defineOperation({
  operationId: "listAuditLog",
  method: "GET",
  path: "/api/v1/audit-log",
  tag: "Audit log",
  scope: "audit:read",
  summary: "List the audit log",
  description: [
    "Every write to the workspace, through any door (dashboard, REST, MCP, CLI, client links), newest first: who (a member's email, an API key's name and prefix, a client link, the system), what (action and resource), when, through which door and from which address. Reads and dry runs are not recorded, and no secret is ever stored.",
    "",
    "Filter with `from`/`to` (instants), `actor` (an id, or part of a label such as an email or a key's name) and `action` (a prefix). Pages are `limit` entries; pass `nextCursor` as `cursor` for the next, older page. Entries older than the workspace's retention (default 365 days) are deleted daily.",
  ].join("\n"),
  query: auditListQuery,
  responses: {
    200: {
      description: "A page of entries",
      schema: auditListSchema,
      example: { entries: [entry], nextCursor: "MjAyNi0xMi0wMVQwOTozMDoxMi4zNDVafDEwNDI" },
    },
  },
});

// The audit log's request and answer shapes, shared by REST, MCP, tRPC and the OpenAPI document.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const auditListQuery = z.strictObject({
  from: instant.optional().meta({ description: "Only entries at or after this instant (ISO 8601 with offset)" }),
  to: instant.optional().meta({ description: "Only entries before this instant" }),
  actor: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "An actor's id (user, API key, link), or part of its label (an email, a key's name), case-insensitive" }),
  action: z.string().trim().min(1).max(200).optional().meta({ description: "Actions starting with this, e.g. `createWebhook` or `publishing.`" }),
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: "Entries per page (1–200)" }),
  cursor: z.string().max(200).optional().meta({ description: "The `nextCursor` of the previous page" }),
});

export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditEntrySchema = z
  .object({
    id: z.string().meta({ description: "The entry's id (a growing number, as text)" }),
    at: instant,
    actorKind: z.enum(["user", "apiKey", "reviewLink", "connectLink", "system"]),
    actorId: z.string().nullable().meta({ description: "The user's, key's or link's id; null for the system" }),
    actorLabel: z.string().meta({ description: "A member's email, an API key's name and prefix, a client's name, or `system`" }),
    door: z.enum(["dashboard", "rest", "mcp", "cli", "link", "worker"]),
    action: z.string().meta({ description: "The REST operationId, MCP tool, dashboard procedure or CLI command" }),
    resourceType: z.string().nullable(),
    resourceId: z.string().nullable(),
    address: z.string().nullable().meta({ description: "The client's network address, when the door has one" }),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  })
  .meta({ id: "AuditEntry" });

export const auditListSchema = z
  .object({
    entries: z.array(auditEntrySchema),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page" }),
  })
  .meta({ id: "AuditEntryList" });

export const auditRetentionInput = z.strictObject({
  auditRetentionDays: z.number().int().min(1).max(3650).meta({ description: "Days an audit entry is kept (1–3650)" }),
});

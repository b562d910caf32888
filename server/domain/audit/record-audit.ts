// The audit log's one writer (issue 50, docs/audit-log.md). The doors call it once per write that
// succeeded (REST handle(), MCP callTool, the tRPC mutation middleware, the CLI), so no domain
// function has to remember it. Reads and dry runs are never recorded. A failure to record is
// logged and swallowed: the user's write already happened and must still be answered.
import { db } from "../../db.ts";
import { log } from "../../log.ts";
import type { Scope } from "../access.ts";

export const AUDIT_DOORS = ["dashboard", "rest", "mcp", "cli", "link", "worker"] as const;
export type AuditDoor = (typeof AUDIT_DOORS)[number];

/** Who did it, resolved to what the log shows. Links and the system have no account behind them. */
export type AuditActor =
  | { kind: "user"; id: string; label: string }
  | { kind: "apiKey"; id: string; label: string }
  | { kind: "reviewLink" | "connectLink"; id: string; label: string }
  | { kind: "system"; id: null; label: "system" };

export type AuditRecord = {
  door: AuditDoor;
  /** the operationId (REST), tool name (MCP), procedure path (dashboard) or command (CLI) */
  action: string;
  resourceType?: string | null;
  resourceId?: string | null;
  address?: string | null;
  /** a small summary; pass it through auditDetails so only whitelisted, short values are kept */
  details?: Record<string, string | number | boolean | null> | null;
};

/**
 * Values of these fields may be kept in details: short descriptions, never secrets. A request
 * body or a response is never stored whole: a key, a webhook secret, a token or a password in
 * it would end up in the log.
 */
const DETAIL_FIELDS = ["status", "name", "provider", "role", "outcome", "enabled", "contentType", "count", "auditRetentionDays"] as const;
const MAX_DETAIL_LENGTH = 120;

/** The whitelisted, shortened part of a result (or input) worth keeping beside an entry. */
export function auditDetails(...sources: unknown[]): Record<string, string | number | boolean> | null {
  const details: Record<string, string | number | boolean> = {};
  for (const source of sources) {
    if (!source || typeof source !== "object" || Array.isArray(source)) continue;
    for (const field of DETAIL_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (field in details) continue;
      if (typeof value === "string") details[field] = value.slice(0, MAX_DETAIL_LENGTH);
      else if (typeof value === "number" || typeof value === "boolean") details[field] = value;
    }
  }
  return Object.keys(details).length > 0 ? details : null;
}

/** The id of the resource a result names: its `id`, or the one `…Id` field it has (webhookId, jobId). */
export function resultResourceId(result: unknown): string | null {
  if (!result || typeof result !== "object" || Array.isArray(result)) return null;
  const record = result as Record<string, unknown>;
  if (typeof record.id === "string") return record.id;
  const ids = Object.entries(record).filter(([key, value]) => /^[a-z]+Id$/.test(key) && key !== "workspaceId" && typeof value === "string");
  if (ids.length === 1) return ids[0]![1] as string;
  // { key, apiKey: { id } }: the one nested object that has an id
  const nested = Object.values(record).filter((v): v is { id: string } => !!v && typeof v === "object" && typeof (v as { id?: unknown }).id === "string");
  return nested.length === 1 ? nested[0]!.id : null;
}

/** A request that asks only to check (`dryRun: true`) writes nothing, so it is not audited. */
export function isDryRun(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { dryRun?: unknown }).dryRun === true;
}

/** An API key is shown by its name and prefix ("ci-bot (pst_ab12…)"), never the key. */
export const apiKeyLabel = (name: string, prefix: string) => `${name} (${prefix}…)`;

/** The actor of a Scope, with the label the log shows (the user's email, the key's name and prefix). */
export async function actorOf(scope: Scope): Promise<AuditActor> {
  const actor = scope.actor;
  if (actor.kind === "system") return { kind: "system", id: null, label: "system" };
  if (actor.kind === "apiKey") {
    const key = await db.apiKey.findUnique({ where: { id: actor.apiKeyId }, select: { name: true, prefix: true } });
    return { kind: "apiKey", id: actor.apiKeyId, label: key ? apiKeyLabel(key.name, key.prefix) : "API key" };
  }
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { email: true } });
  return { kind: "user", id: actor.userId, label: user?.email ?? "user" };
}

/**
 * Records one write by an explicit actor: what links (review, connect) and other features call
 * where no Scope exists. Never throws: a failure is logged, and the caller goes on.
 */
export async function recordAuditAs(workspaceId: string, actor: AuditActor, entry: AuditRecord): Promise<void> {
  try {
    await db.auditEntry.create({
      data: {
        workspaceId,
        actorKind: actor.kind,
        actorId: actor.id,
        actorLabel: actor.label.slice(0, 300),
        door: entry.door,
        action: entry.action.slice(0, 200),
        resourceType: entry.resourceType ?? null,
        resourceId: entry.resourceId?.slice(0, 200) ?? null,
        address: entry.address?.slice(0, 100) ?? null,
        ...(entry.details ? { details: entry.details } : {}),
      },
    });
  } catch (err) {
    log.error("could not record an audit entry", { workspaceId, action: entry.action, error: err instanceof Error ? err.message : String(err) });
  }
}

/** Records one write by the caller of a Scope (every door's path). Never throws. */
export async function recordAudit(scope: Scope, entry: AuditRecord): Promise<void> {
  let actor: AuditActor;
  try {
    actor = await actorOf(scope);
  } catch (err) {
    log.error("could not resolve the audit actor", { action: entry.action, error: err instanceof Error ? err.message : String(err) });
    return;
  }
  await recordAuditAs(scope.workspaceId, actor, entry);
}

/** A link's actor: the client's given name, or what the link is. */
export function linkActor(kind: "reviewLink" | "connectLink", linkId: string, givenName?: string | null): AuditActor {
  const label = givenName?.trim() || (kind === "connectLink" ? "client connect link" : "client review link");
  return { kind, id: linkId, label };
}

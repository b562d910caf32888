// The audit log, newest first, with keyset pagination on (at desc, id desc): a page stays right
// while new entries arrive, and a deep page costs what the first does (index AuditEntry_workspace_at_idx).
import type { z } from "zod";
import { db } from "../../db.ts";
import { fieldError } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { auditListQuery, type auditEntrySchema, type AuditListQuery } from "./audit.schema.ts";

type Cursor = { at: Date; id: bigint };

/** Opaque to callers: the last entry's instant and id. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`, "utf8").toString("base64url");
}

function decodeCursor(text: string): Cursor {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|(\d{1,19})$/.exec(Buffer.from(text, "base64url").toString("utf8"));
  const at = match ? new Date(match[1]!) : undefined;
  if (!match || !at || Number.isNaN(at.getTime())) throw fieldError("cursor", "Not a cursor of this list: pass the nextCursor of the previous page");
  return { at, id: BigInt(match[2]!) };
}

export type AuditEntryOut = z.input<typeof auditEntrySchema>;

export async function listAuditLog(scope: Scope, query: AuditListQuery): Promise<{ entries: AuditEntryOut[]; nextCursor: string | null }> {
  assertCan(scope, "audit.read");
  const q = auditListQuery.parse(query);
  const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await db.auditEntry.findMany({
    where: {
      workspaceId: scope.workspaceId,
      AND: [
        q.from || q.to ? { at: { ...(q.from ? { gte: new Date(q.from) } : {}), ...(q.to ? { lt: new Date(q.to) } : {}) } } : {},
        q.actor ? { OR: [{ actorId: q.actor }, { actorLabel: { contains: q.actor, mode: "insensitive" as const } }] } : {},
        q.action ? { action: { startsWith: q.action } } : {},
        cursor ? { OR: [{ at: { lt: cursor.at } }, { at: cursor.at, id: { lt: cursor.id } }] } : {},
      ],
    },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((row) => ({
      id: row.id.toString(),
      at: row.at.toISOString(),
      actorKind: row.actorKind as AuditEntryOut["actorKind"],
      actorId: row.actorId,
      actorLabel: row.actorLabel,
      door: row.door as AuditEntryOut["door"],
      action: row.action,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      address: row.address,
      details: (row.details as AuditEntryOut["details"]) ?? null,
    })),
    nextCursor: rows.length > q.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}

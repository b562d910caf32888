// The audit log as CSV for the dashboard's "Export CSV": the filtered list, every page, built with
// papaparse (quoting, and formula-looking cells escaped so a spreadsheet does not run them).
import Papa from "papaparse";
import type { Scope } from "../access.ts";
import type { AuditListQuery } from "./audit.schema.ts";
import { listAuditLog } from "./list-audit-log.ts";

/** A bound on one export (about 100 days of a busy team): narrow the dates for more. */
export const MAX_EXPORT_ROWS = 50_000;

export async function exportAuditCsv(
  scope: Scope,
  query: Omit<AuditListQuery, "limit" | "cursor">,
): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const rows: Record<string, string>[] = [];
  let cursor: string | undefined;
  let truncated = false;
  for (;;) {
    const page = await listAuditLog(scope, { ...query, limit: 200, cursor });
    for (const e of page.entries) {
      rows.push({
        at: e.at,
        actor: e.actorLabel,
        actorKind: e.actorKind,
        actorId: e.actorId ?? "",
        door: e.door,
        action: e.action,
        resourceType: e.resourceType ?? "",
        resourceId: e.resourceId ?? "",
        address: e.address ?? "",
        details: e.details ? JSON.stringify(e.details) : "",
      });
    }
    if (!page.nextCursor) break;
    if (rows.length >= MAX_EXPORT_ROWS) {
      truncated = true;
      break;
    }
    cursor = page.nextCursor;
  }
  const columns = ["at", "actor", "actorKind", "actorId", "door", "action", "resourceType", "resourceId", "address", "details"];
  return {
    csv: Papa.unparse({ fields: columns, data: rows.map((r) => columns.map((c) => r[c] ?? "")) }, { escapeFormulae: true }),
    rows: rows.length,
    truncated,
  };
}

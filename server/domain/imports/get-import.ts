// GET /api/v1/imports/{id}: the import's status and each row's post group (or why it has none).
import { sql } from "../../db.ts";
import { notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import type { ImportView } from "./imports.schema.ts";
import type { RowIssue } from "./read-rows.ts";

type ImportRecord = {
  id: string;
  requestId: string;
  status: ImportView["status"];
  errorMessage: string | null;
  createdAt: Date;
  completedAt: Date | null;
  rows: { row: number; postGroupId: string | null; error: RowIssue | null }[];
};

export async function getImport(scope: Scope, id: string): Promise<ImportView> {
  if (!isUuid(id)) throw notFound("Import");
  const found = await readImport(id, scope.workspaceId);
  if (!found) throw notFound("Import");
  return presentImport(found);
}

/** The import of `id` (of the workspace, when given), with its rows in order. */
export async function readImport(id: string, workspaceId?: string): Promise<ImportRecord | null> {
  const [row] = await sql<ImportRecord>(
    "import-get",
    `SELECT i.id, i."requestId", i.status, i."errorMessage", i."createdAt", i."completedAt",
            (SELECT coalesce(jsonb_agg(jsonb_build_object('row', r.row, 'postGroupId', r."postGroupId", 'error', r.error) ORDER BY r.row), '[]')
               FROM "ImportRow" r WHERE r."importId" = i.id) AS rows
       FROM "Import" i WHERE i.id = $1 AND ($2::uuid IS NULL OR i."workspaceId" = $2)`,
    [id, workspaceId ?? null],
  );
  return row ?? null;
}

export function presentImport(i: ImportRecord): ImportView {
  return {
    importId: i.id,
    requestId: i.requestId,
    status: i.status,
    total: i.rows.length,
    created: i.rows.filter((r) => r.postGroupId).length,
    rows: i.rows.map((r) => ({ row: r.row, postGroupId: r.postGroupId, ...(r.error ? { error: r.error } : {}) })),
    ...(i.errorMessage ? { error: i.errorMessage } : {}),
    createdAt: i.createdAt.toISOString(),
    completedAt: i.completedAt?.toISOString() ?? null,
  };
}

// POST /api/v1/imports: every row is read and checked as the real post-group call checks it
// before anything is written. A dry run answers the checks; a real import with any invalid row is
// refused whole (422, paths rows[i]…); a valid one is stored with its rows and its worker run
// queued in one transaction, so an accepted import always runs. The requestId is unique per
// workspace: INSERT … ON CONFLICT DO NOTHING decides between concurrent duplicates.
import crypto from "node:crypto";
import { sql, withTransaction } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { actorUserId, assertCan, type Scope } from "../access.ts";
import type { WriteOutcome } from "../publishing/present-job.ts";
import { checkAnswer, checkRows } from "./check-rows.ts";
import { queueImportRun } from "./import-queue.ts";
import type { CreateImportBody, ImportCheck } from "./imports.schema.ts";
import { readRows, rowsRefused } from "./read-rows.ts";

export type ImportAnswer = { dryRun: true; body: ImportCheck } | ({ dryRun: false; body: { importId: string } } & WriteOutcome);

export async function createImport(scope: Scope, body: CreateImportBody): Promise<ImportAnswer> {
  assertCan(scope, "content.publish");
  const userId = actorUserId(scope);
  if (!userId) throw new AppError("FORBIDDEN", "Imports are made by a user or their API key");
  const fp = fingerprintOf(body);
  if (!body.dryRun) {
    const earlier = await earlierImport(scope, body.requestId);
    if (earlier) return replay(earlier, fp);
  }
  const checked = await checkRows(scope, body.requestId, readRows(body));
  if (body.dryRun) return { dryRun: true, body: checkAnswer(checked) };
  const issues = checked.flatMap((r) => r.errors);
  if (issues.length) throw rowsRefused(issues);

  const importId = crypto.randomUUID();
  const inserted = await withTransaction(async (q) => {
    const rows = await q<{ id: string }>(
      "import-create",
      `INSERT INTO "Import" (id, "workspaceId", "organizationId", "createdById", "requestId", fingerprint, "rowCount")
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("workspaceId", "requestId") DO NOTHING RETURNING id`,
      [importId, scope.workspaceId, scope.organizationId, userId, body.requestId, fp, checked.length],
    );
    if (rows.length === 0) return false;
    await q(
      "import-rows-create",
      `INSERT INTO "ImportRow" ("importId", row, input)
       SELECT $1, r.row, r.input FROM unnest($2::int[], $3::jsonb[]) AS r(row, input)`,
      [importId, checked.map((r) => r.row), checked.map((r) => JSON.stringify({ ...r.input, accountIds: r.accountIds }))],
    );
    await queueImportRun(q, importId);
    return true;
  });
  if (!inserted) {
    // a concurrent duplicate won: answer its import (or 409 when its body differs)
    return replay((await earlierImport(scope, body.requestId))!, fp);
  }
  return { dryRun: false, outcome: "accepted", replay: false, body: { importId } };
}

type Earlier = { id: string; fingerprint: string };

async function earlierImport(scope: Scope, requestId: string): Promise<Earlier | null> {
  const [row] = await sql<Earlier>("import-by-request", `SELECT id, fingerprint FROM "Import" WHERE "workspaceId" = $1 AND "requestId" = $2`, [
    scope.workspaceId,
    requestId,
  ]);
  return row ?? null;
}

function replay(earlier: Earlier, fp: string): ImportAnswer {
  if (earlier.fingerprint !== fp)
    throw new AppError("REQUEST_CONFLICT", "This requestId was already used with a different import; use a new requestId for a new import", {
      importId: earlier.id,
    });
  return { dryRun: false, outcome: "done", replay: true, body: { importId: earlier.id } };
}

/** sha256 of the request without requestId and dryRun: the same file again is the same import. */
function fingerprintOf(body: CreateImportBody): string {
  const canonical = { format: body.format, data: body.data, timezone: body.timezone ?? null };
  return crypto.createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

// The worker's run of one import: claim it (a lease renewed while it works, and a new attempt
// number), then make each row not yet done its post group, in row order, acting as the user who
// imported. Every write is idempotent by a requestId derived from the import's (the row's group,
// each media URL's import), so a run that dies anywhere is resumed by the next (the queue's retry,
// or sweep-imports.ts after its lease lapses) without creating anything twice. A media URL is
// imported through the media import (fetched, converted, verified) before its row's group.
import { db, sql, withTransaction } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { log } from "../../log.ts";
import { scopeFromSession } from "../../scope.ts";
import type { Scope } from "../access.ts";
import { createMediaImport } from "../media/imports/create-media-import.ts";
import { runMediaImport } from "../media/imports/run-media-import.ts";
import { createPostGroup } from "../post-groups/create-post-group.ts";
import { queueImportRun } from "./import-queue.ts";
import type { ReadRow, RowIssue } from "./read-rows.ts";
import { mediaRequestId, rowGroupBody, rowRequestId } from "./row-group.ts";

export const IMPORT_LEASE_SECONDS = 60;
const RENEW_EVERY_MS = 15_000;
/** A row waiting for a media import another run is fetching looks again after this. */
const MEDIA_WAIT_SECONDS = 3;

type Claimed = { id: string; workspaceId: string; createdById: string; requestId: string; attempt: number };
type StoredRow = { row: number; input: ReadRow & { accountIds: string[] } };

/** Runs the import unless it is finished or another live run holds it. Infrastructure errors are thrown (the queue retries). */
export async function runImport(importId: string): Promise<void> {
  const claimed = await claim(importId);
  if (!claimed) return;
  const renew = setInterval(() => void renewLease(claimed).catch(() => {}), RENEW_EVERY_MS);
  try {
    let scope: Scope;
    try {
      scope = await scopeFromSession(claimed.createdById, claimed.workspaceId);
    } catch (err) {
      if (err instanceof AppError) return void (await finish(claimed, `The importing user can no longer act in this workspace: ${err.message}`));
      throw err;
    }
    if (scope.workspaceId !== claimed.workspaceId) return void (await finish(claimed, "The importing user no longer belongs to this workspace"));
    const rows = await sql<StoredRow>(
      "import-rows-todo",
      `SELECT row, input FROM "ImportRow" WHERE "importId" = $1 AND "postGroupId" IS NULL AND error IS NULL ORDER BY row`,
      [claimed.id],
    );
    for (const row of rows) {
      const done = await runRow(scope, claimed, row);
      if (done === "waiting") return void (await handBack(claimed, MEDIA_WAIT_SECONDS));
    }
    await finish(claimed, null);
  } catch (err) {
    // not the rows' fault: hand the import back for the queue's next attempt
    await handBack(claimed, null);
    throw err;
  } finally {
    clearInterval(renew);
  }
}

/** The queue's last attempt failed for the infrastructure's reasons: the import fails, saying so. */
export async function giveUpImport(importId: string, reason: string): Promise<void> {
  await db.$executeRaw`
    UPDATE "Import" SET status = 'failed', "errorMessage" = ${`The import failed repeatedly: ${reason}`}, "leaseExpiresAt" = NULL,
           "completedAt" = now(), "updatedAt" = now()
     WHERE id = ${importId}::uuid AND status IN ('queued', 'processing')`;
}

async function runRow(scope: Scope, run: Claimed, { row, input }: StoredRow): Promise<"done" | "waiting"> {
  const mediaIds: string[] = [];
  for (const [k, url] of input.media.entries()) {
    const media = await importedMedia(scope, url, mediaRequestId(run.requestId, row, k));
    if (media === "waiting") return "waiting";
    if (typeof media !== "string") return (void (await rowFailed(run, row, { path: `rows[${row}].media`, message: `${url}: ${media.failed}` })), "done");
    mediaIds.push(media);
  }
  try {
    const created = await createPostGroup(scope, rowGroupBody(input, rowRequestId(run.requestId, row), input.accountIds, mediaIds));
    await sql("import-row-done", `UPDATE "ImportRow" SET "postGroupId" = $3 WHERE "importId" = $1 AND row = $2`, [run.id, row, created.body.postGroupId]);
  } catch (err) {
    // checked again at creation: a time now past, an account disconnected since, a fetched file a platform refuses
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    const issue = (err.details as { issues?: { path: string; message: string }[] } | undefined)?.issues?.[0];
    await rowFailed(run, row, { path: `rows[${row}]`, message: issue ? `${issue.path}: ${issue.message}` : err.message });
  }
  return "done";
}

/** The media item of a URL, imported once per import, row and position; "waiting" while another run fetches it. */
async function importedMedia(scope: Scope, url: string, requestId: string): Promise<string | "waiting" | { failed: string }> {
  let answer;
  try {
    answer = await createMediaImport(scope, { url, requestId });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { failed: err.message };
    throw err;
  }
  const importId = answer.body.importId;
  await runMediaImport(importId); // at once, rather than waiting for its queue entry (a run already under way is left to finish)
  const media = await db.mediaImport.findUniqueOrThrow({ where: { id: importId } });
  if (media.status === "completed") return media.mediaId;
  if (media.status === "failed") return { failed: media.errorMessage ?? "the file could not be imported" };
  return "waiting";
}

async function rowFailed(run: Claimed, row: number, issue: RowIssue): Promise<void> {
  log.info("an import row made no post group", { importId: run.id, row, message: issue.message });
  await sql("import-row-failed", `UPDATE "ImportRow" SET error = $3::jsonb WHERE "importId" = $1 AND row = $2 AND "postGroupId" IS NULL`, [
    run.id,
    row,
    JSON.stringify(issue),
  ]);
}

async function claim(importId: string): Promise<Claimed | null> {
  const [row] = await sql<Claimed>(
    "import-claim",
    `UPDATE "Import" SET status = 'processing', attempt = attempt + 1, "updatedAt" = now(),
            "leaseExpiresAt" = now() + make_interval(secs => $2::int)
      WHERE id = $1 AND (status = 'queued' OR (status = 'processing' AND "leaseExpiresAt" < now()))
      RETURNING id, "workspaceId", "createdById", "requestId", attempt`,
    [importId, IMPORT_LEASE_SECONDS],
  );
  return row ?? null;
}

async function renewLease(run: Claimed): Promise<void> {
  await sql(
    "import-renew",
    `UPDATE "Import" SET "leaseExpiresAt" = now() + make_interval(secs => $3::int) WHERE id = $1 AND attempt = $2 AND status = 'processing'`,
    [run.id, run.attempt, IMPORT_LEASE_SECONDS],
  );
}

/** Back to queued; with a delay, its next run is queued here (the queue's retry does it otherwise). */
async function handBack(run: Claimed, delaySeconds: number | null): Promise<void> {
  await withTransaction(async (q) => {
    const back = await q(
      "import-hand-back",
      `UPDATE "Import" SET status = 'queued', "leaseExpiresAt" = NULL, "updatedAt" = now()
        WHERE id = $1 AND attempt = $2 AND status = 'processing' RETURNING id`,
      [run.id, run.attempt],
    );
    if (back.length && delaySeconds !== null) await queueImportRun(q, run.id, delaySeconds);
  });
}

/** Every row was tried: completed when each made its group, failed otherwise (or with `error`, the import's own). */
async function finish(run: Claimed, error: string | null): Promise<void> {
  await sql(
    "import-finish",
    `UPDATE "Import" SET "leaseExpiresAt" = NULL, "completedAt" = now(), "updatedAt" = now(), "errorMessage" = $3,
            status = CASE WHEN $3::text IS NULL AND NOT EXISTS (SELECT FROM "ImportRow" WHERE "importId" = $1 AND "postGroupId" IS NULL)
                          THEN 'completed' ELSE 'failed' END
      WHERE id = $1 AND attempt = $2 AND status = 'processing'`,
    [run.id, run.attempt, error],
  );
}

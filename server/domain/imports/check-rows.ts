// Every row of an import checked as the real post-group call checks it (validatePostGroup, the
// dry run of POST /api/v1/post-groups), with the requestId the row's group will have. Media URLs
// are fetched only by the import itself: here they stand as items of the type their name says,
// so the platform's media rules (how many, which type) are checked now and the file's own
// (size, duration) when it is fetched.
import crypto from "node:crypto";
import { sql, type ConnectedAccount, type MediaItem } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { validatePostGroup } from "../post-groups/validate-post-group.ts";
import type { DryRunTarget } from "../publishing/dry-run.schema.ts";
import type { ImportCheck } from "./imports.schema.ts";
import type { ReadRow, RowIssue, RowReading } from "./read-rows.ts";
import { rowGroupBody, rowRequestId } from "./row-group.ts";

/** How many rows are checked at once (each is a few queries; the pool is shared with everything else). */
const CHECK_CONCURRENCY = 8;

export type CheckedRow = { row: number; input: ReadRow | null; accountIds: string[]; targets: DryRunTarget[]; errors: RowIssue[] };

export async function checkRows(scope: Scope, importRequestId: string, readings: RowReading[]): Promise<CheckedRow[]> {
  const resolve = await accountResolver(scope);
  const out: CheckedRow[] = new Array(readings.length);
  let next = 0;
  const worker = async () => {
    while (next < readings.length) {
      const reading = readings[next++]!;
      out[reading.row] = await checkRow(scope, importRequestId, reading, resolve);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, readings.length) }, worker));
  return out;
}

async function checkRow(scope: Scope, importRequestId: string, reading: RowReading, resolve: Resolver): Promise<CheckedRow> {
  const { row, input } = reading;
  const errors = [...reading.errors];
  const accountIds: string[] = [];
  for (const name of input?.accounts ?? []) {
    const found = resolve(name);
    if (typeof found === "string") errors.push({ path: `rows[${row}].accounts`, message: found });
    else if (accountIds.includes(found.id)) errors.push({ path: `rows[${row}].accounts`, message: `${name} is named twice` });
    else accountIds.push(found.id);
  }
  if (!input || errors.length) return { row, input, accountIds, targets: [], errors };
  const pending = input.media.map((url) => pendingItem(scope, url));
  const body = rowGroupBody(
    input,
    rowRequestId(importRequestId, row),
    accountIds,
    pending.map((m) => m.id),
  );
  try {
    const result = await validatePostGroup(scope, body, pending);
    return { row, input, accountIds, targets: result.targets, errors };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "VALIDATION_ERROR") throw err;
    const issues = (err.details as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [{ path: "", message: err.message }];
    return { row, input, accountIds, targets: [], errors: issues.map((i) => rowIssue(row, i, input)) };
  }
}

/** A post-group issue in the row's terms: the column it came from, the account named for a target's. */
function rowIssue(row: number, issue: { path: string; message: string }, input: ReadRow): RowIssue {
  const at = (column: string) => `rows[${row}].${column}`;
  const target = /^targets\[(\d+)\]\.?(.*)$/.exec(issue.path);
  if (target) {
    const account = input.accounts[Number(target[1])] ?? "";
    const rest = target[2]!.replace(/^content\./, "");
    const column = rest.split(/[.[]/)[0]!;
    const known = ["text", "thread", "media", "firstComment"].includes(column);
    const what = rest && rest !== "accountId" ? `${rest} ` : "";
    return { path: known ? at(column) : at("accounts"), message: `${account}: ${what}${issue.message}` };
  }
  const field = issue.path.replace(/^content\./, "");
  const column = field.split(/[.[]/)[0]!;
  if (["text", "thread", "media", "firstComment", "scheduledAt", "queue"].includes(column)) {
    const detail = field !== column ? `${field.slice(column.length).replace(/^\./, "")} ` : "";
    return { path: at(column), message: `${detail}${issue.message}` };
  }
  return { path: `rows[${row}]`, message: issue.path ? `${issue.path}: ${issue.message}` : issue.message };
}

type Resolver = (name: string) => ConnectedAccount | string;

/** Account ids and provider:username (case and a leading @ aside) of the workspace's connected accounts. */
async function accountResolver(scope: Scope): Promise<Resolver> {
  const accounts = await sql<ConnectedAccount>("import-accounts", `SELECT * FROM "ConnectedAccount" WHERE "workspaceId" = $1 AND "disconnectedAt" IS NULL`, [
    scope.workspaceId,
  ]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const byName = new Map<string, ConnectedAccount[]>();
  for (const a of accounts) {
    const key = `${a.provider}:${a.username.replace(/^@/, "").toLowerCase()}`;
    byName.set(key, [...(byName.get(key) ?? []), a]);
  }
  return (name) => {
    if (isUuid(`${name}`)) return byId.get(name) ?? `${name} is not a connected account of this workspace`;
    const colon = name.indexOf(":");
    if (colon < 0) return `"${name}" is neither an account id nor provider:username (e.g. x:acme)`;
    const key = `${name.slice(0, colon).toLowerCase()}:${name
      .slice(colon + 1)
      .replace(/^@/, "")
      .toLowerCase()}`;
    const found = byName.get(key) ?? [];
    if (found.length === 1) return found[0]!;
    if (found.length > 1) return `${name} is ambiguous (${found.length} accounts): use the account id`;
    return `${name} is not a connected account of this workspace`;
  };
}

const VIDEO_NAME = /\.(mp4|m4v|mov)(?:$|[?#])/i;

/** A media URL as the check sees it: an item of the type its name says, its file unknown until fetched. */
function pendingItem(scope: Scope, url: string): MediaItem {
  const video = VIDEO_NAME.test(new URL(url).pathname);
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    workspaceId: scope.workspaceId,
    organizationId: scope.organizationId,
    createdById: "",
    status: "CONFIRMED",
    mediaType: video ? "VIDEO" : "IMAGE",
    fileName: url,
    mimeType: video ? "video/mp4" : "image/jpeg",
    fileSize: 0n,
    fileKey: "",
    storageKey: "",
    objectVersion: null,
    // unknown until fetched: the duration rules are checked then (undefined passes the checks that need a number)
    durationSeconds: undefined as unknown as null,
    width: null,
    height: null,
    carouselId: null,
    carouselPosition: null,
    uploadExpiresAt: now,
    confirmExpiresAt: now,
    uploadedAt: now,
    confirmedAt: now,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

export function checkAnswer(rows: CheckedRow[]): ImportCheck {
  return {
    valid: rows.every((r) => r.errors.length === 0),
    rows: rows.map((r) => ({ row: r.row, valid: r.errors.length === 0, targets: r.targets, errors: r.errors })),
  };
}

// An import's data as rows: CSV (papaparse, a header row naming the columns) or JSON (an array of
// row objects), each cell read into its meaning. What cannot be read is an issue of its row and
// column (rows[3].scheduledAt), never a refusal of the whole file, so one pass reports every row.
import Papa from "papaparse";
import { DateTime } from "luxon";
import { AppError, fieldError } from "../../errors.ts";
import { IMPORT_COLUMNS, importRowObject, MAX_IMPORT_ROWS, type CreateImportBody } from "./imports.schema.ts";

export type RowIssue = { path: string; message: string };

/** A row as read: every list split, every flag a boolean, scheduledAt an instant with an offset. */
export type ReadRow = {
  accounts: string[];
  text: string;
  thread: string[];
  media: string[];
  firstComment?: string;
  scheduledAt?: string;
  queue: boolean;
  evergreen: boolean;
};

export type RowReading = { row: number; input: ReadRow | null; errors: RowIssue[] };

/** Every row of the data (422 for data that is not a table at all, or past 1,000 rows). */
export function readRows(body: CreateImportBody): RowReading[] {
  const raw = body.format === "csv" ? csvRecords(body.data) : jsonRecords(body.data);
  if (raw.length === 0) throw fieldError("data", "holds no rows", "empty");
  if (raw.length > MAX_IMPORT_ROWS) throw fieldError("data", `holds ${raw.length} rows; an import takes at most ${MAX_IMPORT_ROWS}`, "too_many_rows");
  return raw.map((record, row) => readRow(record, row, body.timezone ?? "UTC"));
}

function csvRecords(data: CreateImportBody["data"]): unknown[] {
  if (typeof data !== "string") throw fieldError("data", "must be the CSV file's text for format csv", "invalid_type");
  const parsed = Papa.parse<Record<string, string>>(data.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
  const unknown = (parsed.meta.fields ?? []).filter((f) => f && !(IMPORT_COLUMNS as readonly string[]).includes(f));
  if (unknown.length)
    throw fieldError("data", `has columns this import does not know: ${unknown.join(", ")} (the columns are ${IMPORT_COLUMNS.join(", ")})`, "unknown_column");
  if (!parsed.meta.fields?.includes("accounts")) throw fieldError("data", `needs a header row naming the columns (${IMPORT_COLUMNS.join(", ")})`, "no_header");
  // a quote never closed swallows the rest of the file: say where instead of importing less
  const broken = parsed.errors.find((e) => e.type === "Quotes");
  if (broken) throw fieldError("data", `line ${(broken.row ?? 0) + 2}: ${broken.message}`, "invalid_csv");
  // papaparse adds __parsed_extra for cells past the header's columns; empty cells are left out
  return parsed.data.map((r) => {
    const { __parsed_extra: extra, ...cells } = r as Record<string, string> & { __parsed_extra?: string[] };
    const record = Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== undefined && v !== ""));
    return extra?.some((v) => v.trim()) ? { ...record, __extra: extra } : record;
  });
}

function jsonRecords(data: CreateImportBody["data"]): unknown[] {
  let value: unknown = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch (err) {
      throw fieldError("data", `is not JSON: ${(err as Error).message}`, "invalid_json");
    }
  }
  if (!Array.isArray(value)) throw fieldError("data", "must be an array of row objects for format json", "invalid_type");
  return value;
}

const list = (v: string | string[] | undefined, separator: RegExp): string[] =>
  (Array.isArray(v) ? v : (v ?? "").split(separator)).map((s) => s.trim()).filter(Boolean);

function readRow(record: unknown, row: number, timezone: string): RowReading {
  const at = (column: string) => `rows[${row}].${column}`;
  if (record && typeof record === "object" && "__extra" in record)
    return { row, input: null, errors: [{ path: `rows[${row}]`, message: "has more cells than the header has columns (a comma outside quotes?)" }] };
  const parsed = importRowObject.safeParse(record);
  if (!parsed.success) {
    return {
      row,
      input: null,
      errors: parsed.error.issues.map((i) => ({
        path: i.path.length ? `${at(String(i.path[0]))}` : `rows[${row}]`,
        message: i.code === "unrecognized_keys" ? `has columns this import does not know: ${i.keys.join(", ")}` : i.message,
      })),
    };
  }
  const r = parsed.data;
  const errors: RowIssue[] = [];
  const flagOf = (column: "queue" | "evergreen"): boolean => {
    const v = r[column];
    if (v === undefined || typeof v === "boolean") return v ?? false;
    const word = v.trim().toLowerCase();
    if (["true", "yes", "1"].includes(word)) return true;
    if (["", "false", "no", "0"].includes(word)) return false;
    errors.push({ path: at(column), message: `"${v}" is neither true nor false` });
    return false;
  };
  const input: ReadRow = {
    accounts: list(r.accounts, /\s+/),
    text: r.text ?? "",
    // later posts of a thread: separated by a line holding only ---
    thread: Array.isArray(r.thread) ? list(r.thread, /$^/) : list(r.thread, /\r?\n[ \t]*---[ \t]*(?:\r?\n|$)/),
    media: list(r.media, /\s+/),
    ...(r.firstComment?.trim() ? { firstComment: r.firstComment } : {}),
    queue: flagOf("queue"),
    evergreen: flagOf("evergreen"),
  };
  if (input.accounts.length === 0) errors.push({ path: at("accounts"), message: "no account given: name an account id or provider:username" });
  if (!input.text.trim()) errors.push({ path: at("text"), message: "empty: every post needs text" });
  input.media.forEach((url) => {
    if (!/^https?:\/\/\S+$/i.test(url) || !URL.canParse(url)) errors.push({ path: at("media"), message: `"${url}" is not an http or https URL` });
  });
  const when = r.scheduledAt?.trim();
  if (when) {
    const instant = instantOf(when, timezone);
    if (instant) input.scheduledAt = instant;
    else errors.push({ path: at("scheduledAt"), message: `"${when}" is not a date and time such as 2026-12-01 09:00 or 2026-12-01T09:00:00+01:00` });
  }
  if (input.queue && when)
    errors.push({ path: at("queue"), message: "true together with a scheduledAt: a queued post takes its account's next free slot, so give one or the other" });
  return { row, input, errors };
}

/** ISO 8601 (a space may stand for the T); without an offset, a wall-clock time in `timezone`. */
function instantOf(value: string, timezone: string): string | null {
  const text = value.replace(/^(\d{4}-\d{2}-\d{2}) /, "$1T");
  const hasOffset = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(text) && /T/.test(text);
  const dt = DateTime.fromISO(text, hasOffset ? { setZone: true } : { zone: timezone });
  if (!dt.isValid || !/T\d{2}:\d{2}/.test(text)) return null;
  return dt.toUTC().toISO();
}

/** The whole import refused: every row's issues, paths naming rows[i]. */
export function rowsRefused(issues: RowIssue[]): AppError {
  const first = issues[0]!;
  return new AppError("VALIDATION_ERROR", `${first.path}: ${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`, {
    issues: issues.map((i) => ({ ...i, code: "invalid_row", location: "body" })),
  });
}

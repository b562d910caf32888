// POST /api/v1/imports and GET /api/v1/imports/{id} (issue 49, bulk import): rows of a CSV or
// JSON file, each one post group. Shape only; the rules are in the files beside this one.
import { z } from "zod";
import { dryRunTargetSchema } from "../publishing/dry-run.schema.ts";
import { timezoneSchema } from "../scheduling/scheduling.schema.ts";

export const MAX_IMPORT_ROWS = 1000;

/** The columns of a row, in the template's order. */
export const IMPORT_COLUMNS = ["accounts", "text", "thread", "media", "firstComment", "scheduledAt", "queue", "evergreen"] as const;

const textOrList = z.union([z.string(), z.array(z.string())]);
const flag = z.union([z.boolean(), z.string()]);

/** A JSON row: the CSV's columns, where lists may also be arrays and flags booleans. */
export const importRowObject = z
  .strictObject({
    accounts: textOrList.optional().meta({ description: "Account ids or provider:username, separated by spaces (or an array)" }),
    text: z.string().optional(),
    thread: textOrList.optional().meta({ description: 'Later posts of a thread, separated by a line holding "---" (or an array)' }),
    media: textOrList.optional().meta({ description: "http(s) URLs of images or videos, separated by spaces (or an array)" }),
    firstComment: z.string().optional(),
    scheduledAt: z.string().optional().meta({ description: "ISO 8601 time; without an offset it is read in the import's timezone" }),
    queue: flag.optional().meta({ description: "true: the next free slot of each account instead of scheduledAt" }),
    evergreen: flag.optional(),
  })
  .meta({ id: "ImportRowInput" });

export const createImportBody = z
  .strictObject({
    requestId: z.uuid().meta({ description: "Idempotency key: generated once per import and kept on retries" }),
    format: z.enum(["csv", "json"]),
    data: z
      .union([z.string().max(20_000_000), z.array(z.unknown())])
      .meta({ description: "csv: the file's text, with a header row naming the columns. json: an array of row objects (or its text)" }),
    timezone: timezoneSchema.optional().meta({ description: "IANA zone for scheduledAt values without an offset (default UTC)", example: "Europe/Berlin" }),
    dryRun: z.boolean().optional().meta({ description: "true: check every row and create nothing" }),
  })
  .meta({ id: "ImportRequest" });
export type CreateImportBody = z.output<typeof createImportBody>;

const rowIssue = z.object({
  path: z.string().meta({ description: "rows[i].column, e.g. rows[3].accounts" }),
  message: z.string(),
});

export const importCheckSchema = z
  .object({
    valid: z.boolean().meta({ description: "Every row is valid: the real import would be accepted" }),
    rows: z.array(
      z.object({
        row: z.number().int().meta({ description: "The row's index, as in rows[i] (0 is the first row after the header)" }),
        valid: z.boolean(),
        targets: z.array(dryRunTargetSchema).meta({ description: "Valid rows: what each account would be sent" }),
        errors: z.array(rowIssue),
      }),
    ),
  })
  .meta({ id: "ImportCheck" });
export type ImportCheck = z.infer<typeof importCheckSchema>;

export const importAcceptedSchema = z.object({ importId: z.uuid() }).meta({ id: "ImportAccepted" });

export const importStatusSchema = z.enum(["queued", "processing", "completed", "failed"]).meta({
  id: "ImportStatus",
  description: "queued, processing (rows are being created), completed (every row made its group), failed (some row made none: see its error)",
});

export const importSchema = z
  .object({
    importId: z.uuid(),
    requestId: z.uuid(),
    status: importStatusSchema,
    total: z.number().int(),
    created: z.number().int().meta({ description: "Rows whose post group exists" }),
    rows: z.array(
      z.object({
        row: z.number().int(),
        postGroupId: z.uuid().nullable().meta({ description: "GET /api/v1/post-groups/{id}; null until the row is done" }),
        error: rowIssue
          .optional()
          .meta({ description: "Why the row made no group (checked again at creation: a media URL that did not import, a time now past)" }),
      }),
    ),
    error: z.string().optional().meta({ description: "A failed import: why" }),
    createdAt: z.iso.datetime({ offset: true }),
    completedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "Import" });
export type ImportView = z.infer<typeof importSchema>;

export const importIdParams = z.strictObject({ id: z.uuid() });

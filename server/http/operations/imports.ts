import { createImportBody, importAcceptedSchema, importCheckSchema, importIdParams, importSchema } from "../../domain/imports/imports.schema.ts";
import { defineOperation } from "../operation.ts";

const ids = {
  request: "7a1c9e3b-2d4f-4a6b-8c0d-1e2f3a4b5c6d",
  import: "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b",
  group: "5b9e2c1d-3f4a-4b6c-8d7e-9f0a1b2c3d4e",
  account: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11",
};

const csv = [
  "accounts,text,thread,media,firstComment,scheduledAt,queue,evergreen",
  'x:acme,"Our spring collection is here","Three jackets, one rail\n---\nShop it today",,,2026-12-01 09:00,,',
  "x:acme linkedin:acme,Tip of the week: batch your posts,,,,,true,",
].join("\n");

export const createImportOp = defineOperation({
  operationId: "createImport",
  method: "POST",
  path: "/api/v1/imports",
  tag: "Imports",
  scope: "posts:write",
  summary: "Import posts from CSV or JSON rows",
  description: [
    "Each row becomes one post group, as `POST /api/v1/post-groups` makes it (at most 1,000 rows; the body is at most 1 MiB).",
    "",
    '- `format: "csv"`: `data` is the file\'s text, with a header row naming the columns; `format: "json"`: `data` is an array of row objects with the same fields.',
    "- Columns: `accounts` (account ids or `provider:username`, separated by spaces), `text`, `thread` (the later posts of a thread, separated by a line holding `---`), `media` (http(s) URLs of images or videos, fetched into the media library as `POST /api/v1/media/imports` does), `firstComment`, `scheduledAt` (ISO 8601; without an offset it is read in `timezone`, default UTC) or `queue` (`true`: each account's next free slot), `evergreen`.",
    "",
    "Every row is checked first with the checks of the real post-group call. `dryRun: true` answers **200** with each row's `targets` (what each account would be sent) and `errors`, and creates nothing. Otherwise one invalid row refuses the whole import with **422** whose issue paths name the row and column (`rows[3].accounts`), and nothing is created. A valid import answers **202** `{ importId }`; its rows are made in the background: follow it with `GET /api/v1/imports/{id}`.",
    "",
    "Idempotency: the same `requestId` with the same `format`, `data` and `timezone` answers the same import (202, the same `importId`) and imports nothing again; with other data **409** `REQUEST_CONFLICT`.",
  ].join("\n"),
  body: createImportBody,
  bodyExample: { requestId: ids.request, format: "csv", data: csv, timezone: "Europe/Berlin", dryRun: true },
  responses: {
    202: {
      description: "Accepted (or the requestId's earlier import): follow it by importId",
      schema: importAcceptedSchema,
      example: { importId: ids.import },
    },
    200: {
      description: "dryRun: every row's checks",
      schema: importCheckSchema,
      example: {
        valid: false,
        rows: [
          { row: 0, valid: true, targets: [{ accountId: ids.account, provider: "x", username: "acme", texts: [], warnings: [] }], errors: [] },
          { row: 1, valid: false, targets: [], errors: [{ path: "rows[1].accounts", message: "linkedin:acme is not a connected account of this workspace" }] },
        ],
      },
    },
  },
  errors: ["FORBIDDEN", "REQUEST_CONFLICT", "SERVICE_UNAVAILABLE"],
});

export const getImportOp = defineOperation({
  operationId: "getImport",
  method: "GET",
  path: "/api/v1/imports/{id}",
  tag: "Imports",
  scope: "posts:read",
  summary: "Get an import's progress",
  description:
    "The import's status (`queued`, `processing`, `completed`, `failed`) and each row's post group (`GET /api/v1/post-groups/{id}`), null until the row is made. Rows are checked again when they are made: a row whose media URL does not import, or whose time has passed meanwhile, makes no group and carries its `error`, and the import ends `failed`.",
  params: importIdParams,
  responses: {
    200: {
      description: "The import",
      schema: importSchema,
      example: {
        importId: ids.import,
        requestId: ids.request,
        status: "completed",
        total: 1,
        created: 1,
        rows: [{ row: 0, postGroupId: ids.group }],
        createdAt: "2026-11-30T10:00:00.000Z",
        completedAt: "2026-11-30T10:00:02.000Z",
      },
    },
  },
  errors: ["NOT_FOUND"],
});

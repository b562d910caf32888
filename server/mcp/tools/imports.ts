// Bulk import's tools (issue 49): import_posts (CSV or JSON rows, each one post group; dryRun to
// check first) and get_import to follow an accepted import.
import { z } from "zod";
import { createImport } from "../../domain/imports/create-import.ts";
import { getImport } from "../../domain/imports/get-import.ts";
import { createImportBody, importCheckSchema, importIdParams, importSchema } from "../../domain/imports/imports.schema.ts";
import { defineTool } from "../tool.ts";

export const importPostsTool = defineTool({
  name: "import_posts",
  scope: "posts:write",
  title: "Import posts from CSV or JSON rows",
  description: [
    "Creates one post group per row (at most 1,000 rows). format csv: data is the file's text with a header row; format json: data is an array of row objects.",
    'Columns: accounts (account ids or provider:username, separated by spaces), text, thread (later posts, separated by a line holding ---), media (http(s) URLs, fetched into the media library), firstComment, scheduledAt (ISO 8601; without an offset it is read in timezone, an IANA zone, default UTC) or queue ("true": each account\'s next free slot), evergreen.',
    "Every row is checked as publish_post_group checks it. dryRun true: answers valid and each row's targets and errors ({ path: rows[i].column, message }), creating nothing. Otherwise one invalid row fails the whole call (issue paths rows[i]…) and nothing is created; a valid import answers importId: follow it with get_import.",
    "requestId is a fresh UUID per import, kept when retrying: the same requestId and data answers the same import (replay true), other data fails with REQUEST_CONFLICT.",
  ].join(" "),
  input: createImportBody,
  output: importCheckSchema.partial().extend({
    importId: z.uuid().optional().meta({ description: "A real import: follow it with get_import" }),
    outcome: z.enum(["accepted", "done"]).optional().meta({ description: "accepted: a new import under way; done: a replay of the requestId's import" }),
    replay: z.boolean().optional(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run: async (scope, input) => {
    const answer = await createImport(scope, input);
    if (answer.dryRun) return answer.body;
    return { ...answer.body, outcome: answer.outcome, replay: answer.replay };
  },
});

export const getImportTool = defineTool({
  name: "get_import",
  scope: "posts:read",
  title: "Get an import's progress",
  description:
    "An import by its importId (from import_posts): status (queued, processing, completed, failed) and each row's postGroupId (get_post_group) or, for a row that made no group, its error. Poll every few seconds until completed or failed.",
  input: z.strictObject({ importId: importIdParams.shape.id }),
  output: importSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getImport(scope, input.importId),
});

// A row as the post-group create input, in one place: the dry run checks exactly what the worker
// creates. The requestId of a row's group is derived from the import's, so a run that dies and
// resumes finds the groups it made and creates none twice.
import { derivedUuid } from "../ids.ts";
import type { PostGroupBody } from "../post-groups/post-groups.schema.ts";
import type { ReadRow } from "./read-rows.ts";

export function rowGroupBody(row: ReadRow, requestId: string, accountIds: string[], mediaIds: string[]): PostGroupBody {
  return {
    requestId,
    content: {
      text: row.text,
      ...(row.thread.length ? { thread: row.thread } : {}),
      ...(mediaIds.length ? { media: mediaIds.map((mediaId) => ({ mediaId })) } : {}),
      ...(row.firstComment ? { firstComment: row.firstComment } : {}),
    },
    targets: accountIds.map((accountId) => ({ accountId })),
    ...(row.scheduledAt ? { scheduledAt: row.scheduledAt } : {}),
    ...(row.queue ? { queue: true as const } : {}),
    ...(row.evergreen ? { evergreen: true } : {}),
  };
}

export const rowRequestId = (importRequestId: string, row: number) => derivedUuid("import", importRequestId, `row:${row}`);
export const mediaRequestId = (importRequestId: string, row: number, k: number) => derivedUuid("import", importRequestId, `row:${row}:media:${k}`);

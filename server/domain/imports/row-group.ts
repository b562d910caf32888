// A row as the post-group create input, in one place: the dry run checks exactly what the worker
// creates. The requestId of a row's group is derived from the import's, so a run that dies and
// resumes finds the groups it made and creates none twice.
import crypto from "node:crypto";
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
    // evergreen (issue 49 point 4) is read (row.evergreen) but not passed until the create input
    // takes it: the integrator adds `...(row.evergreen ? { evergreen: true as const } : {}),` here.
  };
}

/** A stable UUID (version 5 layout) from the import's requestId and a name within it. */
export function derivedRequestId(importRequestId: string, name: string): string {
  const h = crypto.createHash("sha256").update(`${importRequestId}:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const rowRequestId = (importRequestId: string, row: number) => derivedRequestId(importRequestId, `row:${row}`);
export const mediaRequestId = (importRequestId: string, row: number, k: number) => derivedRequestId(importRequestId, `row:${row}:media:${k}`);

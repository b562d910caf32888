import type { MediaImport } from "../../../db.ts";
import type { z } from "zod";
import type { mediaImportErrorCodeSchema, mediaImportSchema } from "./media-import.schema.ts";

type ErrorCode = z.infer<typeof mediaImportErrorCodeSchema>;

export function presentMediaImport(row: MediaImport): z.input<typeof mediaImportSchema> {
  return {
    importId: row.id,
    status: row.status,
    url: row.url,
    ...(row.mediaType ? { mediaType: row.mediaType } : {}),
    ...(row.status === "completed" ? { mediaId: row.mediaId } : {}),
    ...(row.status === "failed" ? { error: { code: (row.errorCode ?? "IMPORT_FAILED") as ErrorCode, message: row.errorMessage ?? "The import failed" } } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.completedAt ? { completedAt: row.completedAt.toISOString() } : {}),
  };
}

// POST /api/v1/media/imports and GET /api/v1/media/imports/{id}: a file the service fetches from
// a URL into the media library, and the import's progress.
import { z } from "zod";
import { fileNameIssue } from "../file-name.ts";
import { mediaTypeSchema } from "../media.schema.ts";

export const createMediaImportInput = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/, error: "must be an http or https URL" })
      .max(2048)
      .meta({
        description:
          "A public http(s) URL of a JPEG, PNG or WebP image or an MP4 or QuickTime video. Private, loopback and link-local addresses are refused, also after DNS and redirects.",
      }),
    fileName: z
      .string()
      .optional()
      .meta({ description: "The library name; its extension becomes the stored type's (.jpg, .mp4, .mov). Default: the URL's last path segment" }),
    mediaType: mediaTypeSchema.optional().meta({ description: "IMAGE or VIDEO: the fetched file must be of this type. Default: whatever the file is" }),
    requestId: z.uuid().optional().meta({ description: "Idempotency key: the same requestId answers the same import" }),
  })
  .superRefine((v, ctx) => {
    const issue = v.fileName === undefined ? null : fileNameIssue(v.fileName, "IMAGE");
    if (issue) ctx.addIssue({ code: "custom", path: ["fileName"], message: issue });
  })
  .meta({ id: "CreateMediaImportRequest" });

export const mediaImportStatusSchema = z.enum(["queued", "processing", "completed", "failed"]).meta({ id: "MediaImportStatus" });

export const mediaImportErrorCodeSchema = z
  .enum(["URL_REFUSED", "FETCH_FAILED", "TOO_LARGE", "UNSUPPORTED_MEDIA", "INVALID_MEDIA", "STORAGE_QUOTA_EXCEEDED", "IMPORT_FAILED"])
  .meta({ id: "MediaImportErrorCode" });

export const mediaImportSchema = z
  .object({
    importId: z.uuid(),
    status: mediaImportStatusSchema,
    url: z.string(),
    mediaType: mediaTypeSchema.optional().meta({ description: "The requested type, when one was given" }),
    mediaId: z.uuid().optional().meta({ description: "When completed: the media item's id (GET /api/v1/media lists it; publish it like any upload)" }),
    error: z
      .object({ code: mediaImportErrorCodeSchema, message: z.string() })
      .optional()
      .meta({ description: "When failed: why (the URL refused, the fetch failed, too large, not an image or video, ...)" }),
    createdAt: z.iso.datetime({ offset: true }),
    completedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: "MediaImport" });

export const mediaImportIdParams = z.strictObject({ id: z.uuid() });

import { z } from "zod";
import { fileNameIssue } from "./file-name.ts";

export const GiB = 1024 ** 3;
export const MiB = 1024 ** 2;
export const MAX_VIDEO_BYTES = 2 * GiB;
export const MAX_IMAGE_BYTES = 8 * MiB;
export const UPLOAD_WINDOW_SECONDS = 300 as const;
export const CONFIRM_WINDOW_MS = 24 * 3600_000;

export const mediaTypeSchema = z.enum(["IMAGE", "VIDEO"]).meta({ id: "MediaType" });
export const mimeTypeSchema = z.enum(["video/mp4", "video/quicktime", "image/jpeg"]).meta({ id: "MediaMimeType" });

export const createUploadInput = z
  .strictObject({
    fileName: z.string().meta({ description: "At most 255 characters, no directory path, no control characters; video names end in .mp4 or .mov" }),
    contentType: mimeTypeSchema,
    fileSize: z.number().int().min(1).meta({ description: "Exact byte count. Video up to 2 GiB, JPEG up to 8 MiB" }),
    mediaType: mediaTypeSchema.default("VIDEO"),
  })
  .superRefine((v, ctx) => {
    const nameIssue = fileNameIssue(v.fileName, v.mediaType);
    if (nameIssue) ctx.addIssue({ code: "custom", path: ["fileName"], message: nameIssue });
    const videoType = v.contentType !== "image/jpeg";
    if (v.mediaType === "VIDEO" && !videoType) {
      ctx.addIssue({ code: "custom", path: ["contentType"], message: "image/jpeg is an IMAGE; set mediaType to IMAGE (it defaults to VIDEO)" });
    }
    if (v.mediaType === "IMAGE" && videoType) ctx.addIssue({ code: "custom", path: ["contentType"], message: "IMAGE uploads must be image/jpeg" });
    const max = v.mediaType === "VIDEO" ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES;
    if (v.fileSize > max) {
      ctx.addIssue({
        code: "too_big",
        origin: "number",
        maximum: max,
        inclusive: true,
        path: ["fileSize"],
        message: `${v.mediaType === "VIDEO" ? "Videos" : "JPEG images"} are limited to ${v.mediaType === "VIDEO" ? "2 GiB" : "8 MiB"} (${max} bytes)`,
      });
    }
  })
  .meta({ id: "CreateUploadRequest" });

export const uploadReservationSchema = z
  .object({
    mediaId: z.uuid().meta({ description: "Reserved id; not publishable until confirmed" }),
    mediaType: mediaTypeSchema,
    fileKey: z.string().meta({ description: "Send it to POST /api/v1/media/uploads/confirm" }),
    uploadUrl: z.url().meta({ description: "PUT the raw bytes here with exactly the requiredHeaders, within expiresInSeconds" }),
    expiresInSeconds: z.literal(UPLOAD_WINDOW_SECONDS),
    requiredHeaders: z.record(z.string(), z.string()).meta({ description: "Content-Type and Content-Length; send them exactly" }),
  })
  .meta({ id: "UploadReservation" });

export const confirmUploadInput = z
  .strictObject({
    fileKey: z.string().min(1).max(200),
    duration: z.number().positive().finite().optional().meta({ description: "Seconds; a client hint, used only when the server cannot measure it" }),
    width: z.number().int().min(1).max(32768).optional().meta({ description: "Pixels; a client hint" }),
    height: z.number().int().min(1).max(32768).optional().meta({ description: "Pixels; a client hint" }),
  })
  .meta({ id: "ConfirmUploadRequest" });

export const mediaItemSchema = z
  .object({
    mediaId: z.uuid(),
    mediaType: mediaTypeSchema,
    fileName: z.string(),
    mimeType: mimeTypeSchema,
    fileSize: z.number().int(),
    url: z.url().meta({ description: "Time-limited signed download URL (valid one hour from the answer)" }),
    durationSeconds: z.number().optional().meta({ description: "Videos: measured on the server from the container" }),
    width: z.number().int().optional().meta({ description: "Pixels, as displayed (rotation and EXIF orientation applied)" }),
    height: z.number().int().optional(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "MediaItem", description: "A confirmed media library entry" });

export const listMediaQuery = z
  .strictObject({
    mediaType: mediaTypeSchema.default("VIDEO"),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(10000).default(0),
  })
  .meta({ id: "ListMediaQuery" });

export const mediaListSchema = z.object({ media: z.array(mediaItemSchema), total: z.number().int(), hasMore: z.boolean() }).meta({ id: "MediaList" });

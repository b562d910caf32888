import { confirmUpload } from "../../domain/media/confirm-upload.ts";
import { createUpload } from "../../domain/media/create-upload.ts";
import { listMedia } from "../../domain/media/list-media.ts";
import {
  confirmUploadInput,
  createUploadInput,
  listMediaQuery,
  mediaItemSchema,
  mediaListSchema,
  uploadReservationSchema,
} from "../../domain/media/media.schema.ts";
import { z } from "zod";
import { createMediaImport } from "../../domain/media/imports/create-media-import.ts";
import { getMediaImport } from "../../domain/media/imports/get-media-import.ts";
import { createMediaImportInput, mediaImportIdParams, mediaImportSchema } from "../../domain/media/imports/media-import.schema.ts";
import { defineTool } from "../tool.ts";

export const listMediaTool = defineTool({
  name: "list_media",
  title: "List media",
  scope: "media:read",
  description:
    "Confirmed media of the workspace's library, newest first: mediaType VIDEO (default) or IMAGE, limit 1 to 100 (default 20), offset. Every mediaId listed can be published. Reserved, unconfirmed and expired uploads are never listed.",
  input: listMediaQuery,
  output: mediaListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => listMedia(scope, input),
});

export const createMediaUploadTool = defineTool({
  name: "create_media_upload",
  title: "Reserve a media upload",
  scope: "media:write",
  description: [
    "Step 1 of 3 to add a file to the media library. Reserves a mediaId and answers uploadUrl, requiredHeaders and fileKey; no bytes are sent by this tool.",
    "Step 2, outside the tool interface: PUT the raw file bytes to uploadUrl with exactly requiredHeaders (Content-Type, Content-Length) within expiresInSeconds (300).",
    "Step 3: confirm_media_upload with fileKey, within 24 hours.",
    "Videos: MP4 or QuickTime up to 2 GiB, fileName ending in .mp4 or .mov. Images: JPEG up to 8 MiB with mediaType IMAGE. fileSize is the exact byte count; it counts against the organization's storage quota at once.",
  ].join(" "),
  input: createUploadInput,
  output: uploadReservationSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (scope, input) => createUpload(scope, input),
});

export const confirmMediaUploadTool = defineTool({
  name: "confirm_media_upload",
  title: "Confirm a media upload",
  scope: "media:write",
  description:
    "Step 3 of 3: after the bytes were PUT to the uploadUrl of create_media_upload, verifies the stored file (size, content type, signature), measures its duration and dimensions on the server (duration, width and height arguments are hints that only fill gaps), and answers the media item. Its mediaId can now be published. Confirming again answers the same item. Only the key (or its user) that reserved may confirm.",
  input: confirmUploadInput,
  output: mediaItemSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (scope, input) => confirmUpload(scope, input),
});

export const importMediaTool = defineTool({
  name: "import_media",
  title: "Import media from a URL",
  scope: "media:write",
  description:
    "Adds the file at a public http(s) url to the media library, fetched by the service: a JPEG, PNG or WebP image (PNG and WebP become JPEG) up to 8 MiB, or an MP4 or QuickTime video up to 2 GiB. Optional fileName, mediaType (IMAGE or VIDEO: the file must be of it) and requestId (a UUID: repeating the call answers the same import). Returns importId with status queued; poll get_media_import until completed (its mediaId is publishable) or failed (error.code and message). Private and loopback addresses are refused.",
  input: createMediaImportInput,
  output: mediaImportSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (scope, input) => (await createMediaImport(scope, input)).body,
});

export const getMediaImportTool = defineTool({
  name: "get_media_import",
  title: "Get a media import",
  scope: "media:read",
  description:
    "An import_media import by importId: status queued, processing, then completed (with mediaId, a confirmed library item usable in publish_post) or failed (error.code URL_REFUSED, FETCH_FAILED, TOO_LARGE, UNSUPPORTED_MEDIA, INVALID_MEDIA, STORAGE_QUOTA_EXCEEDED or IMPORT_FAILED, and a message). Poll every second or two.",
  input: z.strictObject({ importId: mediaImportIdParams.shape.id.meta({ description: "The importId of an import_media result" }) }),
  output: mediaImportSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getMediaImport(scope, input.importId),
});

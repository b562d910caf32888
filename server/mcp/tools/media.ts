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

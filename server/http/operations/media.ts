import {
  confirmUploadInput,
  createUploadInput,
  listMediaQuery,
  mediaItemSchema,
  mediaListSchema,
  uploadReservationSchema,
} from "../../domain/media/media.schema.ts";
import { createMediaImportInput, mediaImportIdParams, mediaImportSchema } from "../../domain/media/imports/media-import.schema.ts";
import { defineOperation } from "../operation.ts";

const exampleItem = {
  mediaId: "5b0b6c43-8f37-4b0e-9d7c-2d5d3f6c9a10",
  mediaType: "VIDEO",
  fileName: "launch.mp4",
  mimeType: "video/mp4",
  fileSize: 48213344,
  url: "https://posteady.example/storage/object/media/6f1c2a8e-4b7d-4e43-9a55-0d2b7e9c1f00/5b0b6c43-8f37-4b0e-9d7c-2d5d3f6c9a10.mp4?expires=1795341000&signature=Zk9yY2VkU2lnbmF0dXJl",
  durationSeconds: 42.5,
  width: 1080,
  height: 1920,
  createdAt: "2026-11-22T09:30:00.000Z",
};

export const listMediaOp = defineOperation({
  operationId: "listMedia",
  method: "GET",
  path: "/api/v1/media",
  tag: "Media",
  scope: "media:read",
  summary: "List media",
  description:
    "Confirmed media of the key's workspace, newest first. Reserved, unconfirmed, expired and deleted uploads are never listed. Images are JPEG; videos MP4 or QuickTime.",
  query: listMediaQuery,
  responses: { 200: { description: "A page of media", schema: mediaListSchema, example: { media: [exampleItem], total: 1, hasMore: false } } },
});

export const createUploadOp = defineOperation({
  operationId: "createMediaUpload",
  method: "POST",
  path: "/api/v1/media/uploads",
  tag: "Media",
  scope: "media:write",
  summary: "Reserve an upload",
  description:
    "Reserves a media id and returns a private staging URL. PUT the raw bytes to `uploadUrl` with exactly `requiredHeaders` within `expiresInSeconds` (300), then confirm within 24 hours. The reserved size counts against the organization's storage quota now and is not counted again at confirmation. No bytes are uploaded by this request.",
  body: createUploadInput,
  bodyExample: { fileName: "launch.mp4", contentType: "video/mp4", fileSize: 48213344 },
  responses: {
    201: {
      description: "The reservation",
      schema: uploadReservationSchema,
      example: {
        mediaId: "5b0b6c43-8f37-4b0e-9d7c-2d5d3f6c9a10",
        mediaType: "VIDEO",
        fileKey: "fk_9WmC2u7fQy0t8rL3pXv1sB6nK4hJ5dGa",
        uploadUrl:
          "https://posteady.example/storage/upload/staging/6f1c2a8e-4b7d-4e43-9a55-0d2b7e9c1f00/5b0b6c43-8f37-4b0e-9d7c-2d5d3f6c9a10?expires=1795337700&type=video%2Fmp4&length=48213344&signature=U2lnbmVkVXBsb2Fk",
        expiresInSeconds: 300,
        requiredHeaders: { "Content-Type": "video/mp4", "Content-Length": "48213344" },
      },
    },
  },
  errors: ["STORAGE_QUOTA_EXCEEDED", "FORBIDDEN"],
});

export const confirmUploadOp = defineOperation({
  operationId: "confirmMediaUpload",
  method: "POST",
  path: "/api/v1/media/uploads/confirm",
  tag: "Media",
  scope: "media:write",
  summary: "Confirm an upload",
  description:
    "Verifies the stored object (size, content type, file signature, version), measures MP4/QuickTime duration and dimensions and JPEG dimensions on the server (hints only fill gaps), moves it out of staging, and answers the media item; its `mediaId` can now be published. Only the user (or that user's key) who reserved may confirm. Confirming again answers the same item. Bytes that are not what was reserved end the reservation (422, quota released).",
  body: confirmUploadInput,
  bodyExample: { fileKey: "fk_9WmC2u7fQy0t8rL3pXv1sB6nK4hJ5dGa" },
  responses: { 200: { description: "The confirmed media item", schema: mediaItemSchema, example: exampleItem } },
  errors: ["NOT_FOUND", "FORBIDDEN", "UPLOAD_INCOMPLETE", "UPLOAD_EXPIRED", "CONFLICT"],
});

const exampleImport = {
  importId: "0c6f2d9e-5a41-4f7e-9b3a-8e2d1c4b5a60",
  status: "queued",
  url: "https://cdn.example.com/launch/cover.png",
  createdAt: "2026-11-22T09:30:00.000Z",
};

export const createMediaImportOp = defineOperation({
  operationId: "createMediaImport",
  method: "POST",
  path: "/api/v1/media/imports",
  tag: "Media",
  scope: "media:write",
  summary: "Import media from a URL",
  description:
    "The service fetches the file at `url` into the media library: a JPEG, PNG or WebP image (PNG and WebP are converted to JPEG) up to 8 MiB, or an MP4 or QuickTime video up to 2 GiB. The file's kind is read from its bytes; with `mediaType` it must be that type. Private, loopback and link-local addresses are refused, also after DNS and redirects. Answers 202 with an `importId`; poll `GET /api/v1/media/imports/{id}` until `completed` (with `mediaId`, a confirmed library item, verified and measured like a confirmed upload) or `failed` (with `error`). With a `requestId`, repeating the request answers the same import (200).",
  body: createMediaImportInput,
  bodyExample: {
    url: "https://cdn.example.com/launch/cover.png",
    fileName: "cover.jpg",
    mediaType: "IMAGE",
    requestId: "7d9f3c1e-2b4a-4e8f-9c6d-1a2b3c4d5e6f",
  },
  responses: {
    202: { description: "The import is queued", schema: mediaImportSchema, example: exampleImport },
    200: {
      description: "A repeated requestId: the import it made",
      schema: mediaImportSchema,
      example: { ...exampleImport, status: "completed", mediaId: "5b0b6c43-8f37-4b0e-9d7c-2d5d3f6c9a10", completedAt: "2026-11-22T09:30:02.000Z" },
    },
  },
  errors: ["FORBIDDEN", "REQUEST_CONFLICT"],
});

export const getMediaImportOp = defineOperation({
  operationId: "getMediaImport",
  method: "GET",
  path: "/api/v1/media/imports/{id}",
  tag: "Media",
  scope: "media:read",
  summary: "Get a media import",
  description:
    "An import's progress: `queued`, `processing`, then `completed` with the `mediaId` of the library item, or `failed` with `error.code` (`URL_REFUSED`, `FETCH_FAILED`, `TOO_LARGE`, `UNSUPPORTED_MEDIA`, `INVALID_MEDIA`, `STORAGE_QUOTA_EXCEEDED`, `IMPORT_FAILED`) and a message. Poll every second or two.",
  params: mediaImportIdParams,
  responses: {
    200: {
      description: "The import",
      schema: mediaImportSchema,
      example: { ...exampleImport, status: "completed", mediaId: "5b0b6c43-8f37-4b0e-9d7c-2d5d3f6c9a10", completedAt: "2026-11-22T09:30:02.000Z" },
    },
  },
});

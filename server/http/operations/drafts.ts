import { z } from "zod";
import { draftBody, draftListSchema, draftParams, draftSchema } from "../../domain/drafts/drafts.schema.ts";
import { defineOperation } from "../operation.ts";

const composition = {
  content: { text: "Our spring collection is almost here", media: [{ mediaId: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d" }] },
  targets: [{ accountId: "0b8f3a52-7d0e-4c8e-b9c1-5f7a2d9e6a11" }],
  scheduledAt: "2026-12-01T09:00:00+01:00",
  timezone: "Europe/Berlin",
};
const draft = {
  draftId: "5d6e7f8a-9b0c-4d1e-8f2a-3b4c5d6e7f8a",
  composition,
  scheduledAt: "2026-12-01T08:00:00.000Z",
  timezone: "Europe/Berlin",
  createdAt: "2026-11-26T09:00:00.000Z",
  updatedAt: "2026-11-26T09:10:00.000Z",
};
const saving =
  "`composition` is the body of `POST /api/v1/post-groups` without `requestId`; its shape is checked, but it may have no targets yet and an empty text, and no publishing rule runs (limits, media, the X link rule): they run when you publish it, by sending the composition with a new `requestId` to `POST /api/v1/post-groups`. `scheduledAt` only places the draft on the calendar; nothing is scheduled.";

export const createDraftOp = defineOperation({
  operationId: "createDraft",
  method: "POST",
  path: "/api/v1/drafts",
  tag: "Drafts",
  scope: "posts:write",
  summary: "Save a draft",
  description: saving,
  body: draftBody,
  bodyExample: { composition },
  responses: { 201: { description: "Saved", schema: draftSchema, example: draft } },
});

export const listDraftsOp = defineOperation({
  operationId: "listDrafts",
  method: "GET",
  path: "/api/v1/drafts",
  tag: "Drafts",
  scope: "posts:read",
  summary: "List drafts",
  description: "The workspace's drafts, the most recently changed first (at most 500).",
  responses: { 200: { description: "Drafts", schema: draftListSchema, example: { drafts: [draft] } } },
});

export const getDraftOp = defineOperation({
  operationId: "getDraft",
  method: "GET",
  path: "/api/v1/drafts/{id}",
  tag: "Drafts",
  scope: "posts:read",
  summary: "Read a draft",
  params: draftParams,
  responses: { 200: { description: "The draft", schema: draftSchema, example: draft } },
  errors: ["NOT_FOUND"],
});

export const updateDraftOp = defineOperation({
  operationId: "updateDraft",
  method: "PUT",
  path: "/api/v1/drafts/{id}",
  tag: "Drafts",
  scope: "posts:write",
  summary: "Replace a draft's composition",
  description: saving,
  params: draftParams,
  body: draftBody,
  bodyExample: { composition },
  responses: { 200: { description: "Saved", schema: draftSchema, example: draft } },
  errors: ["NOT_FOUND"],
});

export const deleteDraftOp = defineOperation({
  operationId: "deleteDraft",
  method: "DELETE",
  path: "/api/v1/drafts/{id}",
  tag: "Drafts",
  scope: "posts:write",
  summary: "Delete a draft",
  params: draftParams,
  responses: { 200: { description: "Deleted", schema: z.object({ deleted: z.literal(1) }), example: { deleted: 1 } } },
  errors: ["NOT_FOUND"],
});

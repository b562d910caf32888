import { z } from "zod";
import { deleteDraft } from "../../domain/drafts/delete-draft.ts";
import { draftBody, draftListSchema, draftParams, draftSchema } from "../../domain/drafts/drafts.schema.ts";
import { getDraft } from "../../domain/drafts/get-draft.ts";
import { listDrafts } from "../../domain/drafts/list-drafts.ts";
import { saveDraft } from "../../domain/drafts/save-draft.ts";
import { defineTool } from "../tool.ts";

const draftId = draftParams.shape.id;

export const saveDraftTool = defineTool({
  name: "save_draft",
  title: "Save a draft",
  scope: "posts:write",
  description: [
    "Saves a composition without publishing it: composition is the input of publish_post_group without requestId. Without draftId a new draft is made; with draftId (from save_draft or list_drafts) that draft's composition is replaced.",
    "Only the shape is checked: a draft may have no targets yet and an empty text, and no publishing rule runs until it is published. scheduledAt only places it on the calendar; nothing is scheduled.",
    "To publish it, send its composition with a new requestId to publish_post_group, then delete_draft.",
  ].join(" "),
  input: draftBody.extend({ draftId: draftId.optional().meta({ description: "The draft to replace; omitted: a new draft" }) }),
  output: draftSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (scope, input) => saveDraft(scope, { id: input.draftId, composition: input.composition }),
});

export const listDraftsTool = defineTool({
  name: "list_drafts",
  title: "List drafts",
  scope: "posts:read",
  description: "The workspace's drafts, the most recently changed first (at most 500), each with its draftId and composition.",
  input: z.strictObject({}),
  output: draftListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (scope) => ({ drafts: await listDrafts(scope) }),
});

export const getDraftTool = defineTool({
  name: "get_draft",
  title: "Get a draft",
  scope: "posts:read",
  description: "A draft by its draftId: its composition, the time it is meant for and when it was last changed.",
  input: z.strictObject({ draftId: draftId.meta({ description: "A draftId of save_draft or list_drafts" }) }),
  output: draftSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope, input) => getDraft(scope, input.draftId),
});

export const deleteDraftTool = defineTool({
  name: "delete_draft",
  title: "Delete a draft",
  scope: "posts:write",
  description: "Deletes a draft by its draftId; answers { deleted: 1 }. Nothing published or scheduled is affected.",
  input: z.strictObject({ draftId: draftId.meta({ description: "A draftId of save_draft or list_drafts" }) }),
  output: z.object({ deleted: z.literal(1) }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: (scope, input) => deleteDraft(scope, input.draftId),
});

// Drafts (issue 33): a post-group composition saved without publishing. Only its shape is checked
// on save, and loosely (no accounts yet, empty text), so unfinished work can be kept; the
// publishing rules run when the draft is published or scheduled as a post group.
import { z } from "zod";
import { MAX_TARGETS, postGroupBody, postGroupTargetSchema } from "../post-groups/post-groups.schema.ts";

export const draftCompositionSchema = postGroupBody
  .omit({ requestId: true })
  .extend({
    targets: z
      .array(postGroupTargetSchema)
      .max(MAX_TARGETS)
      .meta({ description: `0 to ${MAX_TARGETS} accounts; a draft may have none yet` }),
    scheduledAt: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({
        description: "The time the draft is meant for (shown on the calendar); nothing is scheduled until it is published",
        example: "2026-12-01T09:00:00+01:00",
      }),
  })
  .meta({ id: "DraftComposition", description: "The body of POST /api/v1/post-groups without requestId, not yet checked against the publishing rules" });
export type DraftComposition = z.output<typeof draftCompositionSchema>;

export const saveDraftInput = z.strictObject({
  id: z.uuid().optional().meta({ description: "The draft to replace; omitted: a new draft" }),
  composition: draftCompositionSchema,
});
export type SaveDraftInput = z.output<typeof saveDraftInput>;

export const draftBody = z.strictObject({ composition: draftCompositionSchema }).meta({ id: "DraftRequest" });

export const draftSchema = z
  .object({
    draftId: z.uuid(),
    composition: draftCompositionSchema,
    scheduledAt: z.iso.datetime({ offset: true }).nullable().meta({ description: "composition.scheduledAt, normalized to UTC" }),
    timezone: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Draft" });
export type DraftView = z.infer<typeof draftSchema>;

export const draftListSchema = z.object({ drafts: z.array(draftSchema) }).meta({ id: "DraftList" });
export const draftParams = z.strictObject({ id: z.uuid() });

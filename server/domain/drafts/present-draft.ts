import type { Draft } from "../../db.ts";
import type { DraftComposition, DraftView } from "./drafts.schema.ts";

export function presentDraft(d: Draft): DraftView {
  return {
    draftId: d.id,
    // stored only after draftCompositionSchema accepted it
    composition: d.composition as DraftComposition,
    scheduledAt: d.scheduledAt?.toISOString() ?? null,
    timezone: d.timezone,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

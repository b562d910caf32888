import { db } from "../../db.ts";
import type { Scope } from "../access.ts";
import type { DraftView } from "./drafts.schema.ts";
import { presentDraft } from "./present-draft.ts";

/** Upper bound of one listing: a workspace keeps far fewer drafts than this in practice. */
export const MAX_DRAFTS_LISTED = 500;

/** The workspace's drafts, the most recently changed first. */
export async function listDrafts(scope: Scope): Promise<DraftView[]> {
  const drafts = await db.draft.findMany({
    where: { workspaceId: scope.workspaceId },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    take: MAX_DRAFTS_LISTED,
  });
  return drafts.map(presentDraft);
}

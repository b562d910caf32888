import { db } from "../../db.ts";
import { notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import type { DraftView } from "./drafts.schema.ts";
import { presentDraft } from "./present-draft.ts";

export async function getDraft(scope: Scope, id: string): Promise<DraftView> {
  const draft = await db.draft.findFirst({ where: { id, workspaceId: scope.workspaceId } });
  if (!draft) throw notFound("Draft");
  return presentDraft(draft);
}

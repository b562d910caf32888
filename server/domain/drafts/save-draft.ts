// Create a draft, or replace the composition of one of the workspace's drafts by id.
import { db, type Prisma } from "../../db.ts";
import { notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import type { DraftComposition, DraftView } from "./drafts.schema.ts";
import { presentDraft } from "./present-draft.ts";

export async function saveDraft(scope: Scope, input: { id?: string; composition: DraftComposition }): Promise<DraftView> {
  assertCan(scope, "content.draft");
  const { composition } = input;
  const data = {
    composition: composition as Prisma.InputJsonValue,
    // a column of its own so the calendar can ask for a date range
    scheduledAt: composition.scheduledAt ? new Date(composition.scheduledAt) : null,
    timezone: composition.timezone ?? null,
  };
  if (!input.id) return presentDraft(await db.draft.create({ data: { ...data, workspaceId: scope.workspaceId } }));
  // one statement, filtered by workspace: another workspace's id is simply not found
  const { count } = await db.draft.updateMany({ where: { id: input.id, workspaceId: scope.workspaceId }, data });
  if (count === 0) throw notFound("Draft");
  const draft = await db.draft.findFirst({ where: { id: input.id, workspaceId: scope.workspaceId } });
  if (!draft) throw notFound("Draft");
  return presentDraft(draft);
}

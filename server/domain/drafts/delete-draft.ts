import { db } from "../../db.ts";
import { notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";

export async function deleteDraft(scope: Scope, id: string): Promise<{ deleted: 1 }> {
  assertCan(scope, "content.draft");
  const { count } = await db.draft.deleteMany({ where: { id, workspaceId: scope.workspaceId } });
  if (count === 0) throw notFound("Draft");
  return { deleted: 1 };
}

// The post group or draft a thread belongs to, found in the caller's workspace (another
// workspace's is not found), with what an email about it says and links to.
import { db } from "../../db.ts";
import { env } from "../../env.ts";
import { fieldError, notFound } from "../../errors.ts";
import type { Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import type { CommentTarget } from "./comments.schema.ts";

export type FoundTarget = { postGroupId: string | null; draftId: string | null; what: "post" | "draft"; text: string; url: string };

/** The tools' and the dashboard's { postGroupId?, draftId? }: exactly one. */
export function oneTarget(input: { postGroupId?: string; draftId?: string }): CommentTarget {
  if (input.postGroupId && !input.draftId) return { postGroupId: input.postGroupId };
  if (input.draftId && !input.postGroupId) return { draftId: input.draftId };
  throw fieldError("postGroupId", "give exactly one of postGroupId and draftId", "one_target");
}

const textOf = (content: unknown) => {
  const text = (content as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "";
};

export async function findCommentTarget(scope: Scope, target: CommentTarget): Promise<FoundTarget> {
  if (target.postGroupId !== undefined) {
    const group = isUuid(target.postGroupId)
      ? await db.postGroup.findFirst({ where: { id: target.postGroupId, workspaceId: scope.workspaceId }, select: { id: true, content: true } })
      : null;
    if (!group) throw notFound("Post group");
    // the calendar opens the group's post in its detail panel, where the thread is
    return { postGroupId: group.id, draftId: null, what: "post", text: textOf(group.content), url: `${env().publicUrl}/calendar?postGroup=${group.id}` };
  }
  const draft = isUuid(target.draftId)
    ? await db.draft.findFirst({ where: { id: target.draftId, workspaceId: scope.workspaceId }, select: { id: true, composition: true } })
    : null;
  if (!draft) throw notFound("Draft");
  const composition = draft.composition as { content?: unknown } | null;
  return { postGroupId: null, draftId: draft.id, what: "draft", text: textOf(composition?.content), url: `${env().publicUrl}/compose?draft=${draft.id}` };
}

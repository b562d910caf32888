// PATCH /api/v1/post-groups/{id}: a recurring or evergreen group changed as a whole (issue 49).
// New words apply to what every later occurrence or refill publishes, and to each one already
// scheduled that was not edited alone since (its payload is still the group's: the same test
// the single edit makes, so an occurrence edited by itself keeps its own words). `evergreen`
// turns the group's refills on or off. The words meet the limits of a single post's edit.
import { withTransaction, type Provider } from "../../db.ts";
import { AppError, fieldError, notFound } from "../../errors.ts";
import { assertCan, type Scope } from "../access.ts";
import { isUuid } from "../ids.ts";
import { EDITABLE_STATUSES, editedPayload } from "../scheduling/edit-scheduled-post.ts";
import { FIXED_CONTENT_PROVIDERS } from "../scheduling/scheduled-text.ts";
import type { TargetPayload } from "./add-jobs.ts";
import { getPostGroup } from "./get-post-group.ts";
import type { PostGroupEdit, PostGroupView } from "./post-groups.schema.ts";

type GroupRow = {
  id: string;
  repeat: unknown;
  evergreen: boolean;
  targetPayloads: TargetPayload[] | null;
  seriesEndedAt: Date | null;
  content: Record<string, unknown>;
};

export async function editPostGroup(scope: Scope, postGroupId: string, edit: PostGroupEdit): Promise<PostGroupView> {
  assertCan(scope, "content.publish");
  if (!isUuid(postGroupId)) throw notFound("Post group");
  const words = edit.text !== undefined || edit.title !== undefined ? { text: edit.text, title: edit.title } : null;
  await withTransaction(async (q) => {
    const [group] = await q<GroupRow>(
      "post-group-edit-lock",
      `SELECT id, repeat, evergreen, "targetPayloads", "seriesEndedAt", content FROM "PostGroup" WHERE id = $1 AND "workspaceId" = $2 FOR UPDATE`,
      [postGroupId, scope.workspaceId],
    );
    if (!group) throw notFound("Post group");
    if (edit.evergreen && group.repeat) throw fieldError("evergreen", "cannot be set on a recurring group: it already comes back by its rule", "invalid");
    // a one-time group turned evergreen publishes again what each account published
    const before =
      group.targetPayloads ??
      (edit.evergreen
        ? await q<TargetPayload>(
            "post-group-first-payloads",
            `SELECT DISTINCT ON ("accountId") "accountId", provider, payload FROM "PublishJob" WHERE "postGroupId" = $1 ORDER BY "accountId", "createdAt"`,
            [group.id],
          )
        : null);
    if (words && (!before || (!group.repeat && !group.evergreen && !edit.evergreen))) {
      throw new AppError(
        "CONFLICT",
        "Only a recurring or evergreen group is edited as a whole; edit a one-time group's posts one by one (PATCH /api/v1/scheduled-posts/{id})",
      );
    }
    const after = before?.map((t) =>
      words && !FIXED_CONTENT_PROVIDERS.includes(t.provider as Provider)
        ? { ...t, payload: editedPayload(t.provider as Provider, t.payload as Record<string, unknown>, words) }
        : t,
    );
    if (words && after) {
      await q(
        "post-group-edit-jobs",
        `WITH input AS (SELECT * FROM unnest($2::uuid[], $3::jsonb[], $4::jsonb[]) AS t(account_id, old, new)),
         j AS (
           UPDATE "PublishJob" p SET payload = input.new, "updatedAt" = now() FROM input
            WHERE p."postGroupId" = $1 AND p."accountId" = input.account_id AND p.status = ANY($5::"JobStatus"[]) AND p."leaseOwner" IS NULL
              AND p."scheduledPostId" IS NOT NULL AND p.payload = input.old
            RETURNING p."scheduledPostId", input.new
         )
         UPDATE "ScheduledPost" s SET content = j.new, "updatedAt" = now() FROM j WHERE s.id = j."scheduledPostId"`,
        [
          group.id,
          before!.map((t) => t.accountId),
          before!.map((t) => JSON.stringify(t.payload)),
          after.map((t) => JSON.stringify(t.payload)),
          EDITABLE_STATUSES,
        ],
      );
    }
    await q("post-group-edit", `UPDATE "PostGroup" SET "targetPayloads" = $2::jsonb, evergreen = $3, content = $4::jsonb WHERE id = $1`, [
      group.id,
      after ? JSON.stringify(after) : null,
      edit.evergreen ?? group.evergreen,
      JSON.stringify(edit.text !== undefined ? { ...group.content, text: edit.text } : group.content),
    ]);
  });
  return getPostGroup(scope, postGroupId);
}

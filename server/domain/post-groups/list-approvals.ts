// The Approvals list: groups waiting for approval (oldest first), or those returned to their
// authors with the reason (newest first).
import { z } from "zod";
import { db } from "../../db.ts";
import type { Scope } from "../access.ts";
import type { StoredTarget } from "./create-post-group.ts";

export const listApprovalsQuery = z.strictObject({
  status: z.enum(["pending_approval", "rejected"]).default("pending_approval").meta({ description: "Waiting groups, or those returned to their authors" }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const approvalItemSchema = z
  .object({
    postGroupId: z.uuid(),
    status: z.enum(["pending_approval", "rejected"]),
    text: z.string(),
    scheduledAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .meta({ description: "When it is to publish once approved (null: as soon as approved, or its queue slot)" }),
    createdAt: z.iso.datetime({ offset: true }),
    requestedBy: z.string().nullable(),
    reason: z.string().nullable(),
    decidedBy: z.string().nullable(),
    targets: z.array(z.object({ accountId: z.uuid(), provider: z.string(), username: z.string().nullable() })),
  })
  .meta({ id: "ApprovalItem" });

export const approvalListSchema = z.object({ items: z.array(approvalItemSchema) }).meta({ id: "ApprovalList" });

export async function listApprovals(scope: Scope, query: z.input<typeof listApprovalsQuery>): Promise<z.infer<typeof approvalListSchema>> {
  const { status, limit } = listApprovalsQuery.parse(query);
  const pending = status === "pending_approval";
  const groups = await db.postGroup.findMany({
    where: { workspaceId: scope.workspaceId, approvalStatus: pending ? "pending" : "rejected" },
    orderBy: pending ? { createdAt: "asc" } : { approvalDecidedAt: "desc" },
    take: limit,
  });
  const accountIds = [...new Set(groups.flatMap((g) => (g.targets as StoredTarget[]).map((t) => t.accountId)))];
  const userIds = [...new Set(groups.map((g) => g.authorUserId).filter((id): id is string => !!id))];
  const [accounts, users] = await Promise.all([
    db.connectedAccount.findMany({ where: { id: { in: accountIds }, workspaceId: scope.workspaceId }, select: { id: true, username: true } }),
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }),
  ]);
  const username = new Map(accounts.map((a) => [a.id, a.username]));
  const email = new Map(users.map((u) => [u.id, u.email]));
  return {
    items: groups.map((g) => ({
      postGroupId: g.id,
      status,
      text: (g.content as { text?: string }).text ?? "",
      scheduledAt: g.scheduledAt?.toISOString() ?? null,
      createdAt: g.createdAt.toISOString(),
      requestedBy: g.authorUserId ? (email.get(g.authorUserId) ?? null) : null,
      reason: g.rejectionReason,
      decidedBy: g.approvalDecidedBy,
      targets: (g.targets as StoredTarget[]).map((t) => ({ accountId: t.accountId, provider: t.provider, username: username.get(t.accountId) ?? null })),
    })),
  };
}

// Issue 50's viewer acceptance: a viewer reads every page's data and changes nothing. Each write
// the dashboard offers, sent anyway through its tRPC door with valid input, is refused with 403
// naming the permission, and the workspace's rows are as they were (nothing in the audit log).
import { describe, expect, it } from "vitest";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { dashboardSession } from "../../testing/dashboard-session.ts";
import { createWorkspaceWithKey, uniqueEmail } from "../../testing/fixtures.ts";
import { saveDraft } from "../drafts/save-draft.ts";
import { createWebhook } from "../webhooks/manage-webhooks.ts";
import { acceptInvitation } from "./accept-invitation.ts";
import { inviteMember } from "./invite-member.ts";

describe("a viewer", () => {
  it("changes nothing through the dashboard's door: every write is 403 naming the permission, and no row changes", { timeout: 90_000 }, async () => {
    const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
    const owner = await scopeFromSession(t.user.id, t.workspace.id);
    const x = await connectAccount(t.scope, "x");
    const draft = await saveDraft(owner, { composition: { content: { text: "a draft" }, targets: [] } });
    const webhook = await createWebhook(owner, { url: "http://127.0.0.2:9/posteady", events: ["publish_job.published"] });
    const email = uniqueEmail("viewer");
    const sent = await inviteMember(owner, { email, role: "viewer" });
    await acceptInvitation({ token: sent.url.split("/invitations/")[1]!, password: "viewer-password" }, "203.0.113.20");
    const as = await dashboardSession(email, "viewer-password");

    const rows = async () => ({
      groups: await db.postGroup.count({ where: { workspaceId: t.workspace.id } }),
      drafts: await db.draft.findMany({ where: { workspaceId: t.workspace.id }, select: { id: true, updatedAt: true } }),
      webhooks: await db.webhook.count({ where: { workspaceId: t.workspace.id } }),
      keys: await db.apiKey.count({ where: { workspaceId: t.workspace.id, revokedAt: null } }),
      accounts: await db.connectedAccount.count({ where: { workspaceId: t.workspace.id, disconnectedAt: null } }),
      invitations: await db.invitation.count({ where: { workspaceId: t.workspace.id } }),
      media: await db.mediaItem.count({ where: { workspaceId: t.workspace.id } }),
      workspace: await db.workspace.findUniqueOrThrow({ where: { id: t.workspace.id } }),
      links: await db.connectLink.count({ where: { workspaceId: t.workspace.id } }),
      comments: await db.comment.count({ where: { workspaceId: t.workspace.id } }),
    });
    const before = await rows();
    const auditBefore = await db.auditEntry.count({ where: { workspaceId: t.workspace.id } });

    const writes: [string, unknown, string][] = [
      ["posts.publishGroup", { requestId: crypto.randomUUID(), content: { text: "no" }, targets: [{ accountId: x.accountId }] }, "content.draft"],
      ["posts.publish", { accountIds: [x.accountId], posts: ["no"] }, "content.publish"],
      ["drafts.save", { composition: { content: { text: "no" }, targets: [] } }, "content.draft"],
      ["drafts.delete", { id: draft.draftId }, "content.draft"],
      ["media.createUpload", { fileName: "a.jpg", contentType: "image/jpeg", fileSize: 1000, mediaType: "IMAGE" }, "content.draft"],
      ["webhooks.create", { url: "http://127.0.0.2:9/other", events: ["publish_job.published"] }, "webhooks.manage"],
      ["webhooks.remove", { id: webhook.webhookId }, "webhooks.manage"],
      ["apiKeys.create", { name: "no" }, "keys.manage"],
      ["apiKeys.revoke", { id: t.apiKeyId }, "keys.manage"],
      ["accounts.disconnect", { accountId: x.accountId }, "accounts.manage"],
      ["members.invite", { email: uniqueEmail("no"), role: "viewer" }, "members.manage"],
      ["workspaces.rename", { name: "Renamed" }, "settings.manage"],
      ["workspaces.create", { name: "Another" }, "workspace.own"],
      ["approvals.updateSettings", { approvalRequired: true }, "settings.manage"],
      ["connectLinks.create", {}, "accounts.manage"],
      ["comments.add", { draftId: draft.draftId, body: "no" }, "content.draft"],
    ];
    for (const [procedure, input, permission] of writes) {
      const res = await as(procedure, input);
      expect(res.status, procedure).toBe(403);
      expect(res.json.error.data, procedure).toMatchObject({ appCode: "FORBIDDEN", details: { permission } });
    }
    expect(await rows()).toEqual(before);
    expect(await db.auditEntry.count({ where: { workspaceId: t.workspace.id } })).toBe(auditBefore);
  });
});

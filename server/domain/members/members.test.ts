// Members and invitations through the domain, with the invitation email received on the test
// stack's real SMTP server and its link followed.
import { describe, expect, inject, it } from "vitest";
import { db } from "../../db.ts";
import { scopeFromSession } from "../../scope.ts";
import { createWorkspaceWithKey, uniqueEmail } from "../../testing/fixtures.ts";
import { linkIn, waitForEmail } from "../../testing/smtp-inbox.ts";
import { signUp } from "../auth/sign-up.ts";
import { acceptInvitation, invitationPreview } from "./accept-invitation.ts";
import { changeMemberRole, removeMember } from "./change-member.ts";
import { inviteMember, resendInvitation, revokeInvitation } from "./invite-member.ts";
import { listMembers } from "./list-members.ts";

const mailDir = inject("mailDir");
const tokenOf = (url: string) => url.split("/invitations/")[1]!;
const address = "203.0.113.7";

async function owner() {
  const t = await createWorkspaceWithKey();
  return { ...t, ownerScope: await scopeFromSession(t.user.id, t.workspace.id) };
}

describe("invitations", () => {
  it("are emailed with a single-use link that creates the account and joins with the role", async () => {
    const t = await owner();
    const email = uniqueEmail("editor");
    const sent = await inviteMember(t.ownerScope, { email, role: "editor" });
    expect(sent).toMatchObject({ invitation: { email, role: "editor" }, emailStatus: "pending" });
    const mail = await waitForEmail(mailDir, email, /invited you to/);
    expect(mail.html).toContain("Accept the invitation");
    const link = linkIn(mail, inject("baseUrl"));
    expect(link).toBe(sent.url);

    expect(await invitationPreview(tokenOf(link))).toMatchObject({ email, role: "editor", accountExists: false });
    const joined = await acceptInvitation({ token: tokenOf(link), password: "a-new-password", name: "Edith" }, address);
    expect(joined).toMatchObject({ email, workspaceId: t.workspace.id, newAccount: true });
    const members = await listMembers(t.ownerScope);
    expect(members.members.find((m) => m.email === email)).toMatchObject({ role: "editor", name: "Edith" });
    expect(members.invitations).toHaveLength(0);

    // the link works once
    await expect(acceptInvitation({ token: tokenOf(link), password: "a-new-password" }, address)).rejects.toMatchObject({ code: "LINK_GONE" });
    await expect(invitationPreview(tokenOf(link))).rejects.toMatchObject({ code: "LINK_GONE" });
  });

  it("sign an existing user in with their own password only", async () => {
    const t = await owner();
    const email = uniqueEmail("existing");
    await signUp({ email, password: "their-password" });
    const sent = await inviteMember(t.ownerScope, { email, role: "contributor" });
    expect(await invitationPreview(tokenOf(sent.url))).toMatchObject({ accountExists: true });
    await expect(acceptInvitation({ token: tokenOf(sent.url), password: "not-their-password" }, address)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await acceptInvitation({ token: tokenOf(sent.url), password: "their-password" }, address);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect((await scopeFromSession(user.id, t.workspace.id)).role).toBe("CONTRIBUTOR");
  });

  it("can be resent (the old link stops working), revoked, and a concurrent double accept joins once", async () => {
    const t = await owner();
    const email = uniqueEmail("twice");
    const first = await inviteMember(t.ownerScope, { email, role: "viewer" });
    const again = await inviteMember(t.ownerScope, { email, role: "editor" }); // inviting again renews
    expect(again.invitation.id).toBe(first.invitation.id);
    await expect(invitationPreview(tokenOf(first.url))).rejects.toMatchObject({ code: "NOT_FOUND" });
    const resent = await resendInvitation(t.ownerScope, first.invitation.id);
    expect((await listMembers(t.ownerScope)).invitations).toEqual([expect.objectContaining({ email, role: "editor" })]);

    const results = await Promise.allSettled([0, 1].map(() => acceptInvitation({ token: tokenOf(resent.url), password: "password-123" }, address)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.membership.count({ where: { workspaceId: t.workspace.id, user: { email } } })).toBe(1);

    const revoked = await inviteMember(t.ownerScope, { email: uniqueEmail("revoked"), role: "viewer" });
    await revokeInvitation(t.ownerScope, revoked.invitation.id);
    await expect(invitationPreview(tokenOf(revoked.url))).rejects.toMatchObject({ code: "LINK_GONE", message: expect.stringMatching(/withdrawn/) });
  });

  it("are refused to members without members.manage, an owner invitation to admins, and an address already a member", async () => {
    const t = await owner();
    const editor = await acceptedMember(t, "editor");
    await expect(inviteMember(editor, { email: uniqueEmail(), role: "viewer" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      details: { permission: "members.manage" },
    });
    const admin = await acceptedMember(t, "admin");
    await expect(inviteMember(admin, { email: uniqueEmail(), role: "owner" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      details: { permission: "workspace.own" },
    });
    await expect(inviteMember(t.ownerScope, { email: t.email, role: "viewer" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(inviteMember(t.ownerScope, { email: "not an email", role: "viewer" })).rejects.toMatchObject({ name: "ZodError" });
  });
});

describe("members", () => {
  it("keep a last owner: it cannot be demoted or leave, even when two owners demote each other at once", async () => {
    const t = await owner();
    await expect(changeMemberRole(t.ownerScope, { userId: t.user.id, role: "admin" })).rejects.toMatchObject({ code: "CONFLICT", message: /last owner/ });
    await expect(removeMember(t.ownerScope, { userId: t.user.id })).rejects.toMatchObject({ code: "CONFLICT" });
    const second = await acceptedMember(t, "owner");
    const secondId = second.actor.kind === "user" ? second.actor.userId : "";
    const results = await Promise.allSettled([
      changeMemberRole(t.ownerScope, { userId: secondId, role: "editor" }),
      changeMemberRole(second, { userId: t.user.id, role: "editor" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.membership.count({ where: { workspaceId: t.workspace.id, role: "OWNER" } })).toBe(1);
  });

  it("can change roles and be removed by admins, and anyone can leave", async () => {
    const t = await owner();
    const admin = await acceptedMember(t, "admin");
    const viewer = await acceptedMember(t, "viewer");
    const viewerId = viewer.actor.kind === "user" ? viewer.actor.userId : "";
    await changeMemberRole(admin, { userId: viewerId, role: "contributor" });
    expect((await scopeFromSession(viewerId, t.workspace.id)).role).toBe("CONTRIBUTOR");
    await expect(changeMemberRole(admin, { userId: t.user.id, role: "viewer" })).rejects.toMatchObject({ details: { permission: "workspace.own" } });
    const editor = await acceptedMember(t, "editor");
    await expect(removeMember(editor, { userId: viewerId })).rejects.toMatchObject({ details: { permission: "members.manage" } });
    await removeMember(editor, { userId: editor.actor.kind === "user" ? editor.actor.userId : "" }); // leaving
    await removeMember(admin, { userId: viewerId });
    expect((await listMembers(t.ownerScope)).members.map((m) => m.role).sort()).toEqual(["admin", "owner"]);
  });
});

async function acceptedMember(t: Awaited<ReturnType<typeof owner>>, role: "owner" | "admin" | "editor" | "contributor" | "viewer") {
  const email = uniqueEmail(role);
  const sent = await inviteMember(t.ownerScope, { email, role });
  await acceptInvitation({ token: tokenOf(sent.url), password: "password-123" }, address);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  return scopeFromSession(user.id, t.workspace.id);
}

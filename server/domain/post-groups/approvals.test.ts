// Approvals (issue 50 point 3): a contributor's group waits with no job; an approver's decision
// makes its jobs once, or returns it with the reason; keys need posts:approve to skip the wait.
import { describe, expect, inject, it } from "vitest";
import { db } from "../../db.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { connectBlueskyAccount } from "../../testing/bluesky-fixtures.ts";
import { team } from "../../testing/team-fixtures.ts";
import { api } from "../../testing/fixtures.ts";
import { waitForEmail } from "../../testing/smtp-inbox.ts";
import { waitForGroup } from "../../testing/post-group-fixtures.ts";
import { createApiKey } from "../api-keys/create-api-key.ts";
import { updateApprovalSettings } from "../workspaces/approval-settings.ts";
import { createWebhook } from "../webhooks/manage-webhooks.ts";
import { createPostGroup } from "./create-post-group.ts";
import { approvePostGroup, rejectPostGroup } from "./decide-approval.ts";
import { getPostGroup } from "./get-post-group.ts";
import { listApprovals } from "./list-approvals.ts";

const rid = () => crypto.randomUUID();
const mailDir = inject("mailDir");

describe("approvals", () => {
  it("hold a contributor's group with no job until an editor approves it; it then publishes once at its time", { timeout: 120_000 }, async () => {
    const t = await team();
    const x = await connectAccount(t.scope, "x");
    const sky = await connectBlueskyAccount(t.scope);
    const editor = await t.member("editor");
    const contributor = await t.member("contributor");
    const at = new Date(Date.now() + 8_000).toISOString();
    const created = await createPostGroup(contributor.scope, {
      requestId: rid(),
      content: { text: `For approval ${Date.now()}` },
      targets: [{ accountId: x.accountId }, { accountId: sky.accountId }],
      scheduledAt: at,
    });
    expect(created.body).toMatchObject({ targets: [], approval: { status: "pending_approval", requestedBy: contributor.email } });
    const groupId = created.body.postGroupId;
    expect(await db.publishJob.count({ where: { postGroupId: groupId } })).toBe(0);
    expect((await getPostGroup(t.scope, groupId)).status).toBe("pending_approval");
    expect((await listApprovals(editor.scope, {})).items.map((i) => i.postGroupId)).toEqual([groupId]);
    await waitForEmail(mailDir, editor.email, /^Approval requested/);

    // a contributor cannot approve, nor publish directly
    await expect(approvePostGroup(contributor.scope, groupId, {})).rejects.toMatchObject({ code: "FORBIDDEN", details: { permission: "content.approve" } });
    // two approvers at once make one set of jobs
    const results = await Promise.allSettled([approvePostGroup(editor.scope, groupId, {}), approvePostGroup(t.owner, groupId, {})]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    const jobs = await db.publishJob.findMany({ where: { postGroupId: groupId } });
    expect(jobs.map((j) => [j.provider, j.status, j.scheduledAt?.toISOString()]).sort()).toEqual([
      ["bluesky", "scheduled", new Date(at).toISOString()],
      ["x", "scheduled", new Date(at).toISOString()],
    ]);
    const published = await waitForGroup(t.key, groupId, 90_000);
    expect(published.status).toBe("published");
    expect(published.approval).toMatchObject({ status: "approved", decidedBy: expect.stringMatching(/@example\.test$/) });
    expect(await db.publishJob.count({ where: { postGroupId: groupId } })).toBe(2);
  });

  it("never publish late by themselves: a passed time needs a new one or publishNow", async () => {
    const t = await team();
    const x = await connectAccount(t.scope, "x");
    const contributor = await t.member("contributor");
    const created = await createPostGroup(contributor.scope, {
      requestId: rid(),
      content: { text: `Late ${Date.now()}` },
      targets: [{ accountId: x.accountId }],
      scheduledAt: new Date(Date.now() + 1_500).toISOString(),
    });
    await new Promise((r) => setTimeout(r, 2_000));
    await expect(approvePostGroup(t.owner, created.body.postGroupId, {})).rejects.toMatchObject({ code: "CONFLICT", message: /has passed/ });
    expect(await db.publishJob.count({ where: { postGroupId: created.body.postGroupId } })).toBe(0);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const approved = await approvePostGroup(t.owner, created.body.postGroupId, { scheduledAt: later });
    expect(approved.targets).toEqual([expect.objectContaining({ provider: "x", status: "scheduled" })]);
  });

  it("return a rejected group to its author with the reason, by email and as a comment, and never publish it", async () => {
    const t = await team();
    const x = await connectAccount(t.scope, "x");
    // nothing listens on port 9 of 127.0.0.2: the events are recorded, their deliveries fail
    await createWebhook(t.owner, { url: "http://127.0.0.2:9/hook", events: ["post_group.pending_approval", "post_group.approved", "post_group.rejected"] });
    const contributor = await t.member("contributor");
    const editor = await t.member("editor");
    const created = await createPostGroup(contributor.scope, {
      requestId: rid(),
      content: { text: `Rejected ${Date.now()}` },
      targets: [{ accountId: x.accountId }],
    });
    await expect(rejectPostGroup(editor.scope, created.body.postGroupId, { reason: " " })).rejects.toMatchObject({ name: "ZodError" });
    const rejected = await rejectPostGroup(editor.scope, created.body.postGroupId, { reason: "Use the new logo" });
    expect(rejected.approval).toMatchObject({ status: "rejected", reason: "Use the new logo", decidedBy: editor.email });
    const mail = await waitForEmail(mailDir, contributor.email, /^Changes needed/);
    expect(mail.text).toContain("Use the new logo");
    expect(await db.comment.findMany({ where: { postGroupId: created.body.postGroupId } })).toEqual([
      expect.objectContaining({ kind: "rejected", body: "Use the new logo" }),
    ]);
    expect((await listApprovals(contributor.scope, { status: "rejected" })).items).toEqual([expect.objectContaining({ reason: "Use the new logo" })]);
    await expect(approvePostGroup(editor.scope, created.body.postGroupId, {})).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db.publishJob.count({ where: { postGroupId: created.body.postGroupId } })).toBe(0);
    const events = await db.webhookEvent.findMany({ where: { workspaceId: t.workspace.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.type, (e.resource as { postGroupId: string }).postGroupId])).toEqual([
      ["post_group.pending_approval", created.body.postGroupId],
      ["post_group.rejected", created.body.postGroupId],
    ]);
    expect(events[1]!.resource).toMatchObject({ approvalStatus: "rejected", reason: "Use the new logo", decidedBy: editor.email });
  });

  it("with every post needing approval: keys without posts:approve wait and cannot publish directly; keys with it publish; REST approves", async () => {
    const t = await team();
    const x = await connectAccount(t.scope, "x");
    await updateApprovalSettings(t.owner, { approvalRequired: true });
    const { key: plainKey } = await createApiKey(t.owner, { name: "no approval", scopes: ["posts:write", "posts:read"] });
    const waiting = await api(plainKey)("POST", "/api/v1/post-groups", {
      body: { requestId: rid(), content: { text: `Waits ${Date.now()}` }, targets: [{ accountId: x.accountId }] },
    });
    expect(waiting.status, waiting.text).toBe(202);
    expect(waiting.json).toMatchObject({ targets: [], approval: { status: "pending_approval" } });
    const direct = await api(plainKey)("POST", "/api/v1/posts", { body: { accountIds: [x.accountId], posts: [`Direct ${rid()}`] } });
    expect(direct.status).toBe(403);
    expect(direct.json.error.details).toMatchObject({ permission: "content.approve" });
    const refused = await api(plainKey)("POST", `/api/v1/post-groups/${waiting.json.postGroupId}/approve`, { body: {} });
    expect(refused.status).toBe(403);
    expect(refused.json.error.details).toMatchObject({ requiredScope: "posts:approve" });

    const approved = await api(t.key)("POST", `/api/v1/post-groups/${waiting.json.postGroupId}/approve`, { body: { publishNow: true } });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.approval).toMatchObject({ status: "approved", decidedBy: expect.stringMatching(/^test \(pst_/) });
    expect(approved.json.targets).toHaveLength(1);
    const trusted = await api(t.key)("POST", "/api/v1/post-groups", {
      body: { requestId: rid(), content: { text: `Trusted ${Date.now()}` }, targets: [{ accountId: x.accountId }] },
    });
    expect(trusted.json.approval).toBeUndefined();
    expect(trusted.json.targets).toHaveLength(1);
    // an editor's own group waits too when the setting is on
    const editor = await t.member("editor");
    const own = await createPostGroup(editor.scope, { requestId: rid(), content: { text: `Editor ${Date.now()}` }, targets: [{ accountId: x.accountId }] });
    expect(own.body.approval?.status).toBe("pending_approval");
  });

  it("are refused to viewers, and replays answer the waiting group", async () => {
    const t = await team();
    const x = await connectAccount(t.scope, "x");
    const viewer = await t.member("viewer");
    const body = { requestId: rid(), content: { text: `Viewer ${Date.now()}` }, targets: [{ accountId: x.accountId }] };
    await expect(createPostGroup(viewer.scope, body)).rejects.toMatchObject({ code: "FORBIDDEN", details: { permission: "content.draft" } });
    const contributor = await t.member("contributor");
    const first = await createPostGroup(contributor.scope, body);
    const again = await createPostGroup(contributor.scope, body);
    expect(again).toMatchObject({ replay: true, body: { postGroupId: first.body.postGroupId, approval: { status: "pending_approval" } } });
  });
});

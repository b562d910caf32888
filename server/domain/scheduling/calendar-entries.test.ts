// The calendar's entries against the real database and sandbox: a text post published through
// POST /api/v1/posts (no job) appears once synchronized; a post a job published appears once, as
// its job, not again as its synchronized copy; so does a thread published without a job, its
// replies part of its first post; scheduled posts and drafts carry their kind; a group waiting
// for approval (no job yet) appears at its requested time, or on the day it was submitted.
import { describe, expect, it } from "vitest";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { publish, waitForJob } from "../../testing/publish-fixtures.ts";
import { createPostGroup } from "../post-groups/create-post-group.ts";
import { approvePostGroup, rejectPostGroup } from "../post-groups/decide-approval.ts";
import { syncAccount } from "../posts/sync-account.ts";
import { updateApprovalSettings } from "../workspaces/approval-settings.ts";
import { calendarEntries, unscheduledDrafts } from "./calendar-entries.ts";

describe("calendar entries", () => {
  it("shows every post once, each with its kind", async () => {
    const t = await createWorkspaceWithKey();
    const scope = await scopeFromSession(t.user.id, t.workspace.id);
    const call = api(t.key);
    const x = await connectAccount(scope, "x");
    const threads = await connectAccount(scope, "threads");

    // text now through POST /api/v1/posts: no job is kept
    const direct = await publish(t.key, { accountIds: [x.accountId], posts: ["Said directly"] });
    expect(direct.status, direct.text).toBe(200);
    // text now through a post group: a job
    const group = await call("POST", "/api/v1/post-groups", {
      body: { requestId: crypto.randomUUID(), content: { text: "Said as a group" }, targets: [{ accountId: x.accountId }] },
    });
    expect(group.status, group.text).toBe(202);
    await waitForJob(t.key, group.json.targets[0].jobId, 30_000);
    const later = new Date(Date.now() + 3600_000);
    const scheduled = await call("POST", "/api/v1/scheduled-posts", {
      body: { accountIds: [threads.accountId], posts: ["Said later"], scheduledAt: later.toISOString() },
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    const draft = await call("POST", "/api/v1/drafts", {
      body: {
        composition: {
          content: { text: "Maybe said" },
          targets: [{ accountId: x.accountId }, { accountId: threads.accountId }],
          scheduledAt: later.toISOString(),
        },
      },
    });
    await call("POST", "/api/v1/drafts", { body: { composition: { content: { text: "Someday" }, targets: [] } } });
    expect((await syncAccount(x.accountId)).complete).toBe(true);

    const range = { from: new Date(Date.now() - 3600_000).toISOString(), to: new Date(Date.now() + 2 * 3600_000).toISOString() };
    const entries = await calendarEntries(scope, range);
    const bySummary = (s: string) => entries.filter((e) => e.summary === s);
    expect(bySummary("Said directly")).toMatchObject([{ kind: "published", jobId: null, provider: "x", status: "published", editable: false }]);
    expect(bySummary("Said as a group")).toMatchObject([{ kind: "published", provider: "x", status: "published" }]);
    expect(bySummary("Said as a group")[0]!.jobId).toBe(group.json.targets[0].jobId);
    expect(bySummary("Said later")).toMatchObject([
      { kind: "scheduled", provider: "threads", status: "scheduled", text: "Said later", movable: true, cancellable: true, editable: true },
    ]);
    expect(bySummary("Maybe said")).toMatchObject([
      { kind: "draft", draftId: draft.json.draftId, status: null, targets: [{ provider: "x" }, { provider: "threads" }] },
    ]);
    expect(bySummary("Someday")).toEqual([]);
    expect(await unscheduledDrafts(scope)).toMatchObject([{ summary: "Someday", targets: [] }]);

    // another workspace sees none of it
    const other = await createWorkspaceWithKey();
    expect(await calendarEntries(await scopeFromSession(other.user.id, other.workspace.id), range)).toEqual([]);
  });

  it("shows a thread published through POST /api/v1/posts once per account, its replies folded into its first post", async () => {
    const t = await createWorkspaceWithKey();
    const scope = await scopeFromSession(t.user.id, t.workspace.id);
    const x = await connectAccount(scope, "x");
    const other = await connectAccount(scope, "x");

    const thread = await publish(t.key, { accountIds: [x.accountId, other.accountId], posts: ["Thread opens", "Thread goes on", "Thread ends"] });
    expect(thread.status, thread.text).toBe(200);
    expect(thread.json.results.map((r: { postIds: string[] }) => r.postIds.length)).toEqual([3, 3]);
    // a single post stays an entry of its own
    const single = await publish(t.key, { accountIds: [x.accountId], posts: ["Standalone"] });
    expect(single.status, single.text).toBe(200);
    for (const account of [x, other]) expect((await syncAccount(account.accountId)).complete).toBe(true);

    const range = { from: new Date(Date.now() - 3600_000).toISOString(), to: new Date(Date.now() + 3600_000).toISOString() };
    const entries = await calendarEntries(scope, range);
    expect(entries.map((e) => [e.username, e.summary]).sort()).toEqual(
      [
        [x.username, "Thread opens"],
        [other.username, "Thread opens"],
        [x.username, "Standalone"],
      ].sort(),
    );
    expect(entries.every((e) => e.kind === "published" && e.status === "published")).toBe(true);
  });

  it("shows a group waiting for approval at its requested time, or on the day it was submitted, and never as movable", async () => {
    const t = await createWorkspaceWithKey();
    const owner = await scopeFromSession(t.user.id, t.workspace.id);
    const x = await connectAccount(owner, "x");
    const sky = await connectAccount(owner, "threads");
    await updateApprovalSettings(owner, { approvalRequired: true });
    const submit = (text: string, when: { scheduledAt?: string }) =>
      createPostGroup(owner, {
        requestId: crypto.randomUUID(),
        content: { text },
        targets: [{ accountId: x.accountId }, { accountId: sky.accountId }],
        ...when,
      });
    const later = new Date(Date.now() + 3600_000).toISOString();
    const timed = await submit("Waits for its time", { scheduledAt: later });
    await submit("Waits to publish now", {});
    await submit("Waits next week", { scheduledAt: new Date(Date.now() + 8 * 86400_000).toISOString() });
    const returned = await submit("Sent back", { scheduledAt: later });
    await rejectPostGroup(owner, returned.body.postGroupId, { reason: "Not this one" });

    const range = { from: new Date(Date.now() - 3600_000).toISOString(), to: new Date(Date.now() + 2 * 3600_000).toISOString() };
    const entries = await calendarEntries(owner, range);
    expect(entries.map((e) => e.summary).sort()).toEqual(["Waits for its time", "Waits to publish now"]);
    const waiting = entries.find((e) => e.summary === "Waits for its time")!;
    expect(waiting).toMatchObject({
      kind: "pending_approval",
      jobId: null,
      status: null,
      at: new Date(later).toISOString(),
      targets: [
        { provider: "x", username: x.username },
        { provider: "threads", username: sky.username },
      ],
      movable: false,
      cancellable: false,
      editable: false,
      approval: { postGroupId: timed.body.postGroupId, requestedBy: t.email, requestedAt: new Date(later).toISOString(), queued: false },
    });
    const now = entries.find((e) => e.summary === "Waits to publish now")!;
    expect(now).toMatchObject({ kind: "pending_approval", approval: { requestedAt: null, queued: false } });
    expect(now.at).toBe(now.approval!.submittedAt);

    // once approved it is two scheduled posts, and no longer a request
    await approvePostGroup(owner, timed.body.postGroupId, {});
    const after = await calendarEntries(owner, range);
    const approved = after.filter((e) => e.summary === "Waits for its time").map((e) => [e.kind, e.provider, e.at]);
    expect(approved.sort()).toEqual([
      ["scheduled", "threads", waiting.at],
      ["scheduled", "x", waiting.at],
    ]);

    // another workspace sees none of it
    const other = await createWorkspaceWithKey();
    expect(await calendarEntries(await scopeFromSession(other.user.id, other.workspace.id), range)).toEqual([]);
  });
});

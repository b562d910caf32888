// Comments (issue 50 point 5) through the REST door with a key, and the domain with
// members' sessions: threads oldest first with clients' decisions marked, mentions emailed on the
// real SMTP inbox, and refusals that write and send nothing.
import { describe, expect, inject, it } from "vitest";
import { db } from "../../db.ts";
import { env } from "../../env.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { team } from "../../testing/team-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { linkIn, waitForEmail } from "../../testing/smtp-inbox.ts";
import { saveDraft } from "../drafts/save-draft.ts";
import { createPostGroup } from "../post-groups/create-post-group.ts";
import { addComment } from "./add-comment.ts";
import { listComments } from "./list-comments.ts";

const mailDir = inject("mailDir");

async function postGroupOf(t: Awaited<ReturnType<typeof team>>) {
  const x = await connectAccount(t.scope, "x");
  const created = await createPostGroup(t.owner, {
    requestId: crypto.randomUUID(),
    content: { text: `Spring sale ${Date.now()}` },
    targets: [{ accountId: x.accountId }],
    scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return created.body.postGroupId;
}

const mentionEmails = (workspaceId: string) =>
  db.emailMessage.findMany({ where: { workspaceId, kind: "comment_mention" }, select: { to: true, subject: true } });

describe("comments", () => {
  it("are added and listed through REST with a key, oldest first, with clients' decisions and rejections marked", { timeout: 60_000 }, async () => {
    const t = await team();
    const groupId = await postGroupOf(t);
    const call = api(t.key);
    const added = await call("POST", `/api/v1/post-groups/${groupId}/comments`, { body: { body: "  Check the price, please  " } });
    expect(added.status, added.text).toBe(201);
    const key = await db.apiKey.findUniqueOrThrow({ where: { id: t.apiKeyId } });
    expect(added.json).toMatchObject({
      kind: "note",
      body: "Check the price, please",
      author: { userId: null, name: `test (${key.prefix}…)`, client: false },
      mentions: [],
    });
    // what a client's review link and an approver's rejection write into the same thread
    await db.comment.create({
      data: {
        workspaceId: t.workspace.id,
        postGroupId: groupId,
        reviewLinkId: crypto.randomUUID(),
        authorName: "Dana",
        kind: "changes_requested",
        body: "New logo",
      },
    });
    await db.comment.create({
      data: { workspaceId: t.workspace.id, postGroupId: groupId, authorUserId: t.user.id, authorName: t.email, kind: "rejected", body: "Not this week" },
    });
    const listed = await call("GET", `/api/v1/post-groups/${groupId}/comments`);
    expect(listed.status).toBe(200);
    expect(listed.json.comments.map((c: any) => [c.kind, c.body, c.author.name, c.author.client])).toEqual([
      ["note", "Check the price, please", `test (${key.prefix}…)`, false],
      ["changes_requested", "New logo", "Dana", true],
      ["rejected", "Not this week", t.email, false],
    ]);
    // a draft's thread is its own
    const draft = await saveDraft(t.owner, { composition: { content: { text: "later" }, targets: [] } });
    expect((await call("POST", `/api/v1/drafts/${draft.draftId}/comments`, { body: { body: "On the draft" } })).status).toBe(201);
    expect((await call("GET", `/api/v1/drafts/${draft.draftId}/comments`)).json.comments.map((c: any) => c.body)).toEqual(["On the draft"]);

    // unknown, malformed and another workspace's targets are not found; an empty body is 422
    const other = await createWorkspaceWithKey();
    for (const path of [`/api/v1/post-groups/${crypto.randomUUID()}/comments`, `/api/v1/drafts/${crypto.randomUUID()}/comments`]) {
      expect((await call("GET", path)).status, path).toBe(404);
      expect((await call("POST", path, { body: { body: "hello" } })).json.error.code, path).toBe("NOT_FOUND");
    }
    expect((await api(other.key)("GET", `/api/v1/post-groups/${groupId}/comments`)).status).toBe(404);
    expect((await api(other.key)("POST", `/api/v1/drafts/${draft.draftId}/comments`, { body: { body: "hello" } })).status).toBe(404);
    const empty = await call("POST", `/api/v1/post-groups/${groupId}/comments`, { body: { body: "   " } });
    expect(empty.status).toBe(422);
    expect(empty.json.error.details.issues[0].path).toBe("body");
    expect(await db.comment.count({ where: { workspaceId: t.workspace.id } })).toBe(4);
  });

  it(
    "email each mentioned member but the author once, with a link to the draft; a non-member is 422 and nothing is written or sent",
    { timeout: 90_000 },
    async () => {
      const t = await team();
      const editor = await t.member("editor");
      const contributor = await t.member("contributor");
      const draft = await saveDraft(t.owner, { composition: { content: { text: "Launch thread" }, targets: [] } });
      const added = await addComment(
        contributor.scope,
        { draftId: draft.draftId },
        { body: "Is this ready?", mentions: [editor.userId, contributor.userId, editor.userId] },
      );
      expect(added.comment.author).toEqual({ userId: contributor.userId, name: contributor.email, client: false });
      expect(added.comment.mentions.map((m) => m.email).sort()).toEqual([contributor.email, editor.email].sort());
      const email = await waitForEmail(mailDir, editor.email, /mentioned you on a draft/);
      expect(email.subject).toBe(
        `${contributor.email} mentioned you on a draft in ${(await db.workspace.findUniqueOrThrow({ where: { id: t.workspace.id } })).name}`,
      );
      expect(email.text).toContain("Is this ready?");
      expect(linkIn(email, env().publicUrl)).toBe(`${env().publicUrl}/compose?draft=${draft.draftId}`);
      expect(await mentionEmails(t.workspace.id)).toEqual([{ to: editor.email, subject: email.subject }]);

      // a stranger (a user of another workspace) cannot be mentioned: 422 on mentions, nothing kept
      const stranger = await createWorkspaceWithKey();
      const refused = await api(t.key)("POST", `/api/v1/drafts/${draft.draftId}/comments`, {
        body: { body: "Look", mentions: [editor.userId, stranger.user.id] },
      });
      expect(refused.status).toBe(422);
      expect(refused.json.error.details.issues).toMatchObject([{ path: "mentions", code: "not_member" }]);
      expect(await db.comment.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
      expect(await mentionEmails(t.workspace.id)).toHaveLength(1);
    },
  );

  it("refuse a viewer (403 naming content.draft), who still reads the thread", { timeout: 60_000 }, async () => {
    const t = await team();
    const viewer = await t.member("viewer");
    const groupId = await postGroupOf(t);
    await addComment(t.owner, { postGroupId: groupId }, { body: "From the owner" });
    await expect(addComment(viewer.scope, { postGroupId: groupId }, { body: "no" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      details: { permission: "content.draft" },
    });
    expect((await listComments(viewer.scope, { postGroupId: groupId })).comments.map((c) => c.body)).toEqual(["From the owner"]);
    expect(await db.comment.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
  });

  it("add one comment for a requestId, however often the POST is retried; another comment under it is 409", { timeout: 60_000 }, async () => {
    const t = await team();
    const editor = await t.member("editor");
    const groupId = await postGroupOf(t);
    const call = api(t.key);
    const path = `/api/v1/post-groups/${groupId}/comments`;
    const body = { body: "Once", mentions: [editor.userId], requestId: crypto.randomUUID() };
    const first = await Promise.all([call("POST", path, { body }), call("POST", path, { body })]);
    expect(first.map((r) => r.status).sort()).toEqual([200, 201]);
    const again = await call("POST", path, { body: { ...body, mentions: [editor.userId, editor.userId] } });
    expect(again.status).toBe(200);
    expect(new Set([...first, again].map((r) => r.json.commentId)).size).toBe(1);
    const conflict = await call("POST", path, { body: { ...body, body: "Twice" } });
    expect(conflict.status).toBe(409);
    expect(conflict.json.error).toMatchObject({ code: "REQUEST_CONFLICT", details: { commentId: again.json.commentId } });
    expect(await db.comment.count({ where: { workspaceId: t.workspace.id } })).toBe(1);
    expect(await mentionEmails(t.workspace.id)).toHaveLength(1);
  });
});

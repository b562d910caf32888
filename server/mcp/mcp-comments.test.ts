// The comment tools: the REST twins' rules (server/domain/comments/comments.test.ts), and the one
// rule of their own, exactly one of postGroupId and draftId.
import { describe, expect, it } from "vitest";
import { saveDraft } from "../domain/drafts/save-draft.ts";
import { scopeFromSession } from "../scope.ts";
import { createWorkspaceWithKey } from "../testing/fixtures.ts";
import { httpClient, ok, toolError } from "./test-client.ts";

describe("comments over MCP", () => {
  it("are the tools add_comment and list_comments, which take exactly one of postGroupId and draftId", { timeout: 60_000 }, async () => {
    const t = await createWorkspaceWithKey();
    const draft = await saveDraft(await scopeFromSession(t.user.id, t.workspace.id), { composition: { content: { text: "x" }, targets: [] } });
    const client = await httpClient(t.key);
    const added = await ok(client, "add_comment", { draftId: draft.draftId, body: "From an agent" });
    expect(added).toMatchObject({ kind: "note", body: "From an agent", author: { userId: null, client: false } });
    expect(await ok(client, "list_comments", { draftId: draft.draftId })).toMatchObject({ comments: [{ commentId: added.commentId }] });
    expect(await toolError(client, "add_comment", { body: "neither" })).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await toolError(client, "list_comments", { draftId: draft.draftId, postGroupId: crypto.randomUUID() })).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await toolError(client, "list_comments", { postGroupId: crypto.randomUUID() })).toMatchObject({ code: "NOT_FOUND" });
  });
});

// Client review links (issue 50 point 4) over the real test stack: made through the REST door,
// opened as a signed-out client would (the public page), answered (changes requested, approval
// counted only where the workspace allows it, each answer once), revoked and refused in plain words.
import { describe, expect, inject, it } from "vitest";
import { db } from "../../db.ts";
import { toAppError } from "../../errors.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { team } from "../../testing/team-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { makeJpeg } from "../../testing/media-fixtures.ts";
import { waitForEmail } from "../../testing/smtp-inbox.ts";
import { upload } from "../../testing/upload-fixtures.ts";
import { createApiKey } from "../api-keys/create-api-key.ts";
import { createPostGroup } from "../post-groups/create-post-group.ts";
import { updateApprovalSettings } from "../workspaces/approval-settings.ts";
import { createReviewLink } from "./manage-review-links.ts";
import { respondToReviewLink } from "./respond-review-link.ts";

const mailDir = inject("mailDir");
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

/** The link's public page, as a signed-out browser gets it. */
async function openPage(url: string) {
  const res = await fetch(inject("baseUrl") + new URL(url).pathname, { redirect: "manual" });
  return { status: res.status, html: textOf(await res.text()) };
}

describe("client review links", () => {
  it("show a contributor's group to a signed-out client; changes requested become a comment and an email; approval counts only when allowed, once", async () => {
    const t = await team();
    const x = await connectAccount(t.scope, "x");
    const linkedin = await connectAccount(t.scope, "linkedin");
    const contributor = await t.member("contributor");
    const image = await upload(t.key, { fileName: "launch.jpg", contentType: "image/jpeg", bytes: await makeJpeg(), mediaType: "IMAGE" });
    const text = `Our launch ${Date.now()}`;
    const created = await createPostGroup(contributor.scope, {
      requestId: crypto.randomUUID(),
      content: { text, media: [{ mediaId: image.confirmed.json.mediaId }] },
      targets: [{ accountId: x.accountId }, { accountId: linkedin.accountId, content: { text: `${text} (LinkedIn words)` } }],
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const groupId = created.body.postGroupId;

    const made = await api(t.key)("POST", "/api/v1/review-links", { body: { postGroupIds: [groupId] } });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ postGroupIds: [groupId], status: "active", responses: 0, url: expect.stringMatching(/\/review\/[A-Za-z0-9_-]{43}$/) });
    const url: string = made.json.url;
    const page = await openPage(url);
    expect(page.status).toBe(200);
    // each target's preview, with its own words, and the image by a signed URL
    expect(page.html).toContain("X preview of @");
    expect(page.html).toContain("LinkedIn preview of @");
    expect(page.html).toContain("(LinkedIn words)");
    expect(page.html).toMatch(/\/storage\/object\/[^"]+signature=/);
    expect(page.html).toContain("Waiting for approval");

    const asked = {
      token: tokenOf(url),
      postGroupId: groupId,
      name: "Dana at Client Co",
      decision: "request_changes" as const,
      comment: "Say 'Monday' instead",
    };
    const submissionId = crypto.randomUUID();
    expect(await respondToReviewLink({ ...asked, submissionId }, "198.51.100.7")).toEqual({ outcome: "noted", note: null });
    // sent twice (a double click, a retry): one comment, one email
    await respondToReviewLink({ ...asked, submissionId }, "198.51.100.7");
    const comments = await db.comment.findMany({ where: { postGroupId: groupId } });
    expect(comments.map((c) => [c.kind, c.authorName, c.body, c.authorUserId])).toEqual([
      ["changes_requested", "Dana at Client Co", "Say 'Monday' instead", null],
    ]);
    expect(comments[0]!.reviewLinkId).toBe(made.json.reviewLinkId);
    const mail = await waitForEmail(mailDir, contributor.email, /^Dana at Client Co asked for changes/);
    expect(mail.text).toContain("Say 'Monday' instead");
    expect(textOf((await openPage(url)).html)).toContain("Say &#x27;Monday&#x27; instead");
    const audit = await db.auditEntry.findMany({ where: { workspaceId: t.workspace.id, actorKind: "reviewLink" } });
    expect(audit.map((a) => [a.actorLabel, a.door, a.action, a.resourceId, a.address])).toEqual([
      ["Dana at Client Co", "link", "reviewLinks.requestChanges", groupId, "198.51.100.7"],
    ]);

    // the workspace does not let clients approve: the approval is a comment, the group still waits
    const approval = { ...asked, decision: "approve" as const, comment: "" };
    const noted = await respondToReviewLink({ ...approval, submissionId: crypto.randomUUID() }, null);
    expect(noted).toMatchObject({ outcome: "noted", note: expect.stringContaining("passed on to the team") });
    expect((await db.postGroup.findUniqueOrThrow({ where: { id: groupId } })).approvalStatus).toBe("pending");
    expect(await db.publishJob.count({ where: { postGroupId: groupId } })).toBe(0);

    // now it does: the client's approval approves, once, named as the client
    await updateApprovalSettings(t.owner, { clientApprovalAllowed: true });
    const again = { ...approval, submissionId: crypto.randomUUID() };
    const both = await Promise.all([respondToReviewLink(again, null), respondToReviewLink(again, null)]);
    expect(both.map((b) => b.outcome)).toEqual(["approved", "approved"]);
    const group = await db.postGroup.findUniqueOrThrow({ where: { id: groupId } });
    expect([group.approvalStatus, group.approvalDecidedBy]).toEqual(["approved", "Dana at Client Co (client review link)"]);
    expect(await db.publishJob.count({ where: { postGroupId: groupId } })).toBe(2);
    expect(await db.comment.count({ where: { postGroupId: groupId, kind: "approved" } })).toBe(2);
    const listed = await api(t.key)("GET", "/api/v1/review-links");
    expect(listed.json.reviewLinks).toMatchObject([{ reviewLinkId: made.json.reviewLinkId, responses: 3 }]);
    expect(listed.text).not.toContain(tokenOf(url));
  });

  it("answer 410 in plain words once revoked or expired, 404 when unknown, and take no answer then", async () => {
    const t = await team();
    const x = await connectAccount(t.scope, "x");
    const g = await createPostGroup(t.scope, {
      requestId: crypto.randomUUID(),
      content: { text: "Scheduled already" },
      targets: [{ accountId: x.accountId }],
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const link = await createReviewLink(t.owner, { postGroupIds: [g.body.postGroupId] });
    expect((await openPage(link.url)).html).toContain("Scheduled");
    const revoked = await api(t.key)("DELETE", `/api/v1/review-links/${link.reviewLinkId}`);
    expect(revoked.json).toMatchObject({ status: "revoked" });
    const page = await openPage(link.url);
    expect([page.status, page.html.includes("This review link was withdrawn")]).toEqual([410, true]);
    const answer = { token: tokenOf(link.url), postGroupId: g.body.postGroupId, submissionId: crypto.randomUUID(), name: "Late", decision: "approve" as const };
    await expect(respondToReviewLink(answer, null)).rejects.toMatchObject({ code: "LINK_GONE" });
    expect(await db.comment.count({ where: { reviewLinkId: link.reviewLinkId } })).toBe(0);

    const short = await createReviewLink(t.owner, { postGroupIds: [g.body.postGroupId] });
    await db.reviewLink.update({ where: { id: short.reviewLinkId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await openPage(short.url);
    expect([expired.status, expired.html.includes("This review link has expired")]).toEqual([410, true]);
    for (const path of ["/review/" + "A".repeat(43), "/review/not-a-token"]) {
      const res = await fetch(inject("baseUrl") + path);
      expect([path, res.status, textOf(await res.text()).includes("This review link is not valid")]).toEqual([path, 404, true]);
    }
  });

  it("are made only by those who approve, for the workspace's own groups, and take only answers that say something", async () => {
    const t = await team();
    const x = await connectAccount(t.scope, "x");
    const g = await createPostGroup(t.scope, { requestId: crypto.randomUUID(), content: { text: "Mine" }, targets: [{ accountId: x.accountId }] });
    const contributor = await t.member("contributor");
    await expect(createReviewLink(contributor.scope, { postGroupIds: [g.body.postGroupId] })).rejects.toMatchObject({
      code: "FORBIDDEN",
      details: { permission: "content.approve" },
    });
    const { key } = await createApiKey(t.scope, { name: "writer", scopes: ["posts:read", "posts:write"] });
    const refused = await api(key)("POST", "/api/v1/review-links", { body: { postGroupIds: [g.body.postGroupId] } });
    expect([refused.status, refused.json.error.code]).toEqual([403, "FORBIDDEN"]);
    const other = await createWorkspaceWithKey();
    const foreign = await api(other.key)("POST", "/api/v1/review-links", { body: { postGroupIds: [g.body.postGroupId] } });
    expect([foreign.status, foreign.json.error.details.issues[0].path]).toEqual([422, "postGroupIds"]);
    expect(await db.reviewLink.count({ where: { workspaceId: { in: [t.workspace.id, other.workspace.id] } } })).toBe(0);

    const link = await createReviewLink(t.owner, { postGroupIds: [g.body.postGroupId] });
    const base = { token: tokenOf(link.url), postGroupId: g.body.postGroupId, submissionId: crypto.randomUUID() };
    // as every door answers them (the doors turn a domain error into the envelope through toAppError)
    const codeOf = (answer: Promise<unknown>) =>
      answer.then(
        () => "ok",
        (err: unknown) => toAppError(err).code,
      );
    expect(await codeOf(respondToReviewLink({ ...base, name: "Dana", decision: "request_changes", comment: "  " }, null))).toBe("VALIDATION_ERROR");
    expect(await codeOf(respondToReviewLink({ ...base, name: " ", decision: "approve" }, null))).toBe("VALIDATION_ERROR");
    expect(await codeOf(respondToReviewLink({ ...base, postGroupId: crypto.randomUUID(), name: "Dana", decision: "approve" }, null))).toBe("NOT_FOUND");
    expect(await db.comment.count({ where: { reviewLinkId: link.reviewLinkId } })).toBe(0);
  });
});

// Editing a scheduled post's words (PATCH /api/v1/scheduled-posts/{id}) against the sandbox: the
// published post carries the edit; started, published, canceled and instagram schedules are
// refused; the platform limits apply; an edit racing the start either lands first or is refused.
import { describe, expect, it } from "vitest";
import { db, sql } from "../../db.ts";
import { isAppError } from "../../errors.ts";
import { scopeFromSession } from "../../scope.ts";
import { connectAccount } from "../../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../../testing/fixtures.ts";
import { sandboxPosts } from "../../testing/platform-fixtures.ts";
import { uploadImage, uploadVideo, waitForJob } from "../../testing/publish-fixtures.ts";
import { editScheduledPost } from "./edit-scheduled-post.ts";

async function setup() {
  const t = await createWorkspaceWithKey();
  return { ...t, scope: await scopeFromSession(t.user.id, t.workspace.id), call: api(t.key) };
}

const rid = () => crypto.randomUUID();
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
type Call = ReturnType<typeof api>;
const schedule = (call: Call, body: unknown) => call("POST", "/api/v1/scheduled-posts", { body });
const edit = (call: Call, id: string, body: unknown) => call("PATCH", `/api/v1/scheduled-posts/${id}`, { body });

async function scheduledText(call: Call, accountId: string, text: string, at: string) {
  const res = await schedule(call, { accountIds: [accountId], posts: [text], scheduledAt: at });
  expect(res.status, res.text).toBe(200);
  return res.json.results[0].scheduledPostIds[0] as string;
}

const jobOf = async (scheduledPostId: string) => (await db.publishJob.findFirst({ where: { scheduledPostId } }))!;

describe("editing a scheduled post", () => {
  it("publishes the edited text when the edit lands before the start", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const id = await scheduledText(t.call, x.accountId, "First words", inSeconds(4));
    const res = await edit(t.call, id, { text: "Better words https://acme.example/a" });
    expect(res.status, res.text).toBe(200);
    // SPEC.md: later edits are not processed by the X link rule, so the link stays
    expect(res.json).toMatchObject({ scheduledPostId: id, provider: "x", status: "scheduled", text: "Better words https://acme.example/a", title: null });
    const job = await waitForJob(t.key, res.json.jobId, 30_000);
    expect(job.status).toBe("published");
    expect((await sandboxPosts("x", x.username)).map((p) => p.text)).toEqual(["Better words https://acme.example/a"]);
    // once published it is refused and nothing changes
    const late = await edit(t.call, id, { text: "Too late" });
    expect(late.status, late.text).toBe(409);
    expect(late.json.error.code).toBe("POST_NOT_CANCELLABLE");
    expect(late.json.error.details).toEqual({ status: "published" });
  });

  it("edits a YouTube title and description; refuses over-limit text with 422 and keeps the post", async () => {
    const t = await setup();
    const yt = await connectAccount(t.scope, "youtube");
    const x = await connectAccount(t.scope, "x");
    const { mediaId } = await uploadVideo(t.key);
    const res = await schedule(t.call, {
      accountIds: [yt.accountId],
      youtube: { requestId: rid(), mediaId, title: "Old title", description: "Old description", privacyStatus: "public" },
      scheduledAt: inSeconds(3600),
    });
    expect(res.status, res.text).toBe(202);
    const ytId = res.json.results[0].scheduledPostIds[0];
    const edited = await edit(t.call, ytId, { title: "New title", text: "New description" });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ provider: "youtube", title: "New title", text: "New description", summary: "New title" });
    expect((await jobOf(ytId)).payload).toMatchObject({ mediaId, title: "New title", description: "New description", privacyStatus: "public" });

    const cases: [string, unknown, string, string][] = [
      [ytId, { title: "t".repeat(101) }, "title", "too_long"],
      [ytId, { title: "   " }, "title", "invalid"],
      [ytId, { text: "d".repeat(5001) }, "text", "too_long"],
    ];
    const xId = await scheduledText(t.call, x.accountId, "Short", inSeconds(3600));
    cases.push([xId, { text: "x".repeat(281) }, "text", "too_long"], [xId, { text: "  " }, "text", "invalid"], [xId, { title: "No" }, "title", "not_allowed"]);
    for (const [id, body, path, code] of cases) {
      const r = await edit(t.call, id, body);
      expect(r.status, r.text).toBe(422);
      expect(r.json.error.code).toBe("VALIDATION_ERROR");
      expect(r.json.error.details.issues[0]).toMatchObject({ path, code });
    }
    const empty = await edit(t.call, xId, {});
    expect(empty.status).toBe(422);
    expect((await jobOf(ytId)).payload).toMatchObject({ title: "New title", description: "New description" });
    expect((await jobOf(xId)).payload).toEqual({ posts: ["Short"] });
  });

  it("refuses started, canceled and instagram schedules, and another workspace's", async () => {
    const t = await setup();
    const x = await connectAccount(t.scope, "x");
    const ig = await connectAccount(t.scope, "instagram");
    const started = await scheduledText(t.call, x.accountId, "Started", inSeconds(3600));
    // a worker's claim, as the publish engine makes it
    await sql("test-claim", `UPDATE "PublishJob" SET status = 'processing', "leaseOwner" = 'test', "startedAt" = now() WHERE "scheduledPostId" = $1`, [
      started,
    ]);
    const r1 = await edit(t.call, started, { text: "Changed" });
    expect(r1.status, r1.text).toBe(409);
    expect(r1.json.error).toMatchObject({ code: "POST_NOT_CANCELLABLE", details: { status: "processing" } });

    const canceled = await scheduledText(t.call, x.accountId, "Canceled", inSeconds(3600));
    expect((await t.call("DELETE", `/api/v1/scheduled-posts/${canceled}?platform=x`)).status).toBe(200);
    const r2 = await edit(t.call, canceled, { text: "Changed" });
    expect(r2.status).toBe(409);
    expect(r2.json.error).toMatchObject({ code: "POST_NOT_CANCELLABLE", details: { status: "canceled" } });

    const { mediaId } = await uploadImage(t.key);
    const igRes = await schedule(t.call, {
      accountIds: [ig.accountId],
      instagram: { requestId: rid(), contentType: "FEED", caption: "Fixed", items: [{ mediaId }] },
      scheduledAt: inSeconds(3600),
    });
    expect(igRes.status, igRes.text).toBe(202);
    const igId = igRes.json.results[0].scheduledPostIds[0];
    const r3 = await edit(t.call, igId, { text: "Changed" });
    expect(r3.status).toBe(409);
    expect(r3.json.error.code).toBe("CONFLICT");
    expect((await jobOf(igId)).payload).toMatchObject({ caption: "Fixed" });

    const other = await setup();
    const open = await scheduledText(t.call, x.accountId, "Mine", inSeconds(3600));
    const r4 = await edit(other.call, open, { text: "Theirs" });
    expect(r4.status).toBe(404);
    expect(r4.json.error.code).toBe("NOT_FOUND");
    expect((await edit(t.call, crypto.randomUUID(), { text: "Nobody" })).status).toBe(404);
  });

  it("racing the start: every edit lands before it or is refused, and the post carries the last accepted text", async () => {
    const t = await setup();
    const threads = await connectAccount(t.scope, "threads");
    const id = await scheduledText(t.call, threads.accountId, "edit 0", inSeconds(1.5));
    let accepted = "edit 0";
    let refused = false;
    // The domain call itself (the REST door's rate limit would stop a loop this quick), with a
    // pause between edits: back-to-back edits would hold the row's lock so often that the claim
    // (which skips locked rows) kept missing it, a starvation no person typing can cause.
    const until = Date.now() + 20_000;
    for (let i = 1; Date.now() < until && !refused; i++) {
      await new Promise((r) => setTimeout(r, 15));
      try {
        await editScheduledPost(t.scope, id, { text: `edit ${i}` });
        accepted = `edit ${i}`;
      } catch (err) {
        expect(isAppError(err) && err.code, String(err)).toBe("POST_NOT_CANCELLABLE");
        refused = true;
      }
    }
    expect(refused).toBe(true);
    const job = await waitForJob(t.key, (await jobOf(id)).id, 30_000);
    expect(job.status).toBe("published");
    expect((await sandboxPosts("threads", threads.username)).map((p) => p.text)).toEqual([accepted]);
  });

  it("a burst of back-to-back edits around the time never strands the post: it still publishes, with an accepted text", async () => {
    const t = await setup();
    const threads = await connectAccount(t.scope, "threads");
    const id = await scheduledText(t.call, threads.accountId, "burst 0", inSeconds(1));
    const accepted = ["burst 0"];
    const until = Date.now() + 3_000;
    for (let i = 1; Date.now() < until; i++) {
      await editScheduledPost(t.scope, id, { text: `burst ${i}` }).then(
        () => accepted.push(`burst ${i}`),
        (err) => expect(isAppError(err) && err.code).toBe("POST_NOT_CANCELLABLE"),
      );
    }
    // published promptly: a claim that skipped the row during an edit is signalled again
    const job = await waitForJob(t.key, (await jobOf(id)).id, 10_000);
    expect(job.status).toBe("published");
    const [post] = await sandboxPosts("threads", threads.username);
    expect(post!.text).toBe(accepted.at(-1));
  }, 90_000);
});

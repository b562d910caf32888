// A scheduled composition moved and canceled as a whole (issue 47), through REST and MCP: the
// targets still waiting change, a target a worker has started is reported and left as it is,
// and a group with nothing left to change is refused. Then the calendar shows one entry per
// target with one status, the thread's replies and first comment inside their job's entry.
import { describe, expect, it } from "vitest";
import { sql } from "../db.ts";
import { httpClient, ok, toolError } from "./test-client.ts";
import { scopeFromSession } from "../scope.ts";
import { connectAccount } from "../testing/account-fixtures.ts";
import { api, createWorkspaceWithKey } from "../testing/fixtures.ts";
import { uploadImage, waitForJob } from "../testing/publish-fixtures.ts";
import { syncAccount } from "../domain/posts/sync-account.ts";
import { calendarEntries } from "../domain/scheduling/calendar-entries.ts";
import { moveScheduledPost } from "../domain/scheduling/move-scheduled-post.ts";

const rid = () => crypto.randomUUID();
const hour = 3600_000;

async function setup() {
  const t = await createWorkspaceWithKey({ plan: "BUSINESS" });
  const scope = await scopeFromSession(t.user.id, t.workspace.id);
  const accounts = await Promise.all((["x", "threads", "linkedin"] as const).map((p) => connectAccount(scope, p)));
  return { ...t, scope, call: api(t.key), accounts };
}

/** A target a worker started: publishing or, by now, published; in any case neither waiting nor canceled. */
const started = expect.stringMatching(/^(processing|published)$/);

type Target = { jobId: string; provider: string; scheduledPostId: string; status: string; changed: boolean };

describe("a post group moved and canceled as a whole", () => {
  it("moves and cancels the targets still waiting, through REST and MCP, and reports the one a worker started", async () => {
    const t = await setup();
    const at = new Date(Date.now() + hour).toISOString();
    const created = await t.call("POST", "/api/v1/post-groups", {
      body: { requestId: rid(), content: { text: `Together ${Date.now()}` }, targets: t.accounts.map((a) => ({ accountId: a.accountId })), scheduledAt: at },
    });
    expect(created.status, created.text).toBe(202);
    const id = created.json.postGroupId as string;
    const [x, threads, linkedin] = created.json.targets as Target[];
    // a worker has started the LinkedIn target (its claim is this conditional update; the real
    // worker then takes the job over and publishes it)
    await sql("test-worker-start", `UPDATE "PublishJob" SET status = 'processing' WHERE id = $1 AND status = 'scheduled'`, [linkedin!.jobId]);

    // REST: a time gone by is refused; a new time moves the two that wait
    const past = await t.call("POST", `/api/v1/post-groups/${id}/move`, { body: { scheduledAt: new Date(Date.now() - 1000).toISOString() } });
    expect(past.status, past.text).toBe(422);
    expect(past.json.error.details.issues[0].path).toBe("scheduledAt");
    const later = new Date(Date.now() + 5 * hour);
    const moved = await t.call("POST", `/api/v1/post-groups/${id}/move`, { body: { scheduledAt: later.toISOString(), timezone: "Europe/Berlin" } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({
      postGroupId: id,
      moved: 2,
      scheduledAt: later.toISOString(),
      targets: [
        { jobId: x!.jobId, provider: "x", status: "scheduled", changed: true },
        { jobId: threads!.jobId, provider: "threads", status: "scheduled", changed: true },
        { jobId: linkedin!.jobId, provider: "linkedin", status: started, changed: false },
      ],
    });
    for (const target of [x!, threads!]) {
      const job = await t.call("GET", `/api/v1/publish-jobs/${target.jobId}`);
      expect(job.json.scheduledAt).toBe(later.toISOString());
    }
    expect((await t.call("GET", `/api/v1/publish-jobs/${linkedin!.jobId}`)).json.scheduledAt).toBe(new Date(at).toISOString());
    expect((await t.call("GET", `/api/v1/post-groups/${id}`)).json.scheduledAt).toBe(later.toISOString());

    // MCP: cancel every target that has not started; the started one is reported, not canceled
    const client = await httpClient(t.key);
    try {
      const canceled = await ok(client, "cancel_post_group", { postGroupId: id });
      expect(canceled).toMatchObject({
        postGroupId: id,
        canceled: 2,
        targets: [
          { provider: "x", status: "canceled", changed: true },
          { provider: "threads", status: "canceled", changed: true },
          { provider: "linkedin", status: started, changed: false },
        ],
      });
      // nothing left to change: refused on both doors, nothing changes
      const again = await toolError(client, "cancel_post_group", { postGroupId: id });
      expect(again.code).toBe("POST_NOT_CANCELLABLE");
      const moveAgain = await toolError(client, "move_post_group", { postGroupId: id, scheduledAt: later.toISOString() });
      expect(moveAgain.code).toBe("CONFLICT");
    } finally {
      await client.close();
    }
    const restAgain = await t.call("POST", `/api/v1/post-groups/${id}/cancel`);
    expect(restAgain.status, restAgain.text).toBe(409);
    expect(restAgain.json.error.code).toBe("POST_NOT_CANCELLABLE");
    expect((await t.call("GET", `/api/v1/publish-jobs/${linkedin!.jobId}`)).json.status).toEqual(started);

    // another workspace's group, or no group: 404
    const other = await createWorkspaceWithKey();
    const foreign = await api(other.key)("POST", `/api/v1/post-groups/${id}/cancel`);
    expect(foreign.status, foreign.text).toBe(404);
    expect((await t.call("POST", `/api/v1/post-groups/${rid()}/cancel`)).status).toBe(404);
  }, 120_000);

  it("through the API an instagram target keeps its time (SPEC.md: changed in the product), and says why", async () => {
    const t = await setup();
    const instagram = await connectAccount(t.scope, "instagram");
    const image = await uploadImage(t.key);
    const at = new Date(Date.now() + hour).toISOString();
    const created = await t.call("POST", "/api/v1/post-groups", {
      body: {
        requestId: rid(),
        content: { text: "Photo day", media: [{ mediaId: image.mediaId }] },
        targets: [{ accountId: t.accounts[1]!.accountId }, { accountId: instagram.accountId, instagram: { contentType: "FEED" } }],
        scheduledAt: at,
      },
    });
    expect(created.status, created.text).toBe(202);
    const later = new Date(Date.now() + 2 * hour).toISOString();
    const moved = await t.call("POST", `/api/v1/post-groups/${created.json.postGroupId}/move`, { body: { scheduledAt: later } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({
      moved: 1,
      targets: [
        { provider: "threads", status: "scheduled", changed: true },
        { provider: "instagram", status: "scheduled", changed: false, note: expect.stringContaining("dashboard") },
      ],
    });
    expect((await t.call("GET", `/api/v1/publish-jobs/${created.json.targets[1].jobId}`)).json.scheduledAt).toBe(new Date(at).toISOString());
  }, 120_000);

  it("when a cancel races a worker's start, each target is either canceled or started, and the answer says which", async () => {
    const t = await setup();
    const created = await t.call("POST", "/api/v1/post-groups", {
      body: {
        requestId: rid(),
        content: { text: `Race ${Date.now()}` },
        targets: t.accounts.map((a) => ({ accountId: a.accountId })),
        scheduledAt: new Date(Date.now() + hour).toISOString(),
      },
    });
    const targets = created.json.targets as Target[];
    const [answer, claimed] = await Promise.all([
      t.call("POST", `/api/v1/post-groups/${created.json.postGroupId}/cancel`),
      sql<{ id: string }>("test-worker-claim", `UPDATE "PublishJob" SET status = 'processing' WHERE id = $1 AND status = 'scheduled' RETURNING id`, [
        targets[0]!.jobId,
      ]),
    ]);
    expect(answer.status, answer.text).toBe(200);
    const first = (answer.json.targets as Target[]).find((x) => x.jobId === targets[0]!.jobId)!;
    // exactly one of the two conditional updates changed the first target
    expect(first.changed).toBe(claimed.length === 0);
    const job = await t.call("GET", `/api/v1/publish-jobs/${targets[0]!.jobId}`);
    expect(job.json.status).toEqual(claimed.length ? started : "canceled");
    expect(answer.json.canceled).toBe(claimed.length ? 2 : 3);
  }, 120_000);

  it("the calendar shows each target once with one status: published once out, its thread and first comment inside it", async () => {
    const t = await setup();
    const [x, threads] = t.accounts;
    const text = `Thread start ${Date.now()}`;
    const created = await t.call("POST", "/api/v1/post-groups", {
      body: {
        requestId: rid(),
        content: { text, thread: ["Second post", "Third post"], firstComment: "A first comment" },
        targets: [{ accountId: x!.accountId }, { accountId: threads!.accountId }],
        scheduledAt: new Date(Date.now() + hour).toISOString(),
      },
    });
    expect(created.status, created.text).toBe(202);
    const [onX, onThreads] = created.json.targets as Target[];
    // the X post's time comes: it publishes; the Threads one is canceled
    await moveScheduledPost(t.scope, onX!.scheduledPostId, new Date(Date.now() + 1500), null);
    expect((await t.call("DELETE", `/api/v1/scheduled-posts/${onThreads!.scheduledPostId}?platform=threads`)).status).toBe(200);
    expect((await waitForJob(t.key, onX!.jobId)).status).toBe("published");
    expect((await syncAccount(x!.accountId)).complete).toBe(true);

    const range = { from: new Date(Date.now() - hour).toISOString(), to: new Date(Date.now() + 2 * hour).toISOString() };
    const entries = await calendarEntries(t.scope, range);
    // the X thread's replies and first comment came back from the platform, yet one entry stands for the job
    expect(entries.filter((e) => e.provider === "x")).toMatchObject([{ kind: "published", status: "published", jobId: onX!.jobId, summary: text }]);
    expect(entries.filter((e) => e.provider === "threads")).toMatchObject([
      { kind: "scheduled", status: "canceled", jobId: onThreads!.jobId, movable: false, cancellable: false },
    ]);
    expect(entries[0]!.group).toEqual({ postGroupId: created.json.postGroupId, targets: 2, movable: 0, cancellable: 0 });
  }, 120_000);
});

// The crash drill: media jobs whose worker is killed with SIGKILL before, during and after the
// platform call that publishes, then picked up by a fresh worker. Whatever happens, no post may
// exist twice on the sandbox and no job may stay `processing`. Used by `npm run drill:kill-worker`
// (20 rounds) and by a test (a few rounds).
// It sees only what a user and the platform see, so it holds for any design of the engine: the
// moment to kill is told by the sandbox (a fault it is given is spent when the request it waits
// for arrives), and the job's end by GET /api/v1/publish-jobs/{id}. The lease is shortened with
// PUBLISH_LEASE_SECONDS, the documented setting, so a dead worker's job moves on within seconds.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { closeDb } from "../db.ts";
import { resetEnv } from "../env.ts";
import { resetPlatformConfig } from "../platforms/config.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { signUp } from "../domain/auth/sign-up.ts";
import { scopeFromSession } from "../scope.ts";
import { connectAccount } from "./account-fixtures.ts";
import { blueskyPosts } from "./bluesky-fixtures.ts";
import { makeJpeg, makeMp4 } from "./media-fixtures.ts";
import { startTestStack, type TestStack } from "./test-stack.ts";

export type DrillRound = {
  round: number;
  /** a provider, or "post-group" (an Instagram and a Threads target with a first comment) */
  provider: string;
  killed: "before submit" | "during submit" | "after submit";
  /** the job's status; for a post group, the group's */
  status: string;
  /** the most copies of one post on the sandbox (of any target; Bluesky: records on the sandbox's PDS) */
  postsOnSandbox: number;
  /** post groups: copies of the first comment on Threads (a reply), and what the job says of it */
  commentsOnSandbox?: number;
  firstComment?: string;
  /** post groups: each target's status, e.g. "instagram published, threads unknown" */
  targets?: string;
  /** recurring groups: the occurrences still waiting after the first one ended, and the series' jobs in all */
  laterOccurrences?: number;
  seriesJobs?: number;
};

export type DrillOptions = {
  /** rounds of post groups after the media rounds: a worker killed before or during the post's publish, or during the first comment */
  groupRounds?: number;
  /** rounds of Bluesky posts (the real local PDS), last: the worker killed after the PDS received the record, before its answer */
  blueskyRounds?: number;
  /** rounds of recurring groups (issue 49): the worker killed during the first occurrence's publish; the later ones must wait untouched */
  seriesRounds?: number;
  /**
   * stop the worker (SIGSTOP) instead of killing it, past its lease, and let it go on (SIGCONT)
   * once the next worker has ended the job: a stalled worker must not publish what it lost
   */
  stall?: boolean;
};

const LEASE_SECONDS = 3;

export async function killDrill(rounds: number, log: (line: string) => void = () => {}, options: DrillOptions = {}): Promise<DrillRound[]> {
  process.env.WORKERS = "0"; // this drill runs its own workers, to kill them
  process.env.PUBLISH_LEASE_SECONDS = String(LEASE_SECONDS);
  const stack = await startTestStack("drill");
  resetEnv(); // point this process's database and platform clients at the drill's stack
  resetPlatformConfig();
  const results: DrillRound[] = [];
  const workers = new Set<ChildProcess>();
  const startWorker = () => {
    const worker = spawnWorker(stack);
    workers.add(worker);
    worker.once("exit", () => workers.delete(worker));
    return worker;
  };
  try {
    const { user, workspace } = await signUp({ email: `drill-${Date.now()}@example.test`, password: "drill-password" }, { plan: "BUSINESS" });
    const scope = await scopeFromSession(user.id, workspace.id);
    const { key } = await createApiKey(scope, { name: "drill" });
    const api = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(stack.baseUrl + p, {
        method,
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      });
      return res.json();
    };
    const accounts = {
      ...(options.blueskyRounds ? { bluesky: await connectAccount(scope, "bluesky") } : {}),
      instagram: await connectAccount(scope, "instagram"),
      tiktok: await connectAccount(scope, "tiktok"),
      threads: await connectAccount(scope, "threads"),
    };
    const image = await uploadFile(api, "drill.jpg", "image/jpeg", "IMAGE", await makeJpeg({ width: 1080, height: 1080 }));
    const video = await uploadFile(api, "drill.mp4", "video/mp4", "VIDEO", makeMp4({ durationSeconds: 20 }));
    const sandbox = (p: string, body?: unknown) =>
      fetch(stack.sandboxUrl + p, {
        method: body ? "POST" : "GET",
        headers: { "Content-Type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      }).then((r) => r.json());
    const addFault = async (f: Record<string, unknown>): Promise<string> => (await sandbox("/_sandbox/faults", f)).fault.id;
    /** A fault is spent once the request it was waiting for reached the sandbox. */
    const spent = async (faultId: string) => !(await sandbox("/_sandbox/faults")).faults.some((f: { id: string }) => f.id === faultId);
    /** A worker killed once `marker` is spent, a fresh one then runs until `resource` reaches an end. */
    type Ended = { status: string; targets?: { provider: string; status: string; firstComment?: { status: string } }[] };
    const killThenTakeOver = async (marker: string, resource: string, ends: string[], isSpent = () => spent(marker)): Promise<Ended> => {
      const first = startWorker();
      // bounds for progress, not for speed: a worker starting on two loaded cores (npm test runs
      // three suites at once) has taken over 20 s to reach the call
      await until(isSpent, 60_000);
      await new Promise((r) => setTimeout(r, 300)); // well inside the slow call or processing
      first.kill(options.stall ? "SIGSTOP" : "SIGKILL");
      const stoppedAt = Date.now();
      if (!options.stall) await new Promise((r) => first.once("exit", r));
      const second = startWorker();
      const done = await until(async () => {
        const j = (await api("GET", resource)) as Ended;
        return ends.includes(j.status) ? j : undefined;
      }, 120_000);
      if (options.stall) {
        // The stall outlasts the lease, the next worker's start and two of its watchdog's looks
        // (every 2 s), whether or not the job needed that worker; then the stalled one wakes (its
        // answers arrive), finds its lease gone and exits.
        await new Promise((r) => setTimeout(r, Math.max(0, stoppedAt + (LEASE_SECONDS + 20) * 1000 - Date.now())));
        const exited = new Promise((r) => first.once("exit", r));
        first.kill("SIGCONT");
        await Promise.race([exited, new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000 + 3000))]);
        if (first.exitCode === null) throw new Error("the stalled worker did not exit after finding its lease gone");
        const after = (await api("GET", resource)) as Ended;
        if (after.status !== done.status) throw new Error(`the stalled worker changed ${resource} from ${done.status} to ${after.status}`);
      }
      second.kill("SIGTERM");
      await new Promise((r) => second.once("exit", r));
      await fetch(stack.sandboxUrl + "/_sandbox/faults", { method: "DELETE" });
      await new Promise((r) => setTimeout(r, 2500)); // a slow call still in flight lands by now
      return done;
    };

    for (let round = 1; round <= rounds; round++) {
      const provider = round % 2 === 0 ? "tiktok" : "instagram";
      const killed = (["before submit", "during submit", "after submit"] as const)[round % 3]!;
      const caption = `drill round ${round} ${Date.now()}`;
      // the call that publishes: Instagram's media_publish, TikTok's last upload chunk
      const submitOp = provider === "instagram" ? "media.publish" : "upload.put";
      // Stretch the moment to kill in (the platform call in flight, or the processing after it),
      // and mark it: the kill comes once the marker fault is spent.
      let marker: string;
      if (killed === "before submit")
        marker = await addFault({
          provider,
          kind: "slow_response",
          operation: provider === "instagram" ? "media.create" : "creator_info.query",
          delaySeconds: 2,
        });
      else if (killed === "during submit") marker = await addFault({ provider, kind: "slow_response", operation: submitOp, delaySeconds: 2 });
      else {
        await addFault({ provider, kind: "slow_processing", delaySeconds: 3 });
        // Instagram: media_publish has arrived. TikTok: the second status look, which comes after
        // the run recorded its upload (the first follows the upload at once).
        marker = await addFault({
          provider,
          kind: "slow_response",
          delaySeconds: 0,
          ...(provider === "instagram" ? { operation: submitOp } : { operation: "status.fetch", times: 2 }),
        });
      }
      const body =
        provider === "instagram"
          ? {
              accountIds: [accounts.instagram.accountId],
              instagram: { requestId: crypto.randomUUID(), contentType: "FEED", caption, items: [{ mediaId: image }] },
            }
          : {
              accountIds: [accounts.tiktok.accountId],
              posts: [caption],
              video: { mediaId: video, requestId: crypto.randomUUID(), privacyLevel: "PUBLIC_TO_EVERYONE" },
            };
      const accepted = await api("POST", "/api/v1/posts", body);
      const jobId = accepted.results[0].jobId as string;
      const job = await killThenTakeOver(marker, `/api/v1/publish-jobs/${jobId}`, ["published", "failed", "unknown", "canceled"]);
      const posts = (await sandbox(`/_sandbox/posts?provider=${provider}`)).posts.filter((p: { text: string }) => p.text === caption);
      const row: DrillRound = { round, provider, killed, status: job.status, postsOnSandbox: posts.length };
      results.push(row);
      log(JSON.stringify(row));
    }

    // Post groups: an Instagram FEED image and a Threads post, both with a first comment, the
    // worker killed before Instagram's publish, during it, or during the Threads reply that is the
    // first comment (the second threads_publish of the run).
    for (let round = rounds + 1; round <= rounds + (options.groupRounds ?? 0); round++) {
      const killed = (["before submit", "during submit", "after submit"] as const)[(round - rounds - 1) % 3]!;
      const text = `drill group ${round} ${Date.now()}`;
      const comment = `first comment ${round} ${Date.now()}`;
      const marker =
        killed === "before submit"
          ? await addFault({ provider: "instagram", kind: "slow_response", operation: "media.create", delaySeconds: 2 })
          : killed === "during submit"
            ? await addFault({ provider: "instagram", kind: "slow_response", operation: "media.publish", delaySeconds: 2 })
            : await addFault({ provider: "threads", kind: "slow_response", operation: "threads.publish", delaySeconds: 2, times: 2 });
      const accepted = await api("POST", "/api/v1/post-groups", {
        requestId: crypto.randomUUID(),
        content: { text, firstComment: comment },
        targets: [
          { accountId: accounts.instagram.accountId, instagram: { contentType: "FEED" }, content: { media: [{ mediaId: image }] } },
          { accountId: accounts.threads.accountId },
        ],
      });
      if (!accepted.postGroupId) throw new Error(`the drill's post group was refused: ${JSON.stringify(accepted)}`);
      const group = await killThenTakeOver(marker, `/api/v1/post-groups/${accepted.postGroupId}`, ["published", "partial", "failed", "canceled"]);
      const copies = async (provider: string, t: string) =>
        (await sandbox(`/_sandbox/posts?provider=${provider}`)).posts.filter((p: { text: string }) => p.text === t).length;
      const threadsTarget = group.targets?.find((t) => t.provider === "threads");
      const row: DrillRound = {
        round,
        provider: "post-group",
        killed,
        status: group.status,
        postsOnSandbox: Math.max(await copies("instagram", text), await copies("threads", text)),
        commentsOnSandbox: await copies("threads", comment),
        firstComment: threadsTarget?.firstComment?.status ?? "none",
        targets: (group.targets ?? []).map((t) => `${t.provider} ${t.status}`).join(", "),
      };
      results.push(row);
      log(JSON.stringify(row));
    }

    // Recurring groups: the first occurrence of an hourly series of three comes due at once, and
    // the worker is killed during its Threads publish. It ends once; the two later occurrences
    // still wait for their time, and no occurrence was added twice.
    for (let i = 1; i <= (options.seriesRounds ?? 0); i++) {
      const round = rounds + (options.groupRounds ?? 0) + i;
      const text = `drill series ${round} ${Date.now()}`;
      const marker = await addFault({ provider: "threads", kind: "slow_response", operation: "threads.publish", delaySeconds: 2 });
      const accepted = await api("POST", "/api/v1/post-groups", {
        requestId: crypto.randomUUID(),
        content: { text },
        targets: [{ accountId: accounts.threads.accountId }],
        scheduledAt: new Date(Date.now() + 1500).toISOString(),
        repeat: { rrule: "FREQ=HOURLY;COUNT=3" },
      });
      if (!accepted.postGroupId) throw new Error(`the drill's recurring group was refused: ${JSON.stringify(accepted)}`);
      const first = await killThenTakeOver(marker, `/api/v1/publish-jobs/${accepted.targets[0].jobId}`, ["published", "failed", "unknown", "canceled"]);
      const group = await api("GET", `/api/v1/post-groups/${accepted.postGroupId}`);
      const copies = (await sandbox("/_sandbox/posts?provider=threads")).posts.filter((p: { text: string }) => p.text === text).length;
      const canceled = await api("POST", `/api/v1/post-groups/${accepted.postGroupId}/cancel`);
      const row: DrillRound = {
        round,
        provider: "series",
        killed: "during submit",
        status: first.status,
        postsOnSandbox: copies,
        laterOccurrences: group.repeat.upcoming.length,
        seriesJobs: 1 + (canceled.canceled ?? 0),
      };
      results.push(row);
      log(JSON.stringify(row));
    }

    // Bluesky: the record key is chosen before the send, so a worker killed once the PDS holds the
    // record (its answer held back) is settled by the next one looking the key up: published, once.
    const bluesky = accounts.bluesky as { accountId: string; bluesky: { did: string } } | undefined;
    for (let i = 1; bluesky && i <= (options.blueskyRounds ?? 0); i++) {
      const round = rounds + (options.groupRounds ?? 0) + (options.seriesRounds ?? 0) + i;
      const text = `drill bluesky ${round} ${Date.now()}`;
      const marker = (await sandbox("/_sandbox/bluesky/faults", { kind: "slow_answer", operation: "com.atproto.repo.createRecord", delaySeconds: 3 })).fault.id;
      const markerSpent = async () => !(await sandbox("/_sandbox/bluesky/faults")).faults.some((f: { id: string }) => f.id === marker);
      const accepted = await api("POST", "/api/v1/post-groups", {
        requestId: crypto.randomUUID(),
        content: { text },
        targets: [{ accountId: bluesky.accountId }],
      });
      if (!accepted.postGroupId) throw new Error(`the drill's Bluesky post group was refused: ${JSON.stringify(accepted)}`);
      const group = await killThenTakeOver(marker, `/api/v1/post-groups/${accepted.postGroupId}`, ["published", "partial", "failed", "canceled"], markerSpent);
      const records = await blueskyPosts(bluesky.bluesky.did);
      const row: DrillRound = {
        round,
        provider: "bluesky",
        killed: "during submit",
        status: group.status,
        postsOnSandbox: records.filter((r) => r.value.text === text).length,
      };
      results.push(row);
      log(JSON.stringify(row));
    }
  } finally {
    for (const worker of workers) worker.kill("SIGKILL");
    await closeDb();
    await stack.stop();
  }
  return results;
}

async function uploadFile(
  api: (m: string, p: string, b?: unknown) => Promise<any>,
  fileName: string,
  contentType: string,
  mediaType: string,
  bytes: Buffer,
): Promise<string> {
  const r = await api("POST", "/api/v1/media/uploads", { fileName, contentType, mediaType, fileSize: bytes.length });
  await fetch(r.uploadUrl, { method: "PUT", headers: r.requiredHeaders, body: new Uint8Array(bytes) });
  return (await api("POST", "/api/v1/media/uploads/confirm", { fileKey: r.fileKey })).mediaId;
}

export function spawnWorker(stack: TestStack): ChildProcess {
  const root = process.cwd();
  const tsx = pathToFileURL(createRequire(path.join(root, "package.json")).resolve("tsx")).href;
  return spawn(process.execPath, ["--import", tsx, path.join(root, "server", "jobs", "worker.ts")], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: stack.databaseUrl, POSTEADY_EMBEDDED_DATABASE: "1", LOG_LEVEL: "error" },
    stdio: process.env.DRILL_DEBUG ? "inherit" : "ignore",
  });
}

export async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

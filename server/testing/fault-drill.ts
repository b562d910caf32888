// The fault drill: the whole service as `npm start` runs it (launcher, embedded PostgreSQL,
// sandbox, worker, web), on a data directory of its own, under a steady load of media posts,
// while it is hurt: the worker and the web process SIGKILLed; then the database stopped fast,
// stopped smart, kept down for 10 s, and stalled (SIGSTOP, reachable but not answering).
// Nobody steps in. Then every accepted job must end
// (published, failed or unknown), none lost, none published twice, and no request answered
// 500 (503 with Retry-After is the outage's answer). Used by `npm run drill:faults` and a test.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { closeDb, db } from "../db.ts";
import { resetEnv } from "../env.ts";
import { resetPlatformConfig } from "../platforms/config.ts";
import { createApiKey } from "../domain/api-keys/create-api-key.ts";
import { signUp } from "../domain/auth/sign-up.ts";
import { scopeFromSession } from "../scope.ts";
import { freePort, processAlive } from "../runtime/embedded-postgres.ts";
import { useInstallationDatabase } from "../runtime/database.ts";
import { tsxArgs } from "../runtime/stack.ts";
import { connectAccount } from "./account-fixtures.ts";
import { dashboardSignIn } from "./dashboard-sign-in.ts";
import { makeMp4 } from "./media-fixtures.ts";
import { tiktokVideoRequest } from "./tiktok-video-request.ts";

export type FaultDrillReport = {
  accepted: number;
  /** jobs by status (and error code) */
  byStatus: Record<string, number>;
  lost: number;
  leftUnfinished: number;
  duplicates: number;
  publishedWithoutPost: number;
  /** HTTP answers seen by the load, by status */
  answers: Record<string, number>;
  /** answers 500–599 other than 503 */
  serverErrors: number;
  /** requests cut off by the web process's SIGKILL (the retry with the same requestId follows) */
  cutByKill: number;
  /** seconds each fault took until the service answered again by itself */
  recoverySeconds: Record<string, number>;
  /** while the database was stalled (SIGSTOP): the answers of each door, and the longest wait for one */
  stall: StallReport;
};

export type StallReport = {
  seconds: number;
  /** door → answers by status ("503" counts those with Retry-After; an MCP tool's error is "tool error CODE") */
  answers: Record<string, Record<string, number>>;
  /** door → the longest time a request waited for its answer, in ms */
  maxMs: Record<string, number>;
  /** requests not answered within 6 s (health: 2 s), or not answered at all */
  late: number;
};

const POSTS_PER_ACCOUNT = 25; // TikTok's daily cap per creator
const TERMINAL = ["published", "failed", "unknown", "canceled"];

export async function faultDrill(opts: { jobs: number; stallSeconds: number; log?: (line: string) => void }): Promise<FaultDrillReport> {
  const say = opts.log ?? (() => {});
  const root = process.cwd();
  const dataDir = path.join(root, ".data", `drill-faults-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const sandboxPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    PLATFORMS: "sandbox",
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_URL: sandboxUrl,
    LOG_LEVEL: "warn",
    WORKERS: "1",
    SYNC_INTERVAL_MINUTES: "0",
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.POSTEADY_EMBEDDED_DATABASE;
  fs.mkdirSync(dataDir, { recursive: true });
  const launcherLog = fs.createWriteStream(path.join(root, ".data", `drill-faults-${process.pid}.log`));
  const launcher = spawn(process.execPath, [...tsxArgs(root), path.join(root, "server", "runtime", "start.ts")], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [launcher.stdout!, launcher.stderr!]) {
    readline.createInterface({ input: stream }).on("line", (line) => {
      lines.push(line);
      launcherLog.write(line + "\n");
    });
  }
  const launcherExit = new Promise((resolve) => launcher.once("exit", resolve));
  try {
    await until(
      async () => lines.some((l) => l.includes("Posteady is running at")) || (launcher.exitCode !== null && fail(`the launcher exited:\n${lines.join("\n")}`)),
      300_000,
    );
    say(`service up at ${baseUrl} (data in ${dataDir})`);

    // This process reaches the drill's database the way the CLI does, through DATA_DIR.
    await closeDb();
    process.env.DATA_DIR = dataDir;
    process.env.PLATFORMS = "sandbox";
    process.env.SANDBOX_URL = sandboxUrl;
    process.env.PUBLIC_URL = baseUrl;
    delete process.env.DATABASE_URL;
    delete process.env.POSTEADY_EMBEDDED_DATABASE;
    resetEnv();
    resetPlatformConfig();
    const database = await useInstallationDatabase({ migrate: false });

    const email = `fault-drill-${Date.now()}@example.test`;
    const password = "fault-drill-password";
    const { user, workspace } = await signUp({ email, password }, { plan: "BUSINESS" });
    const scope = await scopeFromSession(user.id, workspace.id);
    const { key } = await createApiKey(scope, { name: "fault drill" });
    const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
    const accounts: string[] = [];
    for (let i = 0; i < Math.ceil(opts.jobs / POSTS_PER_ACCOUNT); i++) accounts.push((await connectAccount(scope, "tiktok")).accountId);
    const bytes = makeMp4({ durationSeconds: 15, width: 1080, height: 1920, payloadBytes: 20_000 });
    const reserved = await (
      await fetch(`${baseUrl}/api/v1/media/uploads`, {
        method: "POST",
        headers,
        body: JSON.stringify({ fileName: "drill.mp4", contentType: "video/mp4", fileSize: bytes.length }),
      })
    ).json();
    await fetch(reserved.uploadUrl, { method: "PUT", headers: reserved.requiredHeaders, body: new Uint8Array(bytes) });
    const { mediaId } = await (
      await fetch(`${baseUrl}/api/v1/media/uploads/confirm`, { method: "POST", headers, body: JSON.stringify({ fileKey: reserved.fileKey }) })
    ).json();
    if (!mediaId) fail("the drill's video was not confirmed");
    say(`${accounts.length} TikTok accounts, video ${mediaId}`);

    // The load: two clients posting steadily, each request retried with its requestId until
    // it is answered for good, as a careful API client does.
    const answers: Record<string, number> = {};
    // every request's wait, to judge those made while the database was stalled
    const stallWindow = { from: Infinity, to: Infinity };
    const timings: Timing[] = [];
    const accepted = new Map<string, string>(); // jobId → caption
    let cutByKill = 0;
    let next = 0;
    // Two clients, paced so that the jobs spread over the faults' ~45 s and the stall.
    const pauseMs = Math.round((2 * (50_000 + opts.stallSeconds * 1000)) / opts.jobs);
    const client = async () => {
      for (;;) {
        const n = next++;
        if (n >= opts.jobs) return;
        const caption = `drill ${process.pid} post ${n}`;
        const body = JSON.stringify({
          accountIds: [accounts[n % accounts.length]],
          posts: [caption],
          video: tiktokVideoRequest(mediaId),
        });
        for (;;) {
          let res: Response;
          const sent = Date.now();
          try {
            res = await fetch(`${baseUrl}/api/v1/posts`, { method: "POST", headers, body, signal: AbortSignal.timeout(30_000) });
            timings.push({ door: "REST POST /api/v1/posts", sent, ms: Date.now() - sent, status: statusOf(res) });
          } catch (err) {
            if ((err as Error).name === "TimeoutError") fail(`POST /api/v1/posts was not answered within 30 s`);
            cutByKill++; // the web process is down (killed, restarting): try again
            await sleep(250);
            continue;
          }
          answers[res.status] = (answers[res.status] ?? 0) + 1;
          const json = (await res.json()) as { results?: { jobId?: string }[] };
          if (res.status === 503 || res.status === 429) {
            await sleep(Number(res.headers.get("retry-after") ?? "1") * 200);
            continue;
          }
          const jobId = json.results?.[0]?.jobId;
          if (res.status === 202 && jobId) accepted.set(jobId, caption);
          break;
        }
        await sleep(pauseMs);
      }
    };
    const load = Promise.all([client(), client()]);

    // The faults, one after another, each waited out without help.
    const pgDir = path.join(dataDir, "postgres");
    const postmasterPid = () => Number(fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]);
    const dbPort = Number(fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[3]);
    const recoverySeconds: Record<string, number> = {};
    const timed = async (name: string, fault: () => Promise<void>, back: () => Promise<boolean>) => {
      await sleep(3_000);
      const started = Date.now();
      say(`fault: ${name}`);
      await fault();
      await until(back, 120_000);
      recoverySeconds[name] = Math.round((Date.now() - started) / 100) / 10;
      say(`  answered again after ${recoverySeconds[name]} s`);
    };
    let stoppedPostmaster = 0;
    const stopDatabase = (signal: NodeJS.Signals) => process.kill((stoppedPostmaster = postmasterPid()), signal);
    // back: a new postmaster runs and the service answers through it
    const databaseBack = async () => {
      try {
        if (postmasterPid() === stoppedPostmaster) return false;
      } catch {
        return false; // no postmaster.pid: not started yet
      }
      return health(baseUrl);
    };
    // The killed processes go first: a fault after the database's would help it recover (a killed
    // worker's jobs are freed), and the database's must be outlived by the running worker itself.
    const workerPid = childPid(launcher.pid!, "worker.ts");
    await timed(
      "worker SIGKILL",
      async () => void process.kill(workerPid, "SIGKILL"),
      async () => {
        const pid = childPid(launcher.pid!, "worker.ts", false);
        return pid !== undefined && pid !== workerPid;
      },
    );
    await timed(
      "web SIGKILL",
      async () => void process.kill(childPid(launcher.pid!, "web-server.ts"), "SIGKILL"),
      () => health(baseUrl),
    );
    await timed("database fast shutdown", async () => void stopDatabase("SIGINT"), databaseBack);
    await timed("database smart shutdown", async () => void stopDatabase("SIGTERM"), databaseBack);
    await timed(
      "database down for 10 s",
      async () => {
        stopDatabase("SIGINT");
        const pid = stoppedPostmaster;
        await until(async () => !processAlive(pid), 30_000);
        // Hold its port so the launcher cannot bring it back before 10 s have passed.
        const blocker = net.createServer((socket) => socket.destroy());
        await new Promise<void>((resolve) => blocker.listen(dbPort, "127.0.0.1", resolve));
        await sleep(10_000);
        await new Promise((resolve) => blocker.close(resolve));
      },
      databaseBack,
    );
    // Reachable but not answering: the postmaster and every backend stopped (SIGSTOP), as a hung
    // host or a paused VM leaves it; connections still open (the kernel's backlog). Meanwhile every
    // door is asked steadily: each must answer (503 with Retry-After, or success) within 6 s.
    const session = await dashboardSignIn(baseUrl, email, password);
    const probes: Promise<void>[] = [];
    const probe = (door: string, request: () => Promise<string>) => {
      const sent = Date.now();
      probes.push(
        request().then(
          (status) => void timings.push({ door, sent, ms: Date.now() - sent, status }),
          () => void timings.push({ door, sent, ms: Date.now() - sent, status: "no answer" }),
        ),
      );
    };
    const askEveryDoor = () => {
      const signal = AbortSignal.timeout(30_000);
      probe("REST GET /api/v1/accounts", () => fetch(`${baseUrl}/api/v1/accounts`, { headers, signal }).then(statusOf));
      // a tool's failure is a tool result (isError) in a 200: its code is what the agent reads
      probe("MCP list_accounts", async () => {
        const res = await fetch(`${baseUrl}/api/mcp`, {
          method: "POST",
          headers: { ...headers, Accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_accounts", arguments: {} } }),
          signal,
        });
        const text = await res.text();
        return res.status === 200 && text.includes('\\"code\\":\\"SERVICE_UNAVAILABLE\\"') ? "tool error SERVICE_UNAVAILABLE" : statusOf(res);
      });
      probe("tRPC accounts.list", () => fetch(`${baseUrl}/api/trpc/accounts.list`, { headers: { Cookie: session }, signal }).then(statusOf));
      probe("GET /api/health", () => fetch(`${baseUrl}/api/health`, { signal }).then(statusOf));
    };
    await timed(
      `database stalled ${opts.stallSeconds} s`,
      async () => {
        const postmaster = postmasterPid();
        process.kill(postmaster, "SIGSTOP"); // first, so that it forks no backend we would miss
        const stopped = [postmaster, ...childPids(postmaster)];
        for (const pid of stopped.slice(1)) signalIfAlive(pid, "SIGSTOP");
        stallWindow.from = Date.now();
        while (Date.now() - stallWindow.from < opts.stallSeconds * 1000) {
          askEveryDoor();
          await sleep(500);
        }
        stallWindow.to = Date.now();
        // backends first: a resumed postmaster reaps children that were already exiting
        for (const pid of stopped.reverse()) signalIfAlive(pid, "SIGCONT");
        await Promise.all(probes);
      },
      () => health(baseUrl),
    );
    const stall = stallReport(opts.stallSeconds, timings, stallWindow);
    say(`while stalled: ${JSON.stringify(stall)}`);

    await load;
    say(`load done: ${accepted.size} accepted; answers ${JSON.stringify(answers)}`);

    // Every accepted job must end by itself.
    const ids = [...accepted.keys()];
    const finished = async () => {
      const rows = await db.publishJob.groupBy({ by: ["status"], where: { id: { in: ids } }, _count: true });
      return rows.filter((r) => TERMINAL.includes(r.status)).reduce((n, r) => n + r._count, 0) === ids.length;
    };
    await until(finished, 180_000).catch(() => say("some jobs did not finish within 180 s"));
    const jobs = await db.publishJob.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, errorCode: true } });
    const byStatus: Record<string, number> = {};
    for (const j of jobs) {
      const key = j.errorCode ? `${j.status} ${j.errorCode}` : j.status;
      byStatus[key] = (byStatus[key] ?? 0) + 1;
    }
    const posts = (await (await fetch(`${sandboxUrl}/_sandbox/posts?provider=tiktok`)).json()).posts as { text: string }[];
    const postsByText = new Map<string, number>();
    for (const p of posts) postsByText.set(p.text, (postsByText.get(p.text) ?? 0) + 1);
    const report: FaultDrillReport = {
      accepted: ids.length,
      byStatus,
      lost: ids.length - jobs.length,
      leftUnfinished: jobs.filter((j) => !TERMINAL.includes(j.status)).length,
      duplicates: [...postsByText.values()].filter((n) => n > 1).length,
      publishedWithoutPost: jobs.filter((j) => j.status === "published" && postsByText.get(accepted.get(j.id)!) !== 1).length,
      answers,
      serverErrors: Object.entries(answers)
        .filter(([s]) => Number(s) >= 500 && s !== "503")
        .reduce((n, [, c]) => n + c, 0),
      cutByKill,
      recoverySeconds,
      stall,
    };
    await closeDb();
    await database.stop();
    return report;
  } finally {
    launcher.kill("SIGTERM");
    await Promise.race([launcherExit, sleep(30_000)]);
    if (launcher.exitCode === null && launcher.signalCode === null) launcher.kill("SIGKILL");
    launcherLog.end();
    if (!process.env.DRILL_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function health(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

type Timing = { door: string; sent: number; ms: number; status: string };

/** An answer's status, "503 without Retry-After" apart. */
function statusOf(res: Response): string {
  return res.status === 503 && !res.headers.get("retry-after") ? "503 without Retry-After" : String(res.status);
}

/** The answers to requests sent while the database was stalled; health must answer within 2 s, the others within 6 s. */
function stallReport(seconds: number, timings: Timing[], window: { from: number; to: number }): StallReport {
  const report: StallReport = { seconds, answers: {}, maxMs: {}, late: 0 };
  for (const t of timings.filter((t) => t.sent >= window.from && t.sent < window.to)) {
    const byStatus = (report.answers[t.door] ??= {});
    byStatus[t.status] = (byStatus[t.status] ?? 0) + 1;
    report.maxMs[t.door] = Math.max(report.maxMs[t.door] ?? 0, t.ms);
    if (t.status === "no answer" || t.ms > (t.door.includes("health") ? 2_000 : 6_000)) report.late++;
  }
  return report;
}

/** The pids of a process's children. */
/** Signals a process that may have exited since it was listed (ESRCH is not a failure then). */
function signalIfAlive(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
  }
}

function childPids(parent: number): number[] {
  const out = spawnSync("ps", ["-o", "pid=", "--ppid", String(parent)], { encoding: "utf8" }).stdout;
  return out
    .split("\n")
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0);
}

/** The pid of the launcher's child running `entry`. */
function childPid(parent: number, entry: string, required = true): number {
  const out = spawnSync("ps", ["-o", "pid=,args=", "--ppid", String(parent)], { encoding: "utf8" }).stdout;
  const line = out.split("\n").find((l) => l.includes(entry));
  if (!line) {
    if (required) fail(`no ${entry} process under the launcher:\n${out}`);
    return undefined as unknown as number;
  }
  return Number(line.trim().split(/\s+/)[0]);
}

function fail(message: string): never {
  throw new Error(message);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<unknown>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(250);
  }
}

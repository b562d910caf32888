// Child processes of the launcher: their output prefixed with their name, stopped together, and
// restarted with backoff when one dies after it was up (a crash, an OOM kill, a SIGKILL), so one
// process's fault never takes the whole service down. A process that dies before it was ever up
// (a port in use, a bad configuration) fails the start instead: restarting it would only repeat
// the same error.
import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { Backoff } from "./backoff.ts";

export type Service = {
  name: string;
  /** the current process (a new one after each restart) */
  readonly child: ChildProcess;
  stop(): Promise<void>;
  /** resolves when the first process exits before it was marked up */
  exited: Promise<number | null>;
  /** from now on an exit is a fault to restart from, not a failed start */
  markUp(): void;
};

export type ServiceOptions = {
  cwd: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** after a process exited unasked (before any restart): what it held is let go at once (a worker's jobs) */
  onDeath?: (pid: number) => Promise<void>;
};

export function startService(name: string, args: string[], opts: ServiceOptions): Service {
  let up = false;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  const backoff = new Backoff();
  let resolveFirstExit!: (code: number | null) => void;
  const exited = new Promise<number | null>((resolve) => (resolveFirstExit = resolve));

  const launch = (): ChildProcess => {
    const child = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on("line", (line) => opts.log(`[${name}] ${line}`));
    }
    const startedAt = Date.now();
    child.on("exit", (code, signal) => {
      if (stopping) return;
      if (!up) return resolveFirstExit(code);
      if (opts.onDeath && child.pid !== undefined) void opts.onDeath(child.pid);
      const delay = backoff.next(Date.now() - startedAt);
      opts.log(`[launcher] the ${name} process (pid ${child.pid}) exited (${signal ?? `code ${code}`}); restarting it in ${(delay / 1000).toFixed(1)} s`);
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (stopping) return;
        service.child = launch();
        opts.log(`[launcher] the ${name} process restarted (pid ${service.child.pid})`);
      }, delay);
    });
    return child;
  };

  let stopped: Promise<void> | undefined;
  const service = {
    name,
    child: launch(),
    exited,
    markUp: () => void (up = true),
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        clearTimeout(restartTimer);
        const child = service.child;
        if (child.exitCode !== null || child.signalCode !== null) return;
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await gone;
        clearTimeout(timer);
      })()),
  };
  return service;
}

/** Resolves once `url` answers 2xx; rejects if the service exits first or after `timeoutMs`. */
export async function waitForHttp(url: string, service: Service, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void service.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${service.name} exited before it answered at ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${service.name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

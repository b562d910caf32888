// Child processes of the launcher: their output prefixed with their name, stopped together.
import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";

export type Service = { name: string; child: ChildProcess; stop(): Promise<void>; exited: Promise<number | null> };

export function startService(
  name: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; log: (line: string) => void },
): Service {
  const child = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on("line", (line) => opts.log(`[${name}] ${line}`));
  }
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    })());
  return { name, child, stop, exited };
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

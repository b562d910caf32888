// One more web process of the test stack's installation, started as an operator would:
// `npm run web` with PORT (and the stack's database and data directory), plus any variables a
// test sets (short deadlines, say). Resolves once it answers /api/health.
import { spawn } from "node:child_process";
import readline from "node:readline";
import { inject } from "vitest";
import { freePort } from "../runtime/embedded-postgres.ts";

export type WebProcess = { url: string; log: string[]; stop(): Promise<void> };

export async function startWebProcess(variables: Record<string, string> = {}): Promise<WebProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  // its own process group, so that stop() reaches npm, tsx and node alike
  const child = spawn("npm", ["run", "--silent", "web"], {
    cwd: process.cwd(),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATABASE_URL: inject("databaseUrl"),
      POSTEADY_EMBEDDED_DATABASE: "1",
      DATA_DIR: inject("dataDir"),
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      ...variables,
    },
  });
  for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on("line", (line) => log.push(line));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run web exited (code ${child.exitCode}):\n${log.join("\n")}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm run web did not answer at ${url} within 120 s:\n${log.join("\n")}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { url, log, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
}

// `npm run worker` beside `npm start` on one machine: no DATABASE_URL, the same DATA_DIR. It must
// find the installation's embedded database as the launcher does, and stop cleanly.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { expect, inject, it } from "vitest";
import { tsxArgs } from "../runtime/stack.ts";

it("a worker started with only DATA_DIR finds the embedded database, runs, and stops on SIGTERM", { timeout: 120_000 }, async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: inject("dataDir"), LOG_LEVEL: "info", WORKER_CONCURRENCY: "2" };
  delete env.DATABASE_URL;
  delete env.POSTEADY_EMBEDDED_DATABASE;
  const worker = spawn(process.execPath, [...tsxArgs(process.cwd()), path.resolve("server/jobs/worker.ts")], { env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  for (const stream of [worker.stdout, worker.stderr]) readline.createInterface({ input: stream }).on("line", (l) => lines.push(l));
  const exited = new Promise<number | null>((resolve) => worker.once("exit", resolve));
  const deadline = Date.now() + 90_000;
  while (!lines.some((l) => l.includes("worker started")) && worker.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  expect(lines.join("\n")).toContain("worker started");
  expect(lines.join("\n")).not.toContain("DATABASE_URL is not set");
  worker.kill("SIGTERM");
  expect(await exited).toBe(0);
});

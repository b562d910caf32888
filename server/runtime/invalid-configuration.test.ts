// `npm start`, `npm run worker` and the CLI, as an operator runs them with a typo in a variable:
// each stops at once (exit 1) with the configuration's message on stderr and no stack trace.
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { tsxArgs } from "./stack.ts";

async function run(entry: string[], vars: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...tsxArgs(process.cwd()), ...entry], { env: { ...process.env, ...vars }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  // a process the check failed to stop would go on starting: stop it, and the test fails on its code
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, stderr };
}

const entries: [string, string[]][] = [
  ["npm start", [path.resolve("server/runtime/start.ts")]],
  ["npm run worker", [path.resolve("server/jobs/worker.ts")]],
  ["the CLI", [path.resolve("server/cli/index.ts"), "keys", "list", "--workspace", "00000000-0000-0000-0000-000000000000"]],
];

it.each(entries)("%s with a malformed variable exits 1, naming it and what is allowed", { timeout: 60_000 }, async (_, entry) => {
  const worker = await run(entry, { WORKER_CONCURRENCY: "0" });
  expect(worker.code).toBe(1);
  expect(worker.stderr).toBe('Invalid configuration:\n  WORKER_CONCURRENCY: expected a whole number, at least 1 (got "0")\n');

  const lease = await run(entry, { PUBLISH_LEASE_SECONDS: "abc", STORAGE_DRIVER: "s4" });
  expect(lease.code).toBe(1);
  expect(lease.stderr).toContain('  PUBLISH_LEASE_SECONDS: expected a number of seconds greater than 0 (got "abc")\n');
  expect(lease.stderr).toContain('  STORAGE_DRIVER: Invalid option: expected one of "local"|"s3" (got "s4")\n');
  expect(lease.stderr).not.toMatch(/^\s+at /m);
});

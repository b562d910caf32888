// Ctrl+C on `npm start`: the terminal signals the whole process group (the launcher, its
// services and the embedded PostgreSQL at once), and the launcher must stop them all without
// taking the database's own exit for a crash ("starting it again in 1.0 s", issue 47).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, inject, it } from "vitest";
import { freePort } from "./embedded-postgres.ts";

it("npm start stops on SIGINT to its process group, restarting nothing and leaving nothing running", { timeout: 180_000 }, async () => {
  const dataDir = path.join(inject("dataDir"), "ctrl-c");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    LOG_LEVEL: "info",
  };
  for (const name of ["DATABASE_URL", "POSTEADY_EMBEDDED_DATABASE", "PUBLIC_URL", "SANDBOX_URL"]) delete env[name];
  // `npm start` itself (npm, sh, tsx, then the launcher, which tsx hands the signal on to, after
  // the database got it), in a process group of its own, as a terminal runs a command
  const launcher = spawn("npm", ["start"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [launcher.stdout, launcher.stderr]) stream.on("data", (d: Buffer) => (output += d.toString()));
  // "close", not "exit": the last lines ("Stopping…") may still be in the pipes when the process ends
  const exited = new Promise<string>((resolve) => launcher.once("close", (code, signal) => resolve(signal ?? `code ${code}`)));
  const deadline = Date.now() + 150_000;
  while (!output.includes("Press Ctrl+C to stop.") && launcher.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  expect(output).toContain("Press Ctrl+C to stop.");
  process.kill(-launcher.pid!, "SIGINT");
  // npm hands the signal on and then ends by it, as a shell expects of a command stopped by Ctrl+C
  expect(["code 0", "SIGINT"], output).toContain(await exited);
  expect(output).toContain("Stopping…");
  expect(output).not.toMatch(/starting it again|restarting it/);
  // and nothing of it is left running (kill(-pgid, 0) fails once the group is empty)
  await expect.poll(() => groupAlive(launcher.pid!), { timeout: 15_000 }).toBe(false);
});

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

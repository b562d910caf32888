// Builds the n8n node package (n8n-nodes-posteady/) the way its authors do: its own install, then
// n8n's node tooling: `n8n-node lint` (fails the test on any finding) and `n8n-node build`.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

export const packageDir = path.resolve(import.meta.dirname, "../n8n-nodes-posteady");

const run = promisify(execFile);

async function npm(args: string[], cwd: string) {
  try {
    return await run("npm", args, { cwd, maxBuffer: 64 * 1024 * 1024, env: toolEnv() });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm ${args.join(" ")} failed in ${cwd}:\n${stdout}\n${stderr}`.slice(-20_000));
  }
}

// The environment of a shell, for n8n's tools and n8n itself: vitest's NODE_ENV=test switches
// n8n's lint plugin to its own test mode (it judges every file by a fixed name), and vitest's
// NODE_OPTIONS loaders must not reach them.
export function toolEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: "0" };
  for (const name of Object.keys(env)) if (name === "NODE_ENV" || name === "NODE_OPTIONS" || name.startsWith("VITEST")) delete env[name];
  return env;
}

/**
 * Installs the package's development dependencies when its lock changed (install scripts off:
 * one of n8n's lint plugins runs `only-allow pnpm` on install), then lints and builds it.
 */
export async function buildNodePackage(): Promise<void> {
  await installWhenStale(packageDir);
  await npm(["run", "lint"], packageDir);
  await npm(["run", "build"], packageDir);
}

/** `npm ci --ignore-scripts` in `dir` unless its node_modules was installed from this very lock. */
export async function installWhenStale(dir: string): Promise<void> {
  const lock = crypto
    .createHash("sha256")
    .update(fs.readFileSync(path.join(dir, "package-lock.json")))
    .digest("hex");
  const marker = path.join(dir, "node_modules/.installed-from-lock");
  if (fs.existsSync(marker) && fs.readFileSync(marker, "utf8") === lock) return;
  await npm(["ci", "--ignore-scripts", "--no-audit", "--no-fund"], dir);
  fs.writeFileSync(marker, lock);
}

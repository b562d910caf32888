// `npm test`: vitest and the Playwright browser tests side by side. Each starts its own test stack
// on its own data directory (its own embedded PostgreSQL, sandbox and ports), so they share only
// the dashboard's build, made once here first (both would build it otherwise). Much of either
// suite waits on its stack rather than on a core, so together they take about as long as the
// longer one (docs/testing.md). Each line is prefixed with the suite it comes from; the exit code
// is non-zero if either fails. `npm run test:unit` and `npm run test:e2e` run one of them.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { ensureBuild } from "../server/runtime/build.ts";

const root = path.resolve(import.meta.dirname, "..");
await ensureBuild(root, (line) => console.log(line));

function suite(name: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npx", args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const [unit, e2e] = await Promise.all([
  suite("vitest", ["vitest", "run"], {}),
  suite("e2e", ["playwright", "test"], { DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e" }),
]);
console.log(`vitest ${unit === 0 ? "passed" : `failed (exit ${unit})`}; Playwright ${e2e === 0 ? "passed" : `failed (exit ${e2e})`}`);
process.exit(unit === 0 && e2e === 0 ? 0 : 1);

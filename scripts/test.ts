// `npm test`: three suites side by side: vitest's long app tests (drills, the CLI, `npm start`:
// server/testing/long-tests.ts), the rest of vitest, and the Playwright browser tests. Each starts
// its own test stack on its own data directory (its own embedded PostgreSQL, sandbox and ports),
// so they share only the dashboard's build, made once here first (each would build it
// otherwise). Most of each suite waits on its stack rather than on a core, so together they take
// about as long as the longest (docs/testing.md). Each line is prefixed with the suite it comes
// from; the exit code is non-zero if any fails, and the last lines name what failed (CI keeps
// only the tail of the output). `npm run test:unit` (all of vitest, one file at a
// time) and `npm run test:e2e` run one alone.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { stripVTControlCharacters } from "node:util";
import { ensureBuild } from "../server/runtime/build.ts";

const root = path.resolve(import.meta.dirname, "..");
await ensureBuild(root, (line) => console.log(line));

// Lines of vitest's and Playwright's reports that name a failed test or file.
const failureLine = /^\s*(FAIL\s|×\s|✘\s|\d+\) \[)|Unhandled (Error|Rejection)/;
const failures: string[] = [];

function suite(name: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npx", args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on("line", (line) => {
        console.log(`[${name}] ${line}`);
        const plain = stripVTControlCharacters(line);
        if (failureLine.test(plain)) failures.push(`[${name}] ${plain.trim().slice(0, 300)}`);
      });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const suites = {
  "vitest long": suite("vitest long", ["vitest", "run", "--project", "app"], { TEST_GROUP: "long", DATA_DIR: ".data/test-long" }),
  vitest: suite("vitest", ["vitest", "run"], { TEST_GROUP: "rest" }),
  e2e: suite("e2e", ["playwright", "test"], { DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e" }),
};
const codes = await Promise.all(
  Object.entries(suites).map(async ([name, done]) => {
    const code = await done;
    console.log(`${name} ${code === 0 ? "passed" : `failed (exit ${code})`} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return code;
  }),
);
const passed = codes.every((code) => code === 0);
if (!passed) {
  console.log("What failed (the first 40 such lines, in order):");
  for (const line of [...new Set(failures)].slice(0, 40)) console.log(`  ${line}`);
}
process.exit(passed ? 0 : 1);

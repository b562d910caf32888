// The live suite's setup, once per run: with LIVE_TARGET=sandbox, a local sandbox and one
// sandbox account per platform whose token is not set; then the plan, printing one line per
// platform that will not run. Workers receive the resulting environment.
import type { TestProject } from "vitest/node";
import { resetPlatformConfig } from "../platforms/config.ts";
import { startSandbox } from "../sandbox/app.ts";
import { providerModules } from "../sandbox/provider-modules.ts";
import { freePort } from "../runtime/embedded-postgres.ts";
import { livePlan, tokenVariables } from "./live-env.ts";
import { liveVariables, sandboxAccounts } from "./sandbox-accounts.ts";

declare module "vitest" {
  export interface ProvidedContext {
    liveEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  let close = async () => {};
  if (process.env.LIVE_TARGET === "sandbox") {
    process.env.PLATFORMS = "sandbox";
    // A sandbox of our own unless SANDBOX_URL names one (e.g. `npm run sandbox`).
    const own = !process.env.SANDBOX_URL;
    if (own) {
      const sandbox = await startSandbox({ port: await freePort(), modules: providerModules });
      process.env.SANDBOX_URL = sandbox.url;
      close = () => sandbox.close();
    }
    resetPlatformConfig();
    const missing = livePlan()
      .skipped.map((s) => s.provider)
      .filter((p) => !process.env[tokenVariables[p]]);
    try {
      Object.assign(process.env, liveVariables(await sandboxAccounts(missing, { linkedinReads: own })));
    } catch (err) {
      await close();
      throw err;
    }
  } else if (process.env.LIVE_TARGET !== undefined && process.env.LIVE_TARGET !== "live") {
    throw new Error(`LIVE_TARGET is "sandbox" or unset, not "${process.env.LIVE_TARGET}"`);
  }
  const plan = livePlan();
  if (process.env.LIVE_RECORD === "1" && plan.sandbox && !process.env.LIVE_RECORD_DIR) {
    throw new Error("LIVE_RECORD=1 against the sandbox needs LIVE_RECORD_DIR: the fixture directories hold real platforms' answers");
  }
  const out = [`live: target ${plan.sandbox ? `the sandbox at ${process.env.SANDBOX_URL ?? "(default URL)"}` : "the real platforms"}`];
  out.push(...plan.skipped.map((s) => s.line));
  if (plan.run.length === 0) out.push("live: no platform credentials set, nothing to run");
  process.stdout.write(`${out.join("\n")}\n`);
  const liveEnv = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && /^(LIVE_|PLATFORMS$|SANDBOX_URL$)/.test(e[0])),
  );
  project.provide("liveEnv", liveEnv);
  return close;
}
